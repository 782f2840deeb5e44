/**
 * The "needs attention" list (DESIGN §5): every change the server refused, with its reason and
 * the original data, so staff can fix the cause and retry, or discard it. Nothing rejected is
 * ever dropped silently.
 */
import { Alert, Anchor, Button, Group, Paper, SegmentedControl, Stack, Text } from '@mantine/core';
import { Link } from 'react-router-dom';
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
        {/* One block per part, the two versions one under the other and the choice full
            width: a four-column table cut "Mine | The…" on a phone (issue 27). */}
        <Stack gap="xs" role="list" aria-label="Both versions">
          {conflict.parts.map((part) => (
            <Paper
              key={part.path}
              withBorder
              p="xs"
              radius="sm"
              role="listitem"
              data-testid="conflict-part"
            >
              <Stack gap={4}>
                <Text size="sm" fw={700}>
                  {conflictPartLabel(part)}
                </Text>
                <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                  <Text span fw={600}>
                    Yours:{' '}
                  </Text>
                  {conflictValueText(part.mine)}
                </Text>
                <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                  <Text span fw={600}>
                    Theirs (saved now):{' '}
                  </Text>
                  {conflictValueText(part.theirs)}
                </Text>
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
              </Stack>
            </Paper>
          ))}
        </Stack>
        {error && (
          <Text size="sm" c="red" role="alert">
            {error}
          </Text>
        )}
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

function IssueItem({ issue }: { issue: SyncIssue }) {
  if (issue.conflict) return <ConflictItem issue={issue} conflict={issue.conflict} />;
  return <RejectedItem issue={issue} />;
}

/**
 * Whether sending the same change again could succeed: not for arguments the server refused,
 * an id that is taken, a record another change already stands in for, or an unknown change.
 */
function canRetry(issue: SyncIssue): boolean {
  if (issue.related) return false;
  return !['invalid_args', 'conflict', 'unknown_mutator'].includes(issue.code);
}

/** Where a related record is seen on this device. */
function relatedHref(related: NonNullable<SyncIssue['related']>): string {
  if (related.entity === 'jobs') return `/admin#${String(related.id)}`;
  if (related.entity === 'invoices') return '/admin/quotes';
  return '/admin';
}

/** The id a refused mutation would have created, when it named one. */
function refusedId(issue: SyncIssue): string | null {
  const args = issue.args as Record<string, unknown> | null;
  const value = args?.jobId ?? args?.id;
  return typeof value === 'string' ? value : null;
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
  const refused = refusedId(issue);
  return (
    <Alert
      color="red"
      variant="light"
      title={`${mutationLabel(issue.name)}${subject ? ` · ${subject}` : ''}`}
      data-testid="sync-issue"
    >
      <Stack gap={6}>
        <Text size="sm">{issue.message}</Text>
        {issue.related && (
          <Text size="sm" data-testid="sync-issue-replacement">
            {refused && refused !== String(issue.related.id) ? `${refused} was not kept: ` : ''}
            see{' '}
            <Anchor component={Link} to={relatedHref(issue.related)} fw={600}>
              {String(issue.related.id)}
            </Anchor>
          </Text>
        )}
        <Text size="xs" c="dimmed">
          Made {new Date(issue.createdAt).toLocaleString('en-AU', { timeZone: 'Australia/Perth' })}
        </Text>
        {error && (
          <Text size="sm" c="red" role="alert">
            {error}
          </Text>
        )}
        <Group gap="xs">
          {canRetry(issue) && (
            <Button size="xs" onClick={() => void retry()} loading={busy}>
              Retry
            </Button>
          )}
          <Button size="xs" variant="default" onClick={() => void discardIssue(issue.id)}>
            {canRetry(issue) ? 'Discard' : 'OK'}
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
