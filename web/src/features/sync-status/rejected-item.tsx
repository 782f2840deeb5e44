/**
 * A change the server refused: what happened in plain words, what was typed, and only the
 * actions that can succeed.
 */
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { Alert, Anchor, Button, Group, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useLiveQuery } from 'dexie-react-hooks';
import {
  REFUSED_TEXT,
  TOAST_DURATIONS,
  describeRefusal,
  documentRef,
  type SyncedTable,
  formatDateTime,
  shownId,
  isProvisionalId,
} from '@pilbara/shared-schema';
import { canRetryIssue, db, discardIssue, retryIssue, type SyncIssue } from '../../sync';
import { ActionError } from './both-values';
import { mutationLabel, mutationSubject } from './mutation-labels';
import { copyIntoDraft, sendAsRevision } from './refused-actions';

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

/** What people call the related record: its number once this device has it. */
function useRelatedRef(related: SyncIssue['related']): string | null {
  return (
    useLiveQuery(async () => {
      if (!related) return null;
      const row = (await db.visible(related.entity).get(related.id)) as
        { id: string | number; number?: string | null } | undefined;
      return row ? documentRef(row) : shownId(related.id);
    }, [related?.entity, related?.id]) ?? (related ? shownId(related.id) : null)
  );
}

/** A record as people name it: its number when it is a numbered one, else its id shown. */
function shownRef(row: Record<string, unknown>, id: string): string {
  return 'number' in row
    ? documentRef({ id, number: typeof row.number === 'string' ? row.number : null })
    : shownId(id);
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

export function RejectedItem({ issue }: { issue: SyncIssue }) {
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
      if (result.ok) done(`New draft ${documentRef({ id: result.quoteId })} holds what you typed.`);
      return result;
    });
  const revise = () =>
    act('revise', async () => {
      if (!current) return { ok: false, message: 'The quote is not on this device.' };
      const result = await sendAsRevision(issue, current);
      if (result.ok)
        done(
          result.sent
            ? `Revised quote ${documentRef({ id: result.quoteId })} was emailed to the customer.`
            : `Revised quote ${documentRef({ id: result.quoteId })} is saved as a draft: email it from Quotes once you are online.`,
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
          ? `${mutationLabel(issue.name)}${subject ? ` · ${current ? shownRef(current, subject) : shownId(subject)}` : ''}`
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
            {refused && refused !== String(issue.related.id)
              ? `${isProvisionalId(refused) ? 'What was made on this device' : refused} was not kept: `
              : ''}
            see{' '}
            <Anchor component={Link} to={relatedHref(issue.related)} fw={600}>
              {relatedRef}
            </Anchor>
          </Text>
        )}
        <Text size="xs" c="dimmed">
          Made {formatDateTime(issue.createdAt)}
        </Text>
        <ActionError message={error} />
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
