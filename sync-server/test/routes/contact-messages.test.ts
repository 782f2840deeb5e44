/**
 * Contact messages closed, on a real SMTP server on loopback: a staff reply goes to the customer
 * threaded under the owners' copy (In-Reply-To and References name its Message-ID, RFC 5322
 * §3.6.4) and is kept with the message, which is then handled; a quote request becomes a
 * prefilled draft quote, once. Bad input, guests and customers are refused.
 */
import { describe, expect, it } from 'vitest';
import {
  BUILT_IN_PRICES,
  quickAddCatalogue,
  type EmailRecord,
  type Quote,
} from '@pilbara/shared-schema';
import { getRow } from '../../src/db/rows';
import { buildTestApp, login, registerCustomer, signedIn, syncCall, testConfig } from '../helper';
import { startSmtp } from '../smtp';

const BUSINESS_EMAIL = 'office@pilbaratow.example';

async function appWithMail() {
  const smtp = await startSmtp();
  const app = await buildTestApp({
    config: testConfig({ SMTP_URL: smtp.url, BUSINESS_EMAIL }),
  });
  return { app, smtp, admin: await login(app) };
}

const MESSAGE = {
  firstName: 'Robin',
  lastName: 'Hale',
  phone: '0423 456 701',
  email: 'robin@example.com',
  serviceNeeded: 'General Inquiry',
  message: 'Do you tow caravans to Port Hedland?',
};

