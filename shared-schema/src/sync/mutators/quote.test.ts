import { describe, expect, it } from 'vitest';
import { quoteSaveArgs } from './test-args';
import { NOW, aQuote, ok, rejected, row, tables } from './test-fixtures';

const saveArgs = {
  ...quoteSaveArgs(),
  id: 'Q-2026-5',
  // Totals a client sends are never trusted.
  finalPrice: 1,
  basePrice: 1,
};

describe('quote.save', () => {
  it('creates a draft with totals computed from the items', () => {
    const result = ok(tables({}), 'quote.save', saveArgs);
    const quote = row(result.tables, 'quotes', 'Q-2026-5');
    // 27000 × Tom Price 1.4 = 37800, less 10 % = 34020.
    expect(quote).toMatchObject({
      status: 'draft',
      itemsSubtotal: 27000,
      basePrice: 37800,
      discountAmount: 3780,
      finalPrice: 34020,
      validUntil: '2026-12-05T10:00:00.000Z',
      createdAt: NOW,
    });
    expect(quote?.items).toEqual([
      expect.objectContaining({ id: 'Q-2026-5-1', total: 18000 }),
      expect.objectContaining({ id: 'Q-2026-5-2', total: 9000 }),
    ]);
  });

  it('edits a draft and keeps its creation time', () => {
    const result = ok(tables({ quotes: [aQuote({ id: 'Q-2026-5' })] }), 'quote.save', {
      ...saveArgs,
      customerName: 'Dana R.',
    });
    expect(row(result.tables, 'quotes', 'Q-2026-5')).toMatchObject({
      customerName: 'Dana R.',
      createdAt: '2026-11-20T08:00:00.000Z',
      updatedAt: NOW,
    });
  });

  it.each(['sent', 'accepted', 'rejected', 'expired'] as const)(
    'refuses to edit a %s quote',
    (status) => {
      expect(
        rejected(tables({ quotes: [aQuote({ id: 'Q-2026-5', status })] }), 'quote.save', saveArgs)
          .message,
      ).toBe('Only draft quotes can be edited');
    },
  );

  it('rejects a quote without items or customer details with the spec messages', () => {
    expect(rejected(tables({}), 'quote.save', { ...saveArgs, items: [] }).message).toBe(
      'Please add at least one item to the quote',
    );
    expect(rejected(tables({}), 'quote.save', { ...saveArgs, customerPhone: '' }).message).toBe(
      'Please fill in customer details',
    );
    expect(
      rejected(tables({}), 'quote.save', {
        ...saveArgs,
        items: [{ description: 'Custom', quantity: 1, unitPrice: 0 }],
      }).message,
    ).toBe('Please fill in item details');
  });
});

describe('quote.setStatus', () => {
  it.each([
    ['draft', 'sent'],
    ['sent', 'accepted'],
    ['sent', 'rejected'],
  ] as const)('moves %s to %s', (from, to) => {
    const result = ok(tables({ quotes: [aQuote({ status: from })] }), 'quote.setStatus', {
      id: 'Q-2026-1',
      status: to,
    });
    expect(row(result.tables, 'quotes', 'Q-2026-1')).toMatchObject({ status: to, updatedAt: NOW });
  });

  it.each([
    ['draft', 'accepted'],
    ['accepted', 'draft'],
    ['rejected', 'sent'],
  ] as const)('refuses %s to %s', (from, to) => {
    expect(
      rejected(tables({ quotes: [aQuote({ status: from })] }), 'quote.setStatus', {
        id: 'Q-2026-1',
        status: to,
      }).message,
    ).toBe('That status change is not allowed for this quote');
  });

  it('rejects an unknown quote and an unknown status', () => {
    expect(
      rejected(tables({}), 'quote.setStatus', { id: 'Q-2026-1', status: 'sent' }).message,
    ).toBe('Quote not found');
    expect(
      rejected(tables({ quotes: [aQuote()] }), 'quote.setStatus', {
        id: 'Q-2026-1',
        status: 'paid',
      }).message,
    ).toBe('Unknown quote status');
  });
});

describe('quote.duplicate', () => {
  it('makes a draft copy named (Copy), valid 14 days', () => {
    const result = ok(tables({ quotes: [aQuote({ status: 'accepted' })] }), 'quote.duplicate', {
      sourceId: 'Q-2026-1',
      id: 'Q-2026-2',
    });
    expect(row(result.tables, 'quotes', 'Q-2026-2')).toMatchObject({
      customerName: 'Dana Reid (Copy)',
      status: 'draft',
      finalPrice: 10000,
      validUntil: '2026-12-05T10:00:00.000Z',
      createdAt: NOW,
    });
    expect(row(result.tables, 'quotes', 'Q-2026-1')).toMatchObject({ status: 'accepted' });
  });

  it('rejects an unknown source and a taken id', () => {
    expect(
      rejected(tables({}), 'quote.duplicate', { sourceId: 'Q-2026-1', id: 'Q-2026-2' }).code,
    ).toBe('not_found');
    expect(
      rejected(tables({ quotes: [aQuote(), aQuote({ id: 'Q-2026-2' })] }), 'quote.duplicate', {
        sourceId: 'Q-2026-1',
        id: 'Q-2026-2',
      }).code,
    ).toBe('conflict');
  });
});

describe('quote.delete', () => {
  it('deletes a quote', () => {
    const result = ok(tables({ quotes: [aQuote()] }), 'quote.delete', { id: 'Q-2026-1' });
    expect(result.tables.quotes).toEqual([]);
  });

  it('refuses to delete a quote with a tax invoice, naming the invoice', () => {
    const state = tables({
      quotes: [aQuote({ id: 'Q-2026-3', status: 'accepted' })],
      invoices: [{ id: 'INV-2026-1401', quoteId: 'Q-2026-3' }],
    });
    const refusal = rejected(state, 'quote.delete', { id: 'Q-2026-3' });
    expect(refusal).toMatchObject({
      code: 'invalid_state',
      related: { entity: 'invoices', id: 'INV-2026-1401' },
    });
    expect(refusal.message).toBe(
      'Q-2026-3 has tax invoice INV-2026-1401, so it is kept with its money records. To cancel it, issue a credit note for INV-2026-1401.',
    );
  });

  it('rejects an unknown quote', () => {
    expect(rejected(tables({}), 'quote.delete', { id: 'Q-2026-1' }).message).toBe(
      'Quote not found',
    );
  });
});
