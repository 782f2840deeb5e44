/**
 * The "needs attention" list (DESIGN §5): every change the server refused, with its reason and
 * the original data, so staff can fix the cause and retry, or discard it. Nothing rejected is
 * ever dropped silently.
 */
import { Alert, Button, Code, Group, Stack, Text } from '@mantine/core';
import { useLiveQuery } from 'dexie-react-hooks';
import { useState } from 'react';
import { db, discardIssue, retryIssue, type SyncIssue } from '../../sync';
import { mutationLabel, mutationSubject } from './mutation-labels';

function IssueItem({ issue }: { issue: SyncIssue }) {
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
