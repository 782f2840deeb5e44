/** A change two devices made to the same record, with both versions and the choice per part. */
import { useState } from 'react';
import { Alert, Button, Group, SegmentedControl, Stack, Text } from '@mantine/core';
import { useLiveQuery } from 'dexie-react-hooks';
import {
  documentRef,
  shownId,
  conflictPartLabel,
  conflictValueText,
  type ConflictChoice,
  type RecordConflict,
} from '@pilbara/shared-schema';
import { db, resolveConflict, type SyncIssue } from '../../sync';
import { ActionError, BothValues } from './both-values';
import { mutationLabel } from './mutation-labels';

/**
 * A conflict: the other owner's value and this device's, side by side, per part. Keep mine puts
 * every part of this device back, keep theirs leaves the record as it is, merge takes the
 * choice made on each row.
 */
/** The record in conflict as people name it: its number once this device has it, never its key. */
function useConflictRef(conflict: RecordConflict): string {
  return (
    useLiveQuery(async () => {
      const row = (await db.visible(conflict.entity).get(conflict.id)) as
        { id: string | number; number?: string | null } | undefined;
      return row && 'number' in row ? documentRef(row) : shownId(conflict.id);
    }, [conflict.entity, conflict.id]) ?? shownId(conflict.id)
  );
}

export function ConflictItem({ issue, conflict }: { issue: SyncIssue; conflict: RecordConflict }) {
  const ref = useConflictRef(conflict);
  const [choices, setChoices] = useState<Record<string, ConflictChoice>>(() =>
    Object.fromEntries(conflict.parts.map((part) => [part.path, 'theirs' as ConflictChoice])),
  );
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const settle = async (chosen: Record<string, ConflictChoice>) => {
    setBusy(true);
    const result = await resolveConflict(issue.id, chosen);
    setBusy(false);
    setError(result.ok ? null : result.message);
  };
  const all = (side: ConflictChoice) =>
    Object.fromEntries(conflict.parts.map((part) => [part.path, side]));
  return (
    <Alert
      color="orange"
      variant="light"
      title={`${mutationLabel(issue.name)} · ${ref} · changed on two devices`}
      data-testid="sync-conflict"
    >
      <Stack gap={6}>
        <Text size="sm">{issue.message}</Text>
        {/* One block per part, the two versions one under the other and the choice full
            width: a four-column table would cut "Mine | The…" on a phone. */}
        <Stack gap="xs" role="list" aria-label="Both versions">
          {conflict.parts.map((part) => (
            <BothValues
              key={part.path}
              testId="conflict-part"
              label={conflictPartLabel(part)}
              first={['Yours', conflictValueText(part.mine)]}
              second={['Theirs (saved now)', conflictValueText(part.theirs)]}
            >
              <SegmentedControl
                fullWidth
                size="sm"
                aria-label={`Keep for ${conflictPartLabel(part)}`}
                value={choices[part.path] ?? 'theirs'}
                onChange={(value) =>
                  setChoices((prev) => ({ ...prev, [part.path]: value as ConflictChoice }))
                }
                data={[
                  { value: 'mine', label: 'Mine' },
                  { value: 'theirs', label: 'Theirs' },
                ]}
              />
            </BothValues>
          ))}
        </Stack>
        <ActionError message={error} />
        <Group gap="xs">
          <Button size="sm" onClick={() => void settle(all('mine'))} loading={busy}>
            Keep mine
          </Button>
          <Button size="sm" variant="default" onClick={() => void settle(all('theirs'))}>
            Keep theirs
          </Button>
          <Button size="sm" variant="light" onClick={() => void settle(choices)} loading={busy}>
            Merge as chosen
          </Button>
        </Group>
      </Stack>
    </Alert>
  );
}
