import { payLinkToken } from '../../src/db/repositories/pay-links';
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import type { EmailRecord, JobMessage, Quote } from '@pilbara/shared-schema';
import { findRows, getRow } from '../../src/db/rows';
import { login, snapshotDatabase } from '../helper';
import { startSmtp } from '../smtp';
import { buildBillingApp, changesFor, createQuote, pdfPages } from './billing-helper';

const PUBLIC_URL = 'https://tow.example.com';

/** A loopback port with nothing listening, so a send fails at once with ECONNREFUSED. */
async function closedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

describe('POST /api/quotes/:id/send-email', () => {
  it('mails the quote over SMTP with the PDF and the pay link, records it, and marks the draft sent', async () => {
    const smtp = await startSmtp();
    const app = await buildBillingApp({ env: { SMTP_URL: smtp.url, PUBLIC_URL } });
    const quote = createQuote(app);
    const cookie = await login(app);

    const response = await app.inject({
      method: 'POST',
      url: `/api/quotes/${quote.id}/send-email`,
      headers: { cookie },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().quote).toMatchObject({ id: quote.id, status: 'sent' });

    const [mail] = await smtp.waitFor(1);
    expect(mail?.to && !Array.isArray(mail.to) ? mail.to.text : '').toBe('jordan@example.com');
    // The customer reads the quote's number; the key stays in links.
    expect(quote.number).toMatch(/^Q-\d{4}-\d+$/);
    expect(mail?.subject).toBe(`Your quote ${quote.number} from ${app.profile.tradingName}`);
    // The pay link carries the quote's own token; the public payment calls need it.
    const token = payLinkToken(app.db, app.payLinkKey, quote.id);
    expect(token).toMatch(/^[A-Za-z0-9_-]{22}$/);
    const payLink = `${PUBLIC_URL}/checkout?quote=${quote.number}&token=${token}`;
    expect(mail?.text).toContain(payLink);
    expect(mail?.html).toContain(`href="${payLink.replace('&', '&amp;')}"`);
    // The totals are worded as on the quote document: the final price and the GST it includes.
    expect(mail?.text).toContain('Final price: $340.20');
    expect(mail?.text).toContain('GST included: $30.93');

    expect(mail?.attachments).toHaveLength(1);
    const attachment = mail?.attachments[0];
    expect(attachment?.filename).toBe(`Quote-${quote.number}.pdf`);
    expect(attachment?.contentType).toBe('application/pdf');
    const pdfText = (await pdfPages(attachment?.content as Buffer)).join(' ');
    expect(pdfText).toContain(`QUOTE ${quote.number}`);
    expect(pdfText).toContain('Final price $340.20');
    expect(pdfText).toContain(`Pay online: ${payLink}`);

    // The stored quote is sent, through the mutation path (so it is in the change log).
    expect(getRow<Quote>(app.db, 'quotes', quote.id)?.status).toBe('sent');
    const quoteChanges = changesFor(app, 'quotes', quote.id);
    expect(JSON.parse(quoteChanges.at(-1)?.data ?? '{}')).toMatchObject({ status: 'sent' });

    // Recorded as Sent in the quote's history, never among the contact messages.
    expect(findRows<EmailRecord>(app.db, 'emails')).toEqual([]);
    const history = await app.inject({
      method: 'GET',
      url: `/api/quotes/${quote.number}/messages`,
      headers: { cookie },
    });
    expect(history.statusCode).toBe(200);
    expect(history.json<{ messages: JobMessage[] }>().messages).toMatchObject([
      {
        type: 'email',
        recipient: 'jordan@example.com',
        subject: mail?.subject,
        status: 'sent',
        event: null,
      },
    ]);
  });

  it('sends a sent quote again without changing it, and refuses accepted ones', async () => {
    const smtp = await startSmtp();
    const app = await buildBillingApp({ env: { SMTP_URL: smtp.url, PUBLIC_URL } });
    const cookie = await login(app);
    const sent = createQuote(app, {}, 'sent');
    const again = await app.inject({
      method: 'POST',
      url: `/api/quotes/${sent.id}/send-email`,
      headers: { cookie },
    });
    expect(again.statusCode).toBe(200);
    expect(again.json().quote.status).toBe('sent');
    await smtp.waitFor(1);

    const accepted = createQuote(app, {}, 'accepted');
    const refused = await app.inject({
      method: 'POST',
      url: `/api/quotes/${accepted.id}/send-email`,
      headers: { cookie },
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toBe('Only draft or sent quotes can be emailed');
    expect(smtp.messages).toHaveLength(1);
  });

  it('answers 400 with a clear message when the quote has no email address, and sends nothing', async () => {
    const smtp = await startSmtp();
    const app = await buildBillingApp({ env: { SMTP_URL: smtp.url } });
    const cookie = await login(app);
    const quote = createQuote(app, { customerEmail: null });
    const before = snapshotDatabase(app);
    const response = await app.inject({
      method: 'POST',
      url: `/api/quotes/${quote.id}/send-email`,
      headers: { cookie, 'content-type': 'application/json' },
      payload: '',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toBe(
      'This quote has no customer email address. Add one to the quote before emailing it.',
    );
    expect(snapshotDatabase(app)).toEqual(before);
    expect(smtp.messages).toHaveLength(0);
  });

  it("answers 502 'Email sending failed' when delivery fails, keeping the quote a draft", async () => {
    const app = await buildBillingApp({
      env: { SMTP_URL: `smtp://127.0.0.1:${await closedPort()}` },
    });
    const cookie = await login(app);
    const quote = createQuote(app);
    const response = await app.inject({
      method: 'POST',
      url: `/api/quotes/${quote.id}/send-email`,
      headers: { cookie },
    });
    expect(response.statusCode).toBe(502);
    expect(response.json()).toEqual({ error: 'Email sending failed' });
    expect(getRow<Quote>(app.db, 'quotes', quote.id)?.status).toBe('draft');
    // The attempt stays in the quote's history as failed, with the mailer's reason.
    expect(findRows<EmailRecord>(app.db, 'emails')).toEqual([]);
    const history = await app.inject({
      method: 'GET',
      url: `/api/quotes/${quote.id}/messages`,
      headers: { cookie },
    });
    const [attempt] = history.json<{ messages: JobMessage[] }>().messages;
    expect(attempt).toMatchObject({ type: 'email', status: 'failed' });
    expect(attempt?.error).toBeTruthy();
  });

  it('answers 404 for an unknown quote', async () => {
    const app = await buildBillingApp();
    const cookie = await login(app);
    const response = await app.inject({
      method: 'POST',
      url: '/api/quotes/Q-2026-404/send-email',
      headers: { cookie },
    });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ error: 'Quote not found' });
  });
});
