/**
 * Overdue invoices are chased: a reminder by email and by text on the 7th, 14th and 30th day past
 * the due date, each once, and never after payment. Through the real notifier on a test clock,
 * Twilio's stand-in, a real SMTP server on loopback and a restart on the same SQLite file.
 */
import { describe, expect, it } from 'vitest';
import {
  checkoutPath,
  formatCents,
  overdueReminderEmail,
  smsText,
  type Invoice,
} from '@pilbara/shared-schema';
import type { Config } from '../../src/config';
import { payLinkToken } from '../../src/db/repositories/pay-links';
import { refOfKey } from '../../src/db/repositories/documents';
import { createNotifier, notifierDepsOf, type Notifier } from '../../src/services/notifier';
import { buildTestApp, login, onTestEnd, signedIn, testConfig, type TestApp } from '../helper';
import { acceptedInvoice } from '../billing/billing-helper';
import { startSmtp, type TestSmtp } from '../smtp';
import {
  TWILIO_FROM,
  TWILIO_SID,
  TWILIO_TOKEN,
  startFakeTwilio,
  type FakeTwilio,
} from './fake-twilio';

const PUBLIC_URL = 'https://tow.example.com';
const BUSINESS = 'Pilbara Towing & Recovery';
const MAIN_PHONE = '0412 000 111';
const DAY = 86_400_000;

/** The server's clock, moved by the test. Monday 1 March 2027, 10:00 in Perth. */
const ISSUED = new Date('2027-03-01T02:00:00.000Z');
let clock = ISSUED;

/** The customer who pays after the first reminder, and the one who never does. */
const PAYS = { customerPhone: '0411 222 333', customerEmail: 'jordan@example.com' };
const NEVER = {
  customerName: 'Pat Lowe',
  customerPhone: '0422 333 444',
  customerEmail: 'pat@example.com',
};

async function stands() {
  const twilio = await startFakeTwilio();
  onTestEnd(() => twilio.close());
  return { twilio, smtp: await startSmtp() };
}

function configOf(stand: { twilio: FakeTwilio; smtp: TestSmtp }): Config {
  return testConfig({
    PUBLIC_URL,
    SMTP_URL: stand.smtp.url,
    SMS_PROVIDER: 'twilio',
    TWILIO_ACCOUNT_SID: TWILIO_SID,
    TWILIO_AUTH_TOKEN: TWILIO_TOKEN,
    SMS_FROM: TWILIO_FROM,
    TWILIO_API_BASE: stand.twilio.url,
    OWNER1_PHONE: MAIN_PHONE,
  });
}

async function serverOn(config: Config) {
  const app = await buildTestApp({ config, now: () => clock });
  const notifier: Notifier = createNotifier(
    { ...notifierDepsOf(app), staff: undefined },
    { pollMs: 600_000, afterChangeMs: 600_000 },
  );
  onTestEnd(() => notifier.stop());
  return { app, notifier, cookie: await login(app) };
}

/** The reminders recorded for an invoice's customer, by channel and status, oldest first. */
function remindersTo(app: TestApp, email: string, e164: string) {
  return app.db
    .prepare(
      `SELECT type, status, onceKey FROM notifications
        WHERE event = 'invoice_overdue' AND (recipientEmail = ? OR recipientPhone = ?)
        ORDER BY id`,
    )
    .all(email, e164) as { type: string; status: string; onceKey: string }[];
}

function textsTo(twilio: FakeTwilio, e164: string): string[] {
  return twilio.received.filter((text) => text.to === e164).map((text) => text.body);
}

/** Every email the server has recorded as sent, once all have reached the SMTP server. */
async function arrivedEmails(app: TestApp, smtp: TestSmtp) {
  const sent = app.db
    .prepare("SELECT count(*) AS n FROM notifications WHERE type = 'email' AND status = 'sent'")
    .get() as { n: number };
  const arrived = await smtp.waitFor(sent.n);
  expect(arrived).toHaveLength(sent.n);
  return arrived;
}

/** Moves the clock to `days` after issue (at `hh` Perth time) and runs the notifier. */
async function dayOf(notifier: Notifier, days: number, hh = 10): Promise<void> {
  clock = new Date(ISSUED.getTime() + days * DAY + (hh - 10) * 3_600_000);
  await notifier.run();
}

