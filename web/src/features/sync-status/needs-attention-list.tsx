/**
 * The "needs attention" list (DESIGN §5): every change the server refused, with its reason and
 * the original data. Nothing rejected is ever dropped silently.
 *
 * Issue 28: a refused change says in plain words what happened, shows what was typed (nothing
 * of it is lost), and offers only what can succeed — for a quote sent meanwhile, Copy into a new
 * draft or Send as a revised quote; Retry only when the change would apply now. And the owner
 * whose value the other owner replaced (keeping theirs in a conflict) is told here, with both
 * values and one tap to put theirs back.
 */
import { Alert, Anchor, Button, Group, Paper, SegmentedControl, Stack, Text } from '@mantine/core';
import { Link } from 'react-router-dom';
import { notifications } from '@mantine/notifications';
import { useLiveQuery } from 'dexie-react-hooks';
import { useState } from 'react';
import {
  REFUSED_TEXT,
  TOAST_DURATIONS,
  conflictPartLabel,
  conflictValueText,
  describeRefusal,
  documentLabel,
  documentRef,
  isNoticeFor,
  mergeNoticeSchema,
  noticeMessage,
  noticePartText,
  type ConflictChoice,
  type MergeNotice,
  type RecordConflict,
  type SyncedTable,
} from '@pilbara/shared-schema';
import {
  acceptNotice,
  canRetryIssue,
  db,
  discardIssue,
  resolveConflict,
  retryIssue,
  undoNotice,
  type SyncIssue,
} from '../../sync';
import { mutationLabel, mutationSubject } from './mutation-labels';
import { copyIntoDraft, sendAsRevision } from './refused-actions';

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
 * Whether sending the same change again could succeed: never for arguments the server refused,
 * a role that may not make it, an id that is taken, a record another change already stands in
 * for, or an unknown change; otherwise only when the change would apply now against what this
 * device holds (a dry run of the shared mutator: a step the job has passed never would).
 */
function useCanRetry(issue: SyncIssue): boolean {
  const permanent =
    Boolean(issue.related) ||
    ['invalid_args', 'conflict', 'unknown_mutator', 'forbidden'].includes(issue.code);
  return (
    useLiveQuery(async () => (permanent ? false : canRetryIssue(issue)), [issue.id, permanent]) ??
    false
  );
}

/** The table and key of the record a refused change was about (a quote's or a job's). */
function subjectOf(issue: SyncIssue): { table: SyncedTable; id: string } | null {
  const args = issue.args as Record<string, unknown> | null;
  const id = args?.id;
  if (typeof id !== 'string') return null;
  if (issue.name.startsWith('quote.')) return { table: 'quotes', id };
  if (issue.name.startsWith('job.')) return { table: 'jobs', id };
  return null;
}

/** That record as this device holds it now. */
function useSubject(issue: SyncIssue): Record<string, unknown> | undefined {
  const subject = subjectOf(issue);
  return useLiveQuery(
    async () =>
      subject
        ? ((await db.visible(subject.table).get(subject.id)) as Record<string, unknown> | undefined)
        : undefined,
    [subject?.table, subject?.id],
  );
}

/** Where a related record is seen on this device. */
function relatedHref(related: NonNullable<SyncIssue['related']>): string {
  if (related.entity === 'jobs') return `/admin#${String(related.id)}`;
  if (related.entity === 'invoices') return '/admin/quotes';
  return '/admin';
}

/** What people call the related record: its number once this device has it (issue 28). */
function useRelatedRef(related: SyncIssue['related']): string | null {
  return (
    useLiveQuery(async () => {
      if (!related) return null;
      const row = (await db.visible(related.entity).get(related.id)) as
        { id: string | number; number?: string | null } | undefined;
      return row ? documentRef(row) : String(related.id);
    }, [related?.entity, related?.id]) ?? (related ? String(related.id) : null)
  );
}

/** A refused change was dealt with: says where its work went. */
function done(message: string): void {
  notifications.show({
    title: 'Kept',
    message,
    color: 'green',
    autoClose: TOAST_DURATIONS.default,
  });
}

/** The id a refused mutation would have created, when it named one. */
function refusedId(issue: SyncIssue): string | null {
  const args = issue.args as Record<string, unknown> | null;
  const value = args?.jobId ?? args?.id;
  return typeof value === 'string' ? value : null;
}

