/** A notice to the owner whose value the other owner replaced in a conflict. */
import { useState } from 'react';
import { Alert, Button, Group, Stack } from '@mantine/core';
import { useLiveQuery } from 'dexie-react-hooks';
import {
  isNoticeFor,
  mergeNoticeSchema,
  noticeMessage,
  noticePartText,
  type MergeNotice,
} from '@pilbara/shared-schema';
import { acceptNotice, db, undoNotice } from '../../sync';
import { ActionError, BothValues } from './both-values';

/**
 * The other owner kept their value over this owner's: both values side by side, and
 * one tap to put this owner's back (which tells the other owner in turn) or to accept it.
 */
export function NoticeItem({ notice }: { notice: MergeNotice }) {
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
            a table cuts its columns on a phone. */}
        <Stack gap="xs" role="list" aria-label="Both values">
          {notice.parts.map((part) => {
            const text = noticePartText(part);
            return (
              <BothValues
                key={part.path}
                testId="notice-part"
                label={text.label}
                first={['Yours (replaced)', text.lost]}
                second={['Kept now', text.kept]}
              />
            );
          })}
        </Stack>
        <ActionError message={error} />
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
export function useNotices(userId: number | null): MergeNotice[] {
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
