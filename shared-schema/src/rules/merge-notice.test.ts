/**
 * "Both owners told": the owner whose value another owner replaced (by keeping their
 * own in a conflict) gets a notice with both values, and can put theirs back.
 */
import { describe, expect, it } from 'vitest';
import { aQuote } from '../sync/mutators/test-fixtures';
import type { RecordConflict } from './merge';
import { conflictResolution } from './conflict-resolution';
import { isNoticeFor, noticeFor, noticeMessage, noticePartText, noticeUndo } from './merge-notice';

const NOW = '2026-11-21T10:00:00.000Z';
const quote = aQuote({ id: 'Q-2026-P4', number: 'Q-2026-12', notes: 'Call before arriving' });

describe('merge notices', () => {
  const conflict: RecordConflict = {
    entity: 'quotes',
    id: 'Q-2026-P4',
    parts: [{ path: 'notes', mine: 'Gate code 4411', theirs: 'Call before arriving' }],
  };

  it('asks the settling edit to tell the other owner which of their values it replaces', () => {
    const mutation = conflictResolution(conflict, quote, { notes: 'mine' }, NOW, 77);
    expect(mutation?.args.overrides).toEqual({
      noticeId: 77,
      parts: [{ path: 'notes', theirs: 'Call before arriving' }],
    });
    expect(conflictResolution(conflict, quote, { notes: 'theirs' }, NOW, 77)).toBeNull();
  });

  it('writes a notice with both values only for what the edit really replaced', () => {
    const after = { ...quote, notes: 'Gate code 4411' };
    const notice = noticeFor({
      overrides: { noticeId: 77, parts: [{ path: 'notes', theirs: 'Call before arriving' }] },
      entity: 'quotes',
      recordId: quote.id,
      recordRef: 'Q-2026-12',
      before: quote,
      after,
      keptBy: 2,
      keptByName: 'Sam Taylor',
      now: NOW,
    });
    expect(notice).toMatchObject({
      id: 77,
      recordRef: 'Q-2026-12',
      parts: [{ path: 'notes', kept: 'Gate code 4411', lost: 'Call before arriving' }],
      keptBy: 2,
      status: 'open',
    });
    expect(noticeMessage(notice!)).toBe(
      'Sam Taylor kept their notes on quote Q-2026-12 over yours.',
    );
    expect(noticePartText(notice!.parts[0]!)).toEqual({
      label: 'Notes',
      kept: 'Gate code 4411',
      lost: 'Call before arriving',
    });
    // Someone changed it again meanwhile: what was replaced was not theirs; no notice.
    expect(
      noticeFor({
        overrides: { noticeId: 78, parts: [{ path: 'notes', theirs: 'Call before arriving' }] },
        entity: 'quotes',
        recordId: quote.id,
        recordRef: 'Q-2026-12',
        before: { ...quote, notes: 'Third value' },
        after,
        keptBy: 2,
        keptByName: 'Sam Taylor',
        now: NOW,
      }),
    ).toBeNull();
  });

  it('is shown to everyone but the owner who kept their value, while open', () => {
    const notice = { status: 'open' as const, keptBy: 2 };
    expect(isNoticeFor(notice, 1)).toBe(true);
    expect(isNoticeFor(notice, 2)).toBe(false);
    expect(isNoticeFor({ ...notice, status: 'undone' as const }, 1)).toBe(false);
  });

  it('undoes by putting the reader’s value back, telling the other owner in turn', () => {
    const now = { ...quote, notes: 'Gate code 4411' };
    const undo = noticeUndo(
      {
        entity: 'quotes',
        recordId: quote.id,
        parts: [{ path: 'notes', kept: 'Gate code 4411', lost: 'Call before arriving' }],
      },
      now,
      79,
      NOW,
    );
    expect(undo?.name).toBe('quote.save');
    expect(undo?.args).toMatchObject({
      id: 'Q-2026-P4',
      notes: 'Call before arriving',
      base: now,
      overrides: { noticeId: 79, parts: [{ path: 'notes', theirs: 'Gate code 4411' }] },
    });
  });
});
