/**
 * Complete asks first: completing a job cannot be undone (it writes the job's draft quote and
 * tells the customer), and its button sits beside the other steps, one slip of a thumb away.
 * The dialog names what the job's field record still lacks (four corners photographed at pickup
 * and at drop-off, both signatures: `completionGaps`), so nobody completes a job without
 * knowing. It never blocks: the driver decides.
 */
import { Alert, Button, Group, List, Modal, Stack, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { completionGaps, documentRef, type NumberedRow } from '@pilbara/shared-schema';
import { useFieldRecord } from './field-record/use-field-record';

const COMPLETE_TEXT = {
  /** Named by the job's number, as on its card; its key until the server gives one. */
  title: (jobRef: string) => `Complete ${jobRef}?`,
  body: 'The customer is told the job is done and its draft quote is written. This cannot be undone.',
  lacking: 'The job’s record still lacks:',
  confirm: 'Complete job',
  cancel: 'Not yet',
} as const;

export function CompleteJobDialog({
  job,
  opened,
  onConfirm,
  onClose,
}: {
  job: NumberedRow & { id: string };
  opened: boolean;
  onConfirm: () => void;
  onClose: () => void;
}) {
  const record = useFieldRecord(job.id);
  const gaps = record ? completionGaps(record.photos, record.signatures) : [];
  return (
    <Modal opened={opened} onClose={onClose} title={COMPLETE_TEXT.title(documentRef(job))} centered>
      <Stack gap="md">
        <Text size="sm">{COMPLETE_TEXT.body}</Text>
        {gaps.length > 0 && (
          <Alert
            color="yellow"
            variant="light"
            icon={<IconAlertTriangle size={18} aria-hidden />}
            data-testid="completion-gaps"
          >
            <Text size="sm" fw={600}>
              {COMPLETE_TEXT.lacking}
            </Text>
            <List size="sm">
              {gaps.map((gap) => (
                <List.Item key={gap}>{gap}</List.Item>
              ))}
            </List>
          </Alert>
        )}
        <Group justify="flex-end" gap="xs">
          <Button variant="default" onClick={onClose}>
            {COMPLETE_TEXT.cancel}
          </Button>
          <Button
            color="green"
            onClick={() => {
              onClose();
              onConfirm();
            }}
          >
            {COMPLETE_TEXT.confirm}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
