/**
 * The arrival estimate on a job card: what the customer's tracking link and texts say now (the
 * shared rule, rules/arrival.ts, from the truck's position or the depot), and "Set by hand" for
 * when the office knows better (roadworks, a detour). A hand-set estimate holds until the job's
 * next step; "Use the distance" hands it back to the rule at once.
 */
import { useEffect, useState } from 'react';
import { Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { IconClockEdit } from '@tabler/icons-react';
import {
  arrivalEstimate,
  arrivalText,
  documentRef,
  isFinishedStatus,
  type Job,
} from '@pilbara/shared-schema';
import { useProfile } from '../../components/profile-provider';
import { setArrivalEstimate } from './admin-actions';
import { useJobPosition } from './use-admin-data';
import classes from './admin.module.css';

export const ARRIVAL_TEXT = {
  label: 'Customer is told',
  setByHand: 'set by hand until the next step',
  edit: 'Set arrival by hand',
  title: (ref: string) => `Arrival estimate for ${ref}`,
  field: 'Arrival estimate',
  hint: 'Shown on the tracking link and in texts until the job’s next step.',
  save: 'Save',
  useRule: 'Use the distance instead',
  cancel: 'Cancel',
  max: 100,
};

/** The time now, read again every 30 s: the truck's estimate ages with its last fix. */
function useClock(): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(new Date()), 30_000);
    return () => window.clearInterval(timer);
  }, []);
  return now;
}

export function ArrivalEstimate({ job }: { job: Job }) {
  const { depot } = useProfile();
  const position = useJobPosition(job.id);
  const now = useClock();
  const [editing, setEditing] = useState(false);
  const [value, setValue] = useState('');
  const [busy, setBusy] = useState(false);
  if (isFinishedStatus(job.status)) return null;
  const manual = Boolean(job.estimatedArrival?.trim());
  const shown = arrivalText(arrivalEstimate(job, position, now, depot));
  const save = async (estimate: string | null) => {
    setBusy(true);
    const saved = await setArrivalEstimate(job.id, estimate);
    setBusy(false);
    if (saved) setEditing(false);
  };
  return (
    <Group gap="xs" wrap="wrap" align="center" data-testid="arrival-estimate">
      <Text size="sm" className={classes.detail}>
        <Text span c="dimmed">
          {ARRIVAL_TEXT.label}:{' '}
        </Text>
        <Text span fw={600} data-testid="arrival-estimate-text">
          {shown}
        </Text>
        {manual ? (
          <Text span c="dimmed">
            {' '}
            ({ARRIVAL_TEXT.setByHand})
          </Text>
        ) : null}
      </Text>
      <Button
        size="xs"
        variant="subtle"
        mih={44}
        leftSection={<IconClockEdit size={16} aria-hidden />}
        onClick={() => {
          setValue(job.estimatedArrival ?? '');
          setEditing(true);
        }}
      >
        {ARRIVAL_TEXT.edit}
      </Button>
      <Modal
        opened={editing}
        onClose={() => setEditing(false)}
        title={ARRIVAL_TEXT.title(documentRef(job))}
      >
        <form
          onSubmit={(event) => {
            event.preventDefault();
            void save(value.trim() || null);
          }}
        >
          <Stack gap="md">
            <TextInput
              label={ARRIVAL_TEXT.field}
              description={ARRIVAL_TEXT.hint}
              placeholder="e.g. 40 min, roadworks at the bridge"
              maxLength={ARRIVAL_TEXT.max}
              value={value}
              onChange={(event) => setValue(event.currentTarget.value)}
              data-autofocus
            />
            <Group justify="flex-end" gap="xs" wrap="wrap">
              {manual ? (
                <Button variant="subtle" onClick={() => void save(null)} disabled={busy}>
                  {ARRIVAL_TEXT.useRule}
                </Button>
              ) : null}
              <Button variant="default" onClick={() => setEditing(false)}>
                {ARRIVAL_TEXT.cancel}
              </Button>
              <Button type="submit" loading={busy} disabled={!value.trim()}>
                {ARRIVAL_TEXT.save}
              </Button>
            </Group>
          </Stack>
        </form>
      </Modal>
    </Group>
  );
}