function RejectedItem({ issue }: { issue: SyncIssue }) {
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const current = useSubject(issue);
  const retryable = useCanRetry(issue);
  const work = describeRefusal(issue, current);
  const subject = mutationSubject(issue.args);
  const act = async (key: string, action: () => Promise<{ ok: boolean; message?: string }>) => {
    setBusy(key);
    try {
      const result = await action();
      setError(result.ok ? null : (result.message ?? null));
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : String(failure));
    } finally {
      setBusy(null);
    }
  };
  const retry = () => act('retry', () => retryIssue(issue.id));
  const copy = () =>
    act('copy', async () => {
      const result = await copyIntoDraft(issue);
      // The item goes (what was typed now lives in the draft): a toast says where.
      if (result.ok)
        done(`New draft ${documentLabel({ id: result.quoteId })} holds what you typed.`);
      return result;
    });
  const revise = () =>
    act('revise', async () => {
      if (!current) return { ok: false, message: 'The quote is not on this device.' };
      const result = await sendAsRevision(issue, current);
      if (result.ok)
        done(
          result.sent
            ? `Revised quote ${documentLabel({ id: result.quoteId })} was emailed to the customer.`
            : `Revised quote ${documentLabel({ id: result.quoteId })} is saved as a draft: email it from Quotes once you are online.`,
        );
      return result;
    });
  const refused = refusedId(issue);
  const relatedRef = useRelatedRef(issue.related);
  const keepsTyped = work.actions.includes('copy-to-draft');
  return (
    <Alert
      color="red"
      variant="light"
      title={
        work.title === issue.message
          ? `${mutationLabel(issue.name)}${subject ? ` · ${subject}` : ''}`
          : work.title
      }
      data-testid="sync-issue"
      data-mutation={issue.name}
    >
      <Stack gap={6}>
        <Text size="sm" data-testid="sync-issue-reason">
          {work.reason}
        </Text>
        {work.typed.length > 0 ? (
          <Stack gap={2} data-testid="sync-issue-typed">
            <Text size="sm" fw={700}>
              {REFUSED_TEXT.TYPED}
            </Text>
            {work.typed.map((value, index) => (
              <Text key={index} size="sm" data-testid="typed-value">
                <Text span c="dimmed">
                  {value.label}:{' '}
                </Text>
                <Text span style={{ whiteSpace: 'pre-wrap' }}>
                  {value.value}
                </Text>
              </Text>
            ))}
          </Stack>
        ) : null}
        {issue.related && (
          <Text size="sm" data-testid="sync-issue-replacement">
            {refused && refused !== String(issue.related.id) ? `${refused} was not kept: ` : ''}
            see{' '}
            <Anchor component={Link} to={relatedHref(issue.related)} fw={600}>
              {relatedRef}
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
          {work.actions.includes('copy-to-draft') && (
            <Button size="xs" onClick={() => void copy()} loading={busy === 'copy'}>
              {REFUSED_TEXT.COPY_TO_DRAFT}
            </Button>
          )}
          {work.actions.includes('send-revision') && (
            <Button
              size="xs"
              variant="light"
              onClick={() => void revise()}
              loading={busy === 'revise'}
            >
              {REFUSED_TEXT.SEND_REVISION}
            </Button>
          )}
          {work.actions.includes('open-job') && subjectOf(issue) && (
            <Button
              size="xs"
              variant="light"
              component={Link}
              to={`/admin#${subjectOf(issue)?.id ?? ''}`}
            >
              {REFUSED_TEXT.OPEN_JOB}
            </Button>
          )}
          {retryable && (
            <Button size="xs" onClick={() => void retry()} loading={busy === 'retry'}>
              Retry
            </Button>
          )}
          <Button size="xs" variant="default" onClick={() => void discardIssue(issue.id)}>
            {keepsTyped ? 'Discard what I typed' : retryable ? 'Discard' : REFUSED_TEXT.DISMISS}
          </Button>
        </Group>
      </Stack>
    </Alert>
  );
}

/**
 * The other owner kept their value over this owner's (issue 28): both values side by side, and
 * one tap to put this owner's back (which tells the other owner in turn) or to accept it.
 */
function NoticeItem({ notice }: { notice: MergeNotice }) {
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState<'undo' | 'accept' | null>(null);
  const settle = async (kind: 'undo' | 'accept') => {
    setBusy(kind);
    const result = kind === 'undo' ? await undoNotice(notice) : await acceptNotice(notice);
    setBusy(null);
    setError(result.ok ? null : result.message);
  };
  return (
    <Alert color="blue" variant="light" title={noticeMessage(notice)} data-testid="merge-notice">
      <Stack gap={6}>
        {/* One block per part, the two values one under the other, as the conflict above:
            a table cut its columns on a phone (issue 27). */}
        <Stack gap="xs" role="list" aria-label="Both values">
          {notice.parts.map((part) => {
            const text = noticePartText(part);
            return (
              <Paper
                key={part.path}
                withBorder
                p="xs"
                radius="sm"
                role="listitem"
                data-testid="notice-part"
              >
                <Stack gap={4}>
                  <Text size="sm" fw={700}>
                    {text.label}
                  </Text>
                  <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                    <Text span fw={600}>
                      Yours (replaced):{' '}
                    </Text>
                    {text.lost}
                  </Text>
                  <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                    <Text span fw={600}>
                      Kept now:{' '}
                    </Text>
                    {text.kept}
                  </Text>
                </Stack>
              </Paper>
            );
          })}
        </Stack>
        {error && (
          <Text size="sm" c="red" role="alert">
            {error}
          </Text>
        )}
        <Group gap="xs">
          <Button size="xs" onClick={() => void settle('undo')} loading={busy === 'undo'}>
            Put mine back
          </Button>
          <Button
            size="xs"
            variant="default"
            onClick={() => void settle('accept')}
            loading={busy === 'accept'}
          >
            Keep theirs
          </Button>
        </Group>
      </Stack>
    </Alert>
  );
}

/** Open notices for the signed-in owner (not their own doing), oldest first. */
function useNotices(userId: number | null): MergeNotice[] {
  return (
    useLiveQuery(async () => {
      const rows = await db.merge_notices.where('status').equals('open').toArray();
      return rows
        .map((row) => mergeNoticeSchema.safeParse(row))
        .flatMap((parsed) => (parsed.success ? [parsed.data] : []))
        .filter((notice) => isNoticeFor(notice, userId))
        .sort((a, b) => a.createdAt.localeCompare(b.createdAt));
    }, [userId]) ?? []
  );
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