describe('contact messages: replies and quote requests', () => {
  it('sends a reply threaded under the message, keeps it, and marks the message handled', async () => {
    const { app, smtp, admin } = await appWithMail();
    const sent = await app.inject({ method: 'POST', url: '/api/contact', payload: MESSAGE });
    expect(sent.statusCode).toBe(201);
    const [owners] = await smtp.waitFor(1);
    const { id } = app.db.prepare('SELECT id FROM emails').get() as { id: number };
    expect(owners?.messageId).toBe(`<contact-${id}@pilbaratow.example>`);

    const staff = signedIn(app, admin);
    const empty = await staff.post(`/api/contact-messages/${id}/reply`, { text: '  ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toMatchObject({ fields: { text: 'Write the reply first' } });

    const first = await staff.post(`/api/contact-messages/${id}/reply`, {
      text: 'Yes, we tow caravans up to 3.5 t. Call us to book.',
    });
    expect(first.statusCode, first.body).toBe(200);
    const [, reply] = await smtp.waitFor(2);
    expect(reply?.to).toMatchObject({ text: MESSAGE.email });
    expect(reply?.inReplyTo).toBe(owners?.messageId);
    expect(reply?.references).toBe(owners?.messageId);
    expect(reply?.subject).toBe('Re: your message to Pilbara Towing & Recovery (General Inquiry)');
    expect(reply?.text).toContain('Yes, we tow caravans up to 3.5 t.');
    expect(reply?.text).toContain('> Do you tow caravans to Port Hedland?');

    const second = await staff.post(`/api/contact-messages/${id}/reply`, {
      text: 'One more thing: we need the caravan length.',
    });
    expect(second.statusCode).toBe(200);
    const [, , again] = await smtp.waitFor(3);
    expect(again?.inReplyTo).toBe(owners?.messageId);
    expect(again?.references).toEqual([owners?.messageId, reply?.messageId]);

    const kept = getRow<EmailRecord>(app.db, 'emails', id)!;
    expect(kept).toMatchObject({ status: 'handled', handledBy: 'Admin' });
    expect(kept.replies?.map((r) => [r.by, r.status, r.text])).toEqual([
      ['Admin', 'sent', 'Yes, we tow caravans up to 3.5 t. Call us to book.'],
      ['Admin', 'sent', 'One more thing: we need the caravan length.'],
    ]);
    // The replies reach staff devices through the change log like any change.
    const logged = app.db
      .prepare("SELECT count(*) AS n FROM changes WHERE entity = 'emails' AND rowId = ?")
      .get(id) as { n: number };
    expect(logged.n).toBeGreaterThanOrEqual(3);
  });

  it('refuses a reply from a guest or a customer, and to an unknown message', async () => {
    const { app, admin } = await appWithMail();
    const guest = await app.inject({
      method: 'POST',
      url: '/api/contact-messages/1/reply',
      payload: { text: 'Hello' },
    });
    expect(guest.statusCode).toBe(401);
    const customer = await registerCustomer(app);
    expect(
      (await signedIn(app, customer).post('/api/contact-messages/1/reply', { text: 'Hello' }))
        .statusCode,
    ).toBe(403);
    expect(
      (await signedIn(app, admin).post('/api/contact-messages/99/reply', { text: 'Hello' }))
        .statusCode,
    ).toBe(404);
  });

  it('turns a quote request into a prefilled draft quote, once', async () => {
    const { app, admin } = await appWithMail();
    const request = await app.inject({
      method: 'POST',
      url: '/api/contact',
      payload: {
        ...MESSAGE,
        serviceNeeded: '4x4 Recovery',
        message: 'Bogged past the Millstream turn-off, need a recovery and a tow to town.',
        kind: 'quote',
        vehicle: 'Toyota Hilux 4x4',
        fromLocation: 'Millstream',
        toLocation: 'Karratha',
      },
    });
    expect(request.statusCode, request.body).toBe(201);
    const stored = app.db.prepare('SELECT id FROM emails').get() as { id: number };
    expect(getRow<EmailRecord>(app.db, 'emails', stored.id)).toMatchObject({
      kind: 'quote',
      status: 'new',
      details: { vehicle: 'Toyota Hilux 4x4', fromLocation: 'Millstream', toLocation: 'Karratha' },
    });

    const year = new Date().getFullYear();
    const lease = await syncCall(app, admin, 'lease', { clientId: 'office', series: `Q-${year}` });
    expect(lease.statusCode, lease.body).toBe(200);
    const { start } = lease.json() as { start: number };
    const quoteId = `Q-${year}-P${start}`;
    const push = (seq: number, id: string) =>
      syncCall(app, admin, 'push', {
        clientId: 'office',
        mutations: [
          {
            seq,
            mutationId: `office-${seq}`,
            name: 'contactMessage.draftQuote',
            args: { id: stored.id, quoteId: id },
            createdAt: new Date().toISOString(),
          },
        ],
      });
    const pushed = await push(1, quoteId);
    expect(pushed.statusCode, pushed.body).toBe(200);
    expect((pushed.json() as { results: { status: string }[] }).results[0]?.status).toBe('applied');
    const quote = getRow<Quote>(app.db, 'quotes', quoteId)!;
    const line = quickAddCatalogue(BUILT_IN_PRICES).service.find(
      (item) => item.description === '4x4 Recovery',
    )!;
    expect(quote).toMatchObject({
      status: 'draft',
      customerName: 'Robin Hale',
      customerPhone: MESSAGE.phone,
      customerEmail: MESSAGE.email,
      vehicleType: 'Toyota Hilux 4x4',
      service: '4x4 Recovery',
      fromLocation: 'Millstream',
      toLocation: 'Karratha',
      notes:
        'Quote request: Bogged past the Millstream turn-off, need a recovery and a tow to town.',
    });
    expect(quote.items).toEqual([
      expect.objectContaining({ description: '4x4 Recovery', unitPrice: line.unitPriceCents }),
    ]);
    expect(getRow<EmailRecord>(app.db, 'emails', stored.id)).toMatchObject({
      quoteId,
      status: 'handled',
    });
    // A second draft from the same request is refused, and nothing is written.
    const twice = await push(2, `Q-${year}-P${start + 1}`);
    expect(
      (twice.json() as { results: { status: string; message?: string }[] }).results[0],
    ).toMatchObject({
      status: 'rejected',
      message: `Draft quote ${quoteId} was already made from this request`,
    });
    expect(getRow(app.db, 'quotes', `Q-${year}-P${start + 1}`)).toBeUndefined();
  });
});
