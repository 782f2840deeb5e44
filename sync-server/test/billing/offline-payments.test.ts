/**
 * A payment recorded on a device is a sync mutation (`invoice.recordPayment`) with an
 * id leased to that device, so however often the device sends it, and from whichever device a
 * second attempt comes, the money is recorded once.
 */
import { describe, expect, it } from 'vitest';
import type { Invoice, Payment } from '@pilbara/shared-schema';
import { findRows, getRow } from '../../src/db/rows';
import { login, syncCall } from '../helper';
import { THOUSAND_HUNDRED_QUOTE, acceptedInvoice, buildBillingApp } from './billing-helper';

const NOW = new Date('2026-11-21T10:00:00.000Z');

describe('invoice.recordPayment through sync', () => {
  it('records a payment pushed twice, and from a second device, exactly once', async () => {
    const app = await buildBillingApp({ now: () => NOW });
    const cookie = await login(app);
    const invoice = acceptedInvoice(app, THOUSAND_HUNDRED_QUOTE);

    const lease = await syncCall(app, cookie, 'lease', {
      clientId: 'ute-tablet',
      series: 'payments',
    });
    expect(lease.statusCode).toBe(200);
    const paymentId = (lease.json() as { start: number }).start;

    const payment = {
      seq: 1,
      mutationId: 'pay-cash-1',
      name: 'invoice.recordPayment',
      args: {
        invoiceId: invoice.id,
        paymentId,
        method: 'cash',
        amount: 110000,
        reference: 'Receipt 9',
      },
      createdAt: '2026-11-21T09:00:00.000Z',
    };
    const push = (clientId: string, mutations: unknown[]) =>
      syncCall(app, cookie, 'push', { clientId, mutations });

    const first = await push('ute-tablet', [payment]);
    expect(first.json()).toMatchObject({ lastSeq: 1, results: [{ seq: 1, status: 'applied' }] });
    // The connection dropped before the answer arrived: the device sends it again.
    const again = await push('ute-tablet', [payment]);
    expect(again.json()).toMatchObject({ lastSeq: 1, results: [{ seq: 1, status: 'applied' }] });
    // The office tablet, offline too, recorded the same cash a second time.
    const office = await push('office-tablet', [
      {
        ...payment,
        mutationId: 'pay-cash-2',
        args: { ...payment.args, paymentId: paymentId + 1000 },
      },
    ]);
    expect(office.json()).toMatchObject({
      results: [
        {
          seq: 1,
          status: 'rejected',
          code: 'invalid_state',
          message: 'This invoice is already paid',
        },
      ],
    });

    expect(findRows<Payment>(app.db, 'payments')).toEqual([
      expect.objectContaining({ id: paymentId, amount: 110000, method: 'cash', recordedBy: 1 }),
    ]);
    expect(getRow<Invoice>(app.db, 'invoices', invoice.id)).toMatchObject({
      status: 'paid',
      amountPaid: 110000,
    });
  });

  it('leases CN numbers and payment ids to devices', async () => {
    const app = await buildBillingApp({ now: () => NOW });
    const cookie = await login(app);
    for (const series of ['CN-2026', 'payments']) {
      const lease = await syncCall(app, cookie, 'lease', { clientId: 'ute-tablet', series });
      expect(lease.statusCode, series).toBe(200);
      expect(lease.json()).toMatchObject({ series, start: 1 });
    }
  });
});
