/** The archive toast's message: what happened, and Undo. */
import { Button, Group, Text } from '@mantine/core';
import { ADMIN_TEXT, ADMIN_TOASTS } from './admin-text';

export function ArchivedMessage({ jobId, onUndo }: { jobId: string; onUndo: () => void }) {
  return (
    <Group gap="xs" wrap="nowrap">
      <Text size="sm">{ADMIN_TOASTS.jobDeleted(jobId)}</Text>
      <Button variant="subtle" size="compact-sm" onClick={onUndo}>
        {ADMIN_TEXT.undo}
      </Button>
    </Group>
  );
}
