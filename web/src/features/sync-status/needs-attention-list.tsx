/**
 * The "needs attention" list (docs/sync.md): every change the server refused, with its reason and
 * the original data. Nothing rejected is ever dropped silently.
 *
 * A refused change says in plain words what happened, shows what was typed (nothing
 * of it is lost), and offers only what can succeed — for a quote sent meanwhile, Copy into a new
 * draft or Send as a revised quote; Retry only when the change would apply now. And the owner
 * whose value the other owner replaced (keeping theirs in a conflict) is told here, with both
 * values and one tap to put theirs back.
 */
import { Stack, Text } from '@mantine/core';
import { useLiveQuery } from 'dexie-react-hooks';
import { db, type SyncIssue } from '../../sync';
import { ConflictItem } from './conflict-item';
import { NoticeItem, useNotices } from './notice-item';
import { RejectedItem } from './rejected-item';

function IssueItem({ issue }: { issue: SyncIssue }) {
  if (issue.conflict) return <ConflictItem issue={issue} conflict={issue.conflict} />;
  return <RejectedItem issue={issue} />;
}

/**
 * Every rejected change on this device and every notice for this owner, oldest first; renders
 * nothing when there are none.
 */
export function NeedsAttentionList({
  userId = null,
}: {
  /** The signed-in staff member: notices of their own doing are not theirs to read. */
  userId?: number | null;
}) {
  const issues = useLiveQuery(() => db.syncIssues.orderBy('createdAt').toArray(), []) ?? [];
  const notices = useNotices(userId);
  const count = issues.length + notices.length;
  if (count === 0) return null;
  return (
    <Stack gap="sm" data-testid="needs-attention">
      <Text fw={600}>
        {count === 1 ? '1 change needs attention' : `${count} changes need attention`}
      </Text>
      {notices.map((notice) => (
        <NoticeItem key={notice.id} notice={notice} />
      ))}
      {issues.map((issue) => (
        <IssueItem key={issue.id} issue={issue} />
      ))}
    </Stack>
  );
}
