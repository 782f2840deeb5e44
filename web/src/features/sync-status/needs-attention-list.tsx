/**
 * The "needs attention" list (DESIGN §5): every change the server refused, with its reason and
 * the original data, so staff can fix the cause and retry, or discard it. Nothing rejected is
 * ever dropped silently.
 */
import { Alert, Button, Code, Group, SegmentedControl, Stack, Table, Text } from '@mantine/core';
import { useLiveQuery } from 'dexie-react-hooks';
import { useState } from 'react';
import {
  conflictPartLabel,
  conflictValueText,
  type ConflictChoice,
  type RecordConflict,
} from '@pilbara/shared-schema';
import { db, discardIssue, resolveConflict, retryIssue, type SyncIssue } from '../../sync';
import { mutationLabel, mutationSubject } from './mutation-labels';

/**
 * A conflict: the other owner's value and this device's, side by side, per part. Keep mine puts
 * every part of this device back, keep theirs leaves the record as it is, merge takes the
 * choice made on each row.
 */
function ConflictItem({ issue, conflict }: { issue: SyncIssue; conflict: RecordConflict }) {
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
      title={`${mutationLabel(issue.name)} · ${String(conflict.id)} · changed on two devices`}
      data-testid="sync-conflict"
    >
      <Stack gap={6}>
        <Text size="sm">{issue.message}</Text>
        <Table withTableBorder layout="fixed" fz="sm" aria-label="Both versions">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>What</Table.Th>
              <Table.Th>Yours</Table.Th>
              <Table.Th>Theirs (saved now)</Table.Th>
              <Table.Th>Keep</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {conflict.parts.map((part) => (
              <Table.Tr key={part.path} data-testid="conflict-part">
                <Table.Td>{conflictPartLabel(part)}</Table.Td>
                <Table.Td>{conflictValueText(part.mine)}</Table.Td>
                <Table.Td>{conflictValueText(part.theirs)}</Table.Td>
                <Table.Td>
                  <SegmentedControl
                    size="xs"
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
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
        {error && (
          <Text size="sm" c="red" role="alert">
            {error}
          </Text>
        )}
        <Group gap="xs">
          <Button size="xs" onClick={() => void settle(all('mine'))} loading={busy}>
            Keep mine
          </Button>
          <Button size="xs" variant="default" onClick={() => void settle(all('theirs'))}>
            Keep theirs
          </Button>
          <Button size="xs" variant="light" onClick={() => void settle(choices)} loading={busy}>
            Merge as chosen
          </Button>
        </Group>
      </Stack>
    </Alert>
  );
}

function IssueItem({ issue }: { issue: SyncIssue }) {
  if (issue.conflict) return <ConflictItem issue={issue} conflict={issue.conflict} />;
  return <RejectedItem issue={issue} />;
}

function RejectedItem({ issue }: { issue: SyncIssue }) {
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const subject = mutationSubject(issue.args);
  const retry = async () => {
    setBusy(true);
    const result = await retryIssue(issue.id);
    setBusy(false);
    setError(result.ok ? null : result.message);
  };
  return (
    <Alert
      color="red"
      variant="light"
      title={`${mutationLabel(issue.name)}${subject ? ` · ${subject}` : ''}`}
      data-testid="sync-issue"
    >
      <Stack gap={6}>
        <Text size="sm">{issue.message}</Text>
        <Text size="xs" c="dimmed">
          Made {new Date(issue.createdAt).toLocaleString('en-AU', { timeZone: 'Australia/Perth' })}
        </Text>
        <Code block>{JSON.stringify(issue.args, null, 2)}</Code>
        {error && (
          <Text size="sm" c="red" role="alert">
            {error}
          </Text>
        )}
        <Group gap="xs">
          <Button size="xs" onClick={() => void retry()} loading={busy}>
            Retry
          </Button>
          <Button size="xs" variant="default" onClick={() => void discardIssue(issue.id)}>
            Discard
          </Button>
        </Group>
      </Stack>
    </Alert>
  );
}

/** Every rejected change on this device, oldest first; renders nothing when there are none. */
export function NeedsAttentionList() {
  const issues = useLiveQuery(() => db.syncIssues.orderBy('createdAt').toArray(), []) ?? [];
  if (issues.length === 0) return null;
  return (
    <Stack gap="sm" data-testid="needs-attention">
      <Text fw={600}>
        {issues.length === 1
          ? '1 change needs attention'
          : `${issues.length} changes need attention`}
      </Text>
      {issues.map((issue) => (
        <IssueItem key={issue.id} issue={issue} />
      ))}
    </Stack>
  );
}
