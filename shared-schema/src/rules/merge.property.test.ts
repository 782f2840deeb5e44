/**
 * Property: two devices edit the same quote (or job) from the same version, one edit reaches the
 * server first, the other later with the version it started from. Every edit of either side is
 * either in the final record or in the conflict the later edit raised — nothing disappears
 * unseen. Runs the real mutators through the shared runner core (memory store).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { applyInMemory, type MemoryTables } from '../sync/memory-store';
import type { Row } from '../sync/mutator';
import { aJob, aQuote } from '../sync/mutators/test-fixtures';
import type { Job } from '../entities/job';
import type { Quote } from '../entities/quote';
import type { RecordConflict } from './merge';

const NOW = '2026-11-21T10:00:00.000Z';

const BASE_QUOTE: Quote = aQuote({
  items: [
    {
      id: 'a',
      description: 'Call-out Fee',
      quantity: 1,
      unitPrice: 10000,
      total: 10000,
      category: 'misc',
    },
    {
      id: 'b',
      description: 'Winch',
      quantity: 2,
      unitPrice: 5000,
      total: 10000,
      category: 'service',
    },
    {
      id: 'c',
      description: 'Shackle',
      quantity: 1,
      unitPrice: 2500,
      total: 2500,
      category: 'parts',
    },
  ],
});

const text = fc.constantFrom('Ann', 'Bo', 'Cy', 'Di');
const quoteFieldEdits = fc.record(
  {
    customerName: text,
    notes: fc.constantFrom(null, 'gate code 4411', 'call first'),
    discountPercent: fc.constantFrom(0, 5, 10, 20),
    service: fc.constantFrom('Emergency Towing', '4x4 Recovery'),
  },
  { requiredKeys: [] },
);
const lineEdit = fc.record({
  quantity: fc.integer({ min: 1, max: 4 }),
  unitPrice: fc.constantFrom(2500, 5000, 19000),
});
const quoteEdit = fc.record({
  fields: quoteFieldEdits,
  removed: fc.subarray(['a', 'b', 'c']),
  changed: fc.dictionary(fc.constantFrom('a', 'b', 'c'), lineEdit),
  added: fc.array(fc.constantFrom('Winch Recovery', 'Fuel delivery', 'Tyre'), { maxLength: 2 }),
});
type QuoteEditSpec = typeof quoteEdit extends fc.Arbitrary<infer T> ? T : never;

/** The `quote.save` arguments of a device's edit of `base`; `tag` keeps line ids apart. */
function saveArgs(base: Quote, edit: QuoteEditSpec, tag: string) {
  const lines = base.items
    .filter((item) => !edit.removed.includes(item.id))
    .map((item) => ({
      id: item.id,
      description: item.description,
      quantity: edit.changed[item.id]?.quantity ?? item.quantity,
      unitPrice: edit.changed[item.id]?.unitPrice ?? item.unitPrice,
      category: item.category,
    }));
  edit.added.forEach((description, index) =>
    lines.push({
      id: `${tag}${index}`,
      description,
      quantity: 1,
      unitPrice: 19000,
      category: 'service',
    }),
  );
  // A quote needs a line; a device that removed them all keeps its first added one.
  if (lines.length === 0)
    lines.push({
      id: `${tag}x`,
      description: 'Labour',
      quantity: 1,
      unitPrice: 100,
      category: 'misc',
    });
  return {
    id: base.id,
    customerName: edit.fields.customerName ?? base.customerName,
    customerPhone: base.customerPhone,
    customerEmail: base.customerEmail,
    vehicleType: base.vehicleType,
    service: edit.fields.service ?? base.service,
    fromLocation: base.fromLocation,
    toLocation: base.toLocation,
    distance: base.distance,
    discountPercent: edit.fields.discountPercent ?? base.discountPercent,
    notes: edit.fields.notes === undefined ? base.notes : edit.fields.notes,
    validDays: 14,
    items: lines,
    base,
  };
}

function run(state: MemoryTables, name: string, args: unknown) {
  const { outcome, tables } = applyInMemory(state, name, args, { now: NOW, userId: 1 });
  if (!outcome.ok) throw new Error(`${name} refused: ${outcome.message}`);
  const result = outcome.result as { conflict?: RecordConflict };
  return { tables, conflict: result.conflict };
}

function lineOf(quote: Quote, id: string) {
  const line = quote.items.find((item) => item.id === id);
  return (
    line && {
      id,
      description: line.description,
      quantity: line.quantity,
      unitPrice: line.unitPrice,
      category: line.category,
    }
  );
}

