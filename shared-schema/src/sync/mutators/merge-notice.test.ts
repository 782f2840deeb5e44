/** An edit that tells the other owner, and `mergeNotice.settle`. */
import { describe, expect, it } from 'vitest';
import { NOW, aQuote, ok, rejected, row, tables } from './test-fixtures';

describe('quote.save telling the other owner', () => {
  it('writes a notice when it replaces the other owner’s value, and keeps the number', () => {
    const stored = aQuote({ number: 'Q-2026-12', notes: 'Call before arriving' });
    const result = ok(tables({ quotes: [stored] }), 'quote.save', {
      id: stored.id,
      customerName: stored.customerName,
      customerPhone: stored.customerPhone,
      notes: 'Gate code 4411',
      items: stored.items.map(({ total: _total, ...item }) => item),
      base: stored,
      overrides: { noticeId: 5, parts: [{ path: 'notes', theirs: 'Call before arriving' }] },
    });
    expect(row(result.tables, 'quotes', stored.id)).toMatchObject({
      number: 'Q-2026-12',
      notes: 'Gate code 4411',
    });
    expect(row(result.tables, 'merge_notices', 5)).toMatchObject({
      entity: 'quotes',
      recordRef: 'Q-2026-12',
      parts: [{ path: 'notes', kept: 'Gate code 4411', lost: 'Call before arriving' }],
      keptBy: 1,
      status: 'open',
    });
  });

  it('settles a notice once; settling again changes nothing', () => {
    const notice = {
      id: 5,
      entity: 'quotes',
      recordId: 'Q-2026-1',
      recordRef: 'Q-2026-12',
      parts: [],
      keptBy: 2,
      keptByName: 'Sam',
      status: 'open',
      settledBy: null,
      settledAt: null,
      createdAt: NOW,
      updatedAt: NOW,
    };
    const settled = ok(tables({ merge_notices: [notice] }), 'mergeNotice.settle', {
      id: 5,
      status: 'accepted',
    });
    expect(row(settled.tables, 'merge_notices', 5)).toMatchObject({
      status: 'accepted',
      settledBy: 1,
    });
    const again = ok(settled.tables, 'mergeNotice.settle', { id: 5, status: 'undone' });
    expect(again.changes).toEqual([]);
    expect(rejected(tables({}), 'mergeNotice.settle', { id: 9, status: 'accepted' }).code).toBe(
      'not_found',
    );
  });
});
