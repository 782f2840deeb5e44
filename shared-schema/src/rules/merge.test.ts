import { describe, expect, it } from 'vitest';
import { mergeIdentified, mergeSet, type RecordConflict } from './merge';
import { applyConflictChoices, conflictResolution } from './conflict-resolution';
import { NOW, ok, aQuote, aVehicle, row, tables } from '../sync/mutators/test-fixtures';

const base = aQuote({ id: 'Q-2026-1' });
const edit = {
  id: base.id,
  customerName: base.customerName,
  customerPhone: base.customerPhone,
  service: base.service,
  fromLocation: base.fromLocation,
  discountPercent: 0,
  validDays: 14,
  items: base.items.map(({ total: _total, ...item }) => item),
};

describe('quote.save with the version the device saw', () => {
  it('keeps a line and note added online and a discount made offline', () => {
    // Device B, online: adds Winch Recovery and a note.
    const b = ok(tables({ quotes: [base] }), 'quote.save', {
      ...edit,
      notes: 'Gate code 4411',
      items: [
        ...edit.items,
        {
          id: 'B1',
          description: 'Winch Recovery',
          quantity: 1,
          unitPrice: 19000,
          category: 'service',
        },
      ],
      base,
    });
    // Device A, offline since before B's edit: a 5 % discount.
    const a = ok(b.tables, 'quote.save', { ...edit, discountPercent: 5, base });
    const quote = row(a.tables, 'quotes', base.id);
    expect(quote).toMatchObject({
      discountPercent: 5,
      notes: 'Gate code 4411',
      itemsSubtotal: 29000,
    });
    expect(a.result).not.toHaveProperty('conflict');
  });

  it('raises a conflict for a field both changed and keeps the other side’s value', () => {
    const b = ok(tables({ quotes: [base] }), 'quote.save', { ...edit, discountPercent: 10, base });
    const a = ok(b.tables, 'quote.save', { ...edit, discountPercent: 5, notes: 'A', base });
    expect(row(a.tables, 'quotes', base.id)).toMatchObject({ discountPercent: 10, notes: 'A' });
    expect((a.result as { conflict: RecordConflict }).conflict).toEqual({
      entity: 'quotes',
      id: base.id,
      parts: [{ path: 'discountPercent', mine: 5, theirs: 10 }],
    });
  });

  it('without a base (an older app) replaces the draft as before', () => {
    const b = ok(tables({ quotes: [base] }), 'quote.save', { ...edit, notes: 'B', base });
    const a = ok(b.tables, 'quote.save', { ...edit, discountPercent: 5 });
    expect(row(a.tables, 'quotes', base.id)).toMatchObject({ notes: null, discountPercent: 5 });
  });
});

describe('vehicle.update with the version the device saw', () => {
  it('merges tick-box lists as sets and fields three-way', () => {
    const vehicle = aVehicle({ modifications: ['Winch'] });
    const b = ok(tables({ vehicles: [vehicle] }), 'vehicle.update', {
      id: 1,
      patch: { modifications: ['Winch', 'Snorkel'], name: 'Big Red II' },
      base: vehicle,
    });
    const a = ok(b.tables, 'vehicle.update', {
      id: 1,
      patch: { modifications: ['Bull bar'], mileage: 51000 },
      base: vehicle,
    });
    expect(row(a.tables, 'vehicles', 1)).toMatchObject({
      modifications: ['Snorkel', 'Bull bar'],
      name: 'Big Red II',
      mileage: 51000,
    });
  });
});

describe('merge rules', () => {
  it('a line one side removed and the other changed is a conflict and stays removed', () => {
    const line = { id: 'x', n: 1 };
    const result = mergeIdentified([line], [{ id: 'x', n: 2 }], [], 'items');
    expect(result.merged).toEqual([]);
    expect(result.parts).toEqual([{ path: 'items.x', mine: { id: 'x', n: 2 }, theirs: null }]);
  });

  it('set merge keeps both sides’ additions and removals', () => {
    expect(mergeSet(['a', 'b'], ['a', 'c'], ['b', 'd'])).toEqual(['d', 'c']);
  });

  it('applying choices puts my side back where chosen', () => {
    const conflict: RecordConflict = {
      entity: 'quotes',
      id: 'Q-2026-1',
      parts: [
        { path: 'discountPercent', mine: 5, theirs: 10 },
        { path: 'items.x', mine: { id: 'x', n: 2 }, theirs: null },
      ],
    };
    const current = { discountPercent: 10, items: [{ id: 'y', n: 1 }] };
    const { record, changed } = applyConflictChoices(conflict, current, {
      discountPercent: 'theirs',
      'items.x': 'mine',
    });
    expect(changed).toEqual(['items.x']);
    expect(record).toEqual({
      discountPercent: 10,
      items: [
        { id: 'y', n: 1 },
        { id: 'x', n: 2 },
      ],
    });
  });
});

describe('conflictResolution', () => {
  it('keep mine on a quote field queues a save that wins over theirs', () => {
    const b = ok(tables({ quotes: [base] }), 'quote.save', { ...edit, discountPercent: 10, base });
    const a = ok(b.tables, 'quote.save', { ...edit, discountPercent: 5, base });
    const conflict = (a.result as { conflict: RecordConflict }).conflict;
    const current = row(a.tables, 'quotes', base.id) as Record<string, unknown>;
    expect(conflictResolution(conflict, current, { discountPercent: 'theirs' })).toBeNull();
    const mutation = conflictResolution(conflict, current, { discountPercent: 'mine' }, NOW);
    expect(mutation?.name).toBe('quote.save');
    const resolved = ok(a.tables, 'quote.save', mutation?.args);
    expect(row(resolved.tables, 'quotes', base.id)).toMatchObject({ discountPercent: 5 });
    expect(resolved.result).not.toHaveProperty('conflict');
  });
});