describe('overdue invoice reminders', () => {
  it('go once at day 7, 14 and 30 by email and text, and never after payment', async () => {
    clock = ISSUED;
    const stand = await stands();
    const config = configOf(stand);
    let server = await serverOn(config);
    const paid = acceptedInvoice(server.app, PAYS);
    const owed = acceptedInvoice(server.app, NEVER);
    expect([paid.status, owed.status]).toEqual(['pending', 'pending']);
    // The quotes' own texts and emails go first; the reminders are the texts about overdue.
    await server.notifier.run();
    const reminderTexts = (e164: string) =>
      textsTo(stand.twilio, e164).filter((body) => body.includes('overdue'));

    await dayOf(server.notifier, 1);
    await dayOf(server.notifier, 6, 23);
    expect(remindersTo(server.app, PAYS.customerEmail, '+61411222333')).toEqual([]);
    expect(reminderTexts('+61411222333')).toEqual([]);
    expect(reminderTexts('+61422333444')).toEqual([]);

    const expected = (invoice: Invoice, days: number) => {
      // The link names the quote by its number, as the customer knows it.
      const link = `${PUBLIC_URL}${checkoutPath(
        refOfKey(server.app.db)(invoice.quoteId!),
        payLinkToken(server.app.db, server.app.payLinkKey, invoice.quoteId!),
      )}`;
      const facts = {
        reference: invoice.number ?? invoice.id,
        amount: formatCents(invoice.amount),
        daysOverdue: days,
      };
      return {
        link,
        text: smsText('invoice_overdue', { ...facts, business: BUSINESS, link, phone: MAIN_PHONE })
          .text,
        email: overdueReminderEmail({ ...facts, business: BUSINESS, phone: MAIN_PHONE }),
      };
    };

    // Day 7: each customer is reminded by text and by email, with the pay link.
    await dayOf(server.notifier, 7);
    const mails = (await arrivedEmails(server.app, stand.smtp)).filter((mail) =>
      mail.subject?.startsWith('Payment reminder'),
    );
    expect(mails).toHaveLength(2);
    for (const [invoice, who] of [
      [paid, PAYS],
      [owed, NEVER],
    ] as const) {
      const words = expected(invoice, 7);
      const e164 = `+61${who.customerPhone.replace(/\s/g, '').slice(1)}`;
      expect(reminderTexts(e164)).toEqual([words.text]);
      const mail = mails.find((m) => m.to && 'text' in m.to && m.to.text === who.customerEmail);
      expect(mail?.subject).toBe(words.email.subject);
      expect(mail?.text).toContain(words.email.news);
      expect(mail?.text).toContain(words.link);
      expect(mail?.html).toContain(`href="${words.link.replace(/&/g, '&amp;')}"`);
    }

    // Asked again, replayed by a second run, and after a restart: nothing more.
    await server.notifier.run();
    await dayOf(server.notifier, 8);
    await server.app.close();
    server = await serverOn(config);
    await server.notifier.run();
    await dayOf(server.notifier, 13);
    expect(remindersTo(server.app, NEVER.customerEmail, '+61422333444')).toEqual([
      { type: 'email', status: 'sent', onceKey: `invoice:${owed.id}:day:7` },
      { type: 'sms', status: 'sent', onceKey: `invoice:${owed.id}:day:7` },
    ]);
    expect([...reminderTexts('+61411222333'), ...reminderTexts('+61422333444')]).toHaveLength(2);

    // The first customer pays (cash, recorded by staff) after their first reminder.
    const payment = await signedIn(server.app, server.cookie).post(
      `/api/quotes/${paid.quoteId}/record-payment`,
      { method: 'cash' },
    );
    expect(payment.statusCode, payment.body).toBe(201);
    expect(payment.json()).toMatchObject({ invoice: { id: paid.id, status: 'paid' } });

    // Day 14 and day 30: only the one still owing hears, once each.
    await dayOf(server.notifier, 14);
    await dayOf(server.notifier, 15);
    await server.app.close();
    server = await serverOn(config);
    await dayOf(server.notifier, 29);
    await dayOf(server.notifier, 30);
    await dayOf(server.notifier, 30, 18);
    await dayOf(server.notifier, 31);
    await dayOf(server.notifier, 60);

    const toPaid = remindersTo(server.app, PAYS.customerEmail, '+61411222333');
    expect(toPaid.filter((row) => row.type === 'sms').map((row) => row.onceKey)).toEqual([
      `invoice:${paid.id}:day:7`,
    ]);
    const toOwed = remindersTo(server.app, NEVER.customerEmail, '+61422333444');
    for (const type of ['email', 'sms']) {
      expect(toOwed.filter((row) => row.type === type)).toEqual(
        [7, 14, 30].map((day) => ({
          type,
          status: 'sent',
          onceKey: `invoice:${owed.id}:day:${day}`,
        })),
      );
    }
    expect(reminderTexts('+61411222333')).toEqual([expected(paid, 7).text]);
    expect(reminderTexts('+61422333444')).toEqual([
      expected(owed, 7).text,
      expected(owed, 14).text,
      expected(owed, 30).text,
    ]);
    const arrived = await arrivedEmails(server.app, stand.smtp);
    expect(
      arrived.filter((mail) => mail.subject?.startsWith('Payment reminder')).map((m) => m.subject),
    ).toEqual([
      expected(paid, 7).email.subject,
      expected(owed, 7).email.subject,
      expected(owed, 14).email.subject,
      expected(owed, 30).email.subject,
    ]);
  });
});
