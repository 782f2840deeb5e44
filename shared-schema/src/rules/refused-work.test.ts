/**
 * "Refused work keeps what was typed": the refusal in plain words, what was typed, and
 * only actions that can succeed; the new draft or revised quote built from it.
 */
import { describe, expect, it } from 'vitest';
import { MESSAGES } from '../messages';
import {
  REFUSED_TEXT,
  describeRefusal,
  draftFromRefusedSave,
  revisionFromRefusedSave,
  typedQuoteChanges,
} from './refused-work';

const line = (id: string, description: string, quantity: number, unitPrice: number) => ({
  id,
  description,
  quantity,
  unitPrice,
  category: 'service',
  total: quantity * unitPrice,
});
const base = {
  id: 'Q-2026-P4',
  number: 'Q-2026-12',
  status: 'draft',
  customerName: 'Dana Reid',
  customerPhone: '0412345678',
  notes: 'Call before arriving',
  discountPercent: 0,
  items: [line('l1', 'Emergency Towing', 1, 18000)],
};
/** A offline: the labour line and new notes on the draft B then sent. */
const typed = {
  id: 'Q-2026-P4',
  customerName: 'Dana Reid',
  customerPhone: '0412345678',
  notes: 'Needs two on site',
  discountPercent: 0,
  validDays: 14,
  items: [
    {
      id: 'l1',
      description: 'Emergency Towing',
      quantity: 1,
      unitPrice: 18000,
      category: 'service',
    },
    {
      description: 'Extra labour',
      quantity: 2,
      unitPrice: 12000,
      category: 'service',
      id: 'Q-2026-P4-2',
    },
  ],
  base,
};
const sent = { ...base, status: 'sent', notes: 'Call before arriving' };
const refusal = {
  name: 'quote.save',
  args: typed,
  code: 'invalid_state',
  message: MESSAGES.QUOTE_NOT_EDITABLE,
};

describe('a refused quote edit', () => {
  it('says what happened and keeps the typed line and notes in words', () => {
    const work = describeRefusal(refusal, sent);
    expect(work.title).toBe('Your changes to quote Q-2026-12 were not saved');
    expect(work.reason).toMatch(/was sent to the customer by someone else/);
    expect(work.typed).toEqual([
      { label: 'Notes', value: 'Needs two on site' },
      { label: 'Added line', value: 'Extra labour × 2 at $120.00' },
    ]);
    expect(work.actions).toEqual(['copy-to-draft', 'send-revision']);
  });

  it('lists every typed field of an edit without a base', () => {
    const { base: _base, ...noBase } = typed;
    expect(typedQuoteChanges(noBase).map((value) => value.label)).toContain('Notes');
  });

  it('copies what was typed into a new draft', () => {
    const draft = draftFromRefusedSave(typed, 'Q-2026-P9');
    expect(draft).toMatchObject({ id: 'Q-2026-P9', notes: 'Needs two on site' });
    expect(draft).not.toHaveProperty('base');
    expect(draft.items).toEqual([
      { description: 'Emergency Towing', quantity: 1, unitPrice: 18000, category: 'service' },
      { description: 'Extra labour', quantity: 2, unitPrice: 12000, category: 'service' },
    ]);
  });

  it('revises the sent quote with the typed changes, naming the quote it replaces', () => {
    const revised = revisionFromRefusedSave(typed, { ...sent, discountPercent: 5 }, 'Q-2026-P10');
    expect(revised).toMatchObject({
      id: 'Q-2026-P10',
      // The other owner's discount stays; the typed notes win where both changed.
      discountPercent: 5,
      notes: `Needs two on site\n${REFUSED_TEXT.replaces('Q-2026-12')}`,
    });
    expect((revised.items as { description: string }[]).map((item) => item.description)).toEqual([
      'Emergency Towing',
      'Extra labour',
    ]);
  });
});

describe('a refused job step', () => {
  it('explains the job moved on and offers only to open it', () => {
    const work = describeRefusal(
      {
        name: 'job.markEnRoute',
        args: { id: 'JOB-2026-P3', updateId: 4 },
        code: 'invalid_state',
        message: MESSAGES.JOB_ACTION_NOT_ALLOWED,
      },
      { id: 'JOB-2026-P3', number: 'JOB-2026-7', status: 'In Progress' },
    );
    expect(work.title).toBe('Mark En Route was not applied to job JOB-2026-7');
    expect(work.reason).toMatch(/already In Progress/);
    expect(work.actions).toEqual(['open-job']);
  });
});

describe('any other refusal', () => {
  it('shows the reason and what was typed', () => {
    const work = describeRefusal(
      {
        name: 'invoice.recordPayment',
        args: {
          invoiceId: 'INV-2026-P1',
          paymentId: 3,
          method: 'cash',
          amount: 5000,
          reference: 'R 12',
        },
        code: 'invalid_state',
        message: MESSAGES.INVOICE_ALREADY_PAID,
      },
      undefined,
    );
    expect(work.reason).toBe(MESSAGES.INVOICE_ALREADY_PAID);
    expect(work.typed).toEqual([
      { label: 'Method', value: 'Cash' },
      { label: 'Amount', value: '$50.00' },
      { label: 'Reference', value: 'R 12' },
    ]);
    expect(work.actions).toEqual([]);
  });
});