/**
 * Whether everything `args` changed against `base` is in `final`, or in `conflict` (by path).
 */
function editKept(
  base: Quote,
  args: ReturnType<typeof saveArgs>,
  final: Quote,
  conflict?: RecordConflict,
) {
  const raised = new Set(conflict?.parts.map((part) => part.path) ?? []);
  const problems: string[] = [];
  for (const field of ['customerName', 'notes', 'discountPercent', 'service'] as const) {
    if (args[field] === base[field]) continue;
    if (final[field] !== args[field] && !raised.has(field)) problems.push(field);
  }
  const mine = new Map(args.items.map((item) => [item.id, item]));
  for (const original of base.items) {
    const my = mine.get(original.id);
    const path = `items.${original.id}`;
    const now = lineOf(final, original.id);
    if (!my) {
      if (now && !raised.has(path)) problems.push(`${path} not removed`);
    } else if (my.quantity !== original.quantity || my.unitPrice !== original.unitPrice) {
      if ((now?.quantity !== my.quantity || now?.unitPrice !== my.unitPrice) && !raised.has(path))
        problems.push(`${path} change lost`);
    }
  }
  for (const item of args.items) {
    if (base.items.some((original) => original.id === item.id)) continue;
    if (!lineOf(final, item.id) && !raised.has(`items.${item.id}`))
      problems.push(`${item.id} lost`);
  }
  return problems;
}

describe('merge of two devices’ quote edits', () => {
  it('keeps every edit of both devices or raises it as a conflict', () => {
    fc.assert(
      fc.property(quoteEdit, quoteEdit, (editA, editB) => {
        const start: MemoryTables = { quotes: [BASE_QUOTE as Row] };
        const argsA = saveArgs(BASE_QUOTE, editA, 'A');
        const argsB = saveArgs(BASE_QUOTE, editB, 'B');
        const first = run(start, 'quote.save', argsA);
        // The first edit started from the server's version: nothing to merge, no conflict.
        expect(first.conflict).toBeUndefined();
        const second = run(first.tables, 'quote.save', argsB);
        const final = second.tables.quotes?.[0] as Quote;
        // The edit that arrived first is never overwritten; the later one is merged or told.
        expect(editKept(BASE_QUOTE, argsA, final)).toEqual([]);
        expect(editKept(BASE_QUOTE, argsB, final, second.conflict)).toEqual([]);
        // Totals are recomputed from the merged lines.
        expect(final.itemsSubtotal).toBe(
          final.items.reduce((sum, item) => sum + item.quantity * item.unitPrice, 0),
        );
      }),
      { numRuns: 400 },
    );
  });
});

const BASE_JOB: Job = aJob({ notes: 'gate code 4411', estimatedArrival: '30-45 minutes' });
const jobPatch = fc.record(
  {
    customerName: text,
    phone: fc.constantFrom('0412345678', '0498765432'),
    location: fc.constantFrom('Karratha', 'Dampier', 'Roebourne'),
    notes: fc.constantFrom(null, 'gate code 4411', 'bring the long strap'),
    estimatedArrival: fc.constantFrom('30-45 minutes', '1-2 hours'),
  },
  { requiredKeys: [] },
);

describe('merge of two devices’ job edits', () => {
  it('keeps every field either device changed or raises it as a conflict', () => {
    fc.assert(
      fc.property(jobPatch, jobPatch, (patchA, patchB) => {
        const start: MemoryTables = { jobs: [BASE_JOB as Row] };
        const first = run(start, 'job.update', { id: BASE_JOB.id, patch: patchA, base: BASE_JOB });
        expect(first.conflict).toBeUndefined();
        const second = run(first.tables, 'job.update', {
          id: BASE_JOB.id,
          patch: patchB,
          base: BASE_JOB,
        });
        const final = second.tables.jobs?.[0] as Job;
        const raised = new Set(second.conflict?.parts.map((part) => part.path) ?? []);
        for (const [field, value] of Object.entries(patchA)) {
          if (value === BASE_JOB[field as keyof Job]) continue;
          expect(final[field as keyof Job]).toBe(value);
        }
        for (const [field, value] of Object.entries(patchB)) {
          if (value === BASE_JOB[field as keyof Job]) continue;
          if (final[field as keyof Job] !== value) expect(raised.has(field)).toBe(true);
        }
        // A conflict is only raised for a field both changed to different values.
        for (const part of second.conflict?.parts ?? []) {
          expect(patchA[part.path as keyof typeof patchA]).toBe(part.theirs);
          expect(patchB[part.path as keyof typeof patchB]).toBe(part.mine);
        }
      }),
      { numRuns: 400 },
    );
  });
});
