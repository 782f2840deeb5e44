import { describe, expect, it } from 'vitest';
import {
  OVERDUE_REMINDER_DAYS,
  OVERDUE_REMINDER_GRACE_DAYS,
  dueOverdueReminder,
  overdueReminderEmail,
  type RemindableInvoice,
} from './invoice-reminders';
import { smsText } from './sms';

/** Issued and due on Monday 1 March 2027, 10:00 in Perth; $450.00 owing. */
const ISSUED = '2027-03-01T02:00:00.000Z';
const INVOICE: RemindableInvoice = {
  status: 'pending',
  amount: 45_000,
  amountPaid: 0,
  amountCredited: 0,
  dueDate: ISSUED,
  createdAt: ISSUED,
};

/** `days` whole days after issue, at `hh` o'clock Perth time. */
function later(days: number, hh = 10): string {
  return new Date(Date.UTC(2027, 2, 1 + days, hh - 8)).toISOString();
}

describe('dueOverdueReminder', () => {
  it('calls for no reminder in the first six days', () => {
    for (const days of [0, 1, 6]) expect(dueOverdueReminder(INVOICE, later(days))).toBeNull();
    // Late on day 6 is still day 6 in Perth.
    expect(dueOverdueReminder(INVOICE, later(6, 23))).toBeNull();
  });

  it('calls for the latest reminder day reached, counting Perth calendar days', () => {
    expect(dueOverdueReminder(INVOICE, later(7, 0))).toEqual({ day: 7, daysOverdue: 7 });
    expect(dueOverdueReminder(INVOICE, later(13))).toEqual({ day: 7, daysOverdue: 13 });
    expect(dueOverdueReminder(INVOICE, later(14))).toEqual({ day: 14, daysOverdue: 14 });
    expect(dueOverdueReminder(INVOICE, later(29))).toEqual({ day: 14, daysOverdue: 29 });
    expect(dueOverdueReminder(INVOICE, later(30))).toEqual({ day: 30, daysOverdue: 30 });
    expect(OVERDUE_REMINDER_DAYS).toEqual([7, 14, 30]);
  });

  it('stops after the last day’s grace', () => {
    const lastDay = 30 + OVERDUE_REMINDER_GRACE_DAYS - 1;
    expect(dueOverdueReminder(INVOICE, later(lastDay))).toEqual({ day: 30, daysOverdue: lastDay });
    expect(dueOverdueReminder(INVOICE, later(lastDay + 1))).toBeNull();
    expect(dueOverdueReminder(INVOICE, later(400))).toBeNull();
  });

  it('counts from the due date when one is set, a calendar date or an instant', () => {
    const dueLater = { ...INVOICE, dueDate: '2027-03-08' };
    expect(dueOverdueReminder(dueLater, later(13))).toBeNull();
    expect(dueOverdueReminder(dueLater, later(14))).toEqual({ day: 7, daysOverdue: 7 });
    expect(dueOverdueReminder({ ...INVOICE, dueDate: null }, later(7))).toMatchObject({ day: 7 });
  });

  it('never calls for a reminder once nothing is owed', () => {
    const at = later(14);
    expect(dueOverdueReminder({ ...INVOICE, status: 'paid', amountPaid: 45_000 }, at)).toBeNull();
    expect(dueOverdueReminder({ ...INVOICE, status: 'cancelled' }, at)).toBeNull();
    // Paid in full but not yet marked paid, or credited in full: nothing to chase.
    expect(dueOverdueReminder({ ...INVOICE, amountPaid: 45_000 }, at)).toBeNull();
    expect(dueOverdueReminder({ ...INVOICE, amountCredited: 45_000 }, at)).toBeNull();
    // Part paid: the rest is still chased.
    expect(dueOverdueReminder({ ...INVOICE, amountPaid: 10_000 }, at)).toMatchObject({ day: 14 });
  });
});

describe('the reminder’s words', () => {
  it('says the invoice, the amount, the days and the phone, by email and in two segments', () => {
    const facts = {
      reference: 'INV-2027-12',
      amount: '$450.00',
      daysOverdue: 14,
      business: 'Pilbara Towing',
      phone: '08 9185 0000',
    };
    const email = overdueReminderEmail(facts);
    expect(email.subject).toBe('Payment reminder: invoice INV-2027-12 is 14 days overdue');
    expect(email.news).toContain('$450.00 still owing on invoice INV-2027-12');
    expect(email.news).toContain('08 9185 0000');
    const text = smsText('invoice_overdue', {
      ...facts,
      link: 'https://tow.example.com/checkout?quote=Q-2027-0301-0001&token=abcdefghijklmnopqrstuv',
    });
    expect(text.text).toBe(
      'Pilbara Towing: invoice INV-2027-12 for $450.00 is 14 days overdue. Pay here: https://tow.example.com/checkout?quote=Q-2027-0301-0001&token=abcdefghijklmnopqrstuv Questions? Call 08 9185 0000. Reply STOP to opt out.',
    );
    expect(text.segments).toBeLessThanOrEqual(2);
  });
});
