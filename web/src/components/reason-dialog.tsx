/**
 * Asks why, before a booking is declined or a job cancelled: a short list to pick from, or
 * "Other" and the staff member's own words. The customer is told the reason word for word (by
 * text and email), so it is checked with the same rule the server applies (`reasonSchema`) and
 * its message shows under the field. Shared by the admin panel and the driver's screen.
 */
import { useState } from 'react';
import { Button, Group, Modal, Radio, Stack, Text, TextInput } from '@mantine/core';
import { OTHER_REASON, REASON_MAX, reasonSchema } from '@pilbara/shared-schema';

export function ReasonDialog({
  title,
  body,
  reasons,
  confirmLabel,
  onConfirm,
  onClose,
}: {
  title: string;
  /** What happens when confirmed (who is told what). */
  body: string;
  reasons: readonly string[];
  confirmLabel: string;
  /** Resolves null when done, else the message to show (the dialog stays open). */
  onConfirm: (reason: string) => Promise<string | null>;
  onClose: () => void;
}) {
  const [choice, setChoice] = useState<string>(reasons[0] ?? OTHER_REASON);
  const [other, setOther] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const confirm = async () => {
    const parsed = reasonSchema.safeParse(choice === OTHER_REASON ? other : choice);
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? null);
      return;
    }
    setSaving(true);
    const problem = await onConfirm(parsed.data);
    setSaving(false);
    if (problem) setError(problem);
    else onClose();
  };
  return (
    <Modal opened onClose={onClose} title={title} centered>
      <Stack gap="sm">
        <Text size="sm">{body}</Text>
        <Radio.Group
          label="Reason"
          value={choice}
          onChange={(value) => {
            setChoice(value);
            setError(null);
          }}
        >
          <Stack gap={6} mt={4}>
            {[...reasons, OTHER_REASON].map((reason) => (
              <Radio key={reason} value={reason} label={reason} />
            ))}
          </Stack>
        </Radio.Group>
        {choice === OTHER_REASON && (
          <TextInput
            label="Your reason"
            maxLength={REASON_MAX}
            value={other}
            onChange={(event) => {
              setOther(event.currentTarget.value);
              setError(null);
            }}
            data-autofocus
          />
        )}
        {error && (
          <Text size="sm" c="red.8" role="alert">
            {error}
          </Text>
        )}
        <Group justify="flex-end" gap="xs">
          <Button variant="default" onClick={onClose}>
            Back
          </Button>
          <Button color="red" loading={saving} onClick={() => void confirm()}>
            {confirmLabel}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
