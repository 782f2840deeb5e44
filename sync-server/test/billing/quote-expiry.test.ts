/**
 * Quotes expire: past its valid-until date a sent quote cannot be paid by any route — the pay
 * link's card payment (against the card provider's local stand-in: no intent is even asked
 * for), staff recording a cash or bank payment, or accepting it on a device — and each says so,
 * with the phone to call. The pay page's status call says it expired. Staff renew it, which
 * sends it again, and then it can be paid.
 */
import { describe, expect, it } from 'vitest';
import { MESSAGES, type Quote } from '@pilbara/shared-schema';
import { getRow } from '../../src/db/rows';
import { mintTextId } from '../../src/db/id-series';
import { applyServerMutation } from '../../src/sync/server-apply';
import { login, signedIn, type TestApp } from '../helper';
import { startSmtp } from '../smtp';
import { buildBillingApp, createQuote, payCall, stripeEnv } from './billing-helper';
import { startFakeStripe } from './fake-stripe';

/** The server's clock, moved by the tests. */
let clock = new Date('2026-11-20T02:00:00.000Z');
const DAY = 86_400_000;

async function setup() {
  const fake = await startFakeStripe();
  const smtp = await startSmtp();
  const app = await buildBillingApp({
    now: () => clock,
    env: {
      ...stripeEnv(fake.url, fake.secretKey),
      SMTP_URL: smtp.url,
      OWNER1_PHONE: '0412 000 111',
    },
  });
  return { app, fake, smtp, admin: await login(app) };
}

function payStatus(app: TestApp, quoteId: string) {
  return app.inject({
    method: 'GET',
    url: payCall(app, quoteId, 'create-payment-intent').replace(
      'create-payment-intent',
      'pay-status',
    ),
  });
}

describe('an expired quote', () => {
  it('cannot be paid by the pay link, by staff or accepted; renewing sends it again', async () => {
    clock = new Date('2026-11-20T02:00:00.000Z');
    const { app, fake, smtp, admin } = await setup();
    const quote = createQuote(app, { customerEmail: 'kim@example.com', validDays: 14 }, 'sent');
    expect((await payStatus(app, quote.id)).json()).toMatchObject({
      expired: false,
      status: 'sent',
    });

    // Fifteen days later it is past its date.
    clock = new Date(clock.getTime() + 15 * DAY);
    const status = await payStatus(app, quote.id);
    expect(status.statusCode).toBe(200);
    expect(status.json()).toMatchObject({
      expired: true,
      status: 'sent',
      validUntil: quote.validUntil,
    });

    const expired = MESSAGES.quoteExpired('Dec 4, 2026', '0412 000 111');
    const byCard = await app.inject({
      method: 'POST',
      url: payCall(app, quote.id, 'create-payment-intent'),
    });
    expect(byCard.statusCode).toBe(409);
    expect(byCard.json()).toMatchObject({ error: expired });
    expect(fake.created()).toHaveLength(0);

    const byStaff = await signedIn(app, admin).post(`/api/quotes/${quote.id}/record-payment`, {
      method: 'cash',
    });
    expect(byStaff.statusCode).toBe(409);
    expect(byStaff.json()).toMatchObject({ error: expired });

    const accepted = applyServerMutation(
      app.db,
      'quote.accept',
      { id: quote.id, invoiceId: mintTextId(app.db, 'INV', clock) },
      1,
      clock.toISOString(),
    );
    expect(accepted).toMatchObject({ ok: false, message: MESSAGES.QUOTE_EXPIRED_SHORT });
    expect(getRow<Quote>(app.db, 'quotes', quote.id)?.status).toBe('sent');
    expect(app.db.prepare('SELECT count(*) AS n FROM payments').get()).toEqual({ n: 0 });

    // Staff renew it: good for 14 days from now, emailed again with its pay link.
    const renewed = await signedIn(app, admin).post(`/api/quotes/${quote.id}/renew`, {});
    expect(renewed.statusCode, renewed.body).toBe(200);
    expect(renewed.json()).toMatchObject({
      quote: { status: 'sent', validUntil: new Date(clock.getTime() + 14 * DAY).toISOString() },
    });
    const [mail] = await smtp.waitFor(1);
    expect(mail?.to).toMatchObject({ text: 'kim@example.com' });
    expect((await payStatus(app, quote.id)).json()).toMatchObject({ expired: false });
    const paid = await app.inject({
      method: 'POST',
      url: payCall(app, quote.id, 'create-payment-intent'),
    });
    expect(paid.statusCode, paid.body).toBe(200);

    // A quote still good cannot be renewed.
    const again = await signedIn(app, admin).post(`/api/quotes/${quote.id}/renew`, {});
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ error: MESSAGES.QUOTE_NOT_EXPIRED });
  });

  it('keeps an accepted quote payable after its date: its invoice is owed', async () => {
    clock = new Date('2026-11-20T02:00:00.000Z');
    const { app } = await setup();
    const quote = createQuote(app, { validDays: 14 }, 'accepted');
    clock = new Date(clock.getTime() + 30 * DAY);
    expect((await payStatus(app, quote.id)).json()).toMatchObject({ expired: false });
    const byCard = await app.inject({
      method: 'POST',
      url: payCall(app, quote.id, 'create-payment-intent'),
    });
    expect(byCard.statusCode, byCard.body).toBe(200);
  });
});
