/**
 * The monthly statements: on the first business day of the month (Perth) each open account with
 * a billing email and something to state gets last month's statement as a PDF, once — however
 * many times the service runs, and across a restart of the server on the same database.
 */
import { describe, expect, it } from 'vitest';
import { sendMonthlyStatements } from '../../src/services/monthly-statements';
import { buildTestApp, login, testConfig, type TestApp } from '../helper';
import { startSmtp } from '../smtp';
import { pdfPages } from '../billing/billing-helper';
import { addAccount, billedJob, fleet, mineSite } from './account-helper';

function runStatements(app: TestApp) {
  return sendMonthlyStatements({
    db: app.db,
    mailer: app.mailer,
    pdf: app.pdf,
    profile: app.profile,
    now: app.now,
  });
}

describe('monthly statements', () => {
  it('emails last month’s statement once, from the first business day, to each billing contact', async () => {
    const smtp = await startSmtp();
    // Work in October 2026 for two accounts; a third has no billing email.
    let clock = new Date('2026-10-13T02:00:00.000Z');
    const config = testConfig({ SMTP_URL: smtp.url, BUSINESS_ABN: '51 824 753 556' });
    const app = await buildTestApp({ config, now: () => clock });
    const admin = await login(app);
    const mine = await addAccount(app, admin, mineSite());
    const haulage = await addAccount(app, admin, fleet());
    const silent = await addAccount(
      app,
      admin,
      fleet({ name: 'No Email Co', legalName: 'No Email Co Pty Ltd', billingEmail: null }),
    );
    const mineJob = billedJob(app, mine, { cents: 110_000 });
    billedJob(app, haulage, { cents: 45_000 });
    billedJob(app, silent, { cents: 20_000 });

    // Sunday 1 November (Perth): not a business day.
    clock = new Date('2026-11-01T08:00:00.000Z');
    expect(await runStatements(app)).toBe(0);
    // Monday 2 November, 07:00 in Perth.
    clock = new Date('2026-11-01T23:00:00.000Z');
    expect(await runStatements(app)).toBe(2);
    expect(await runStatements(app)).toBe(0);
    clock = new Date('2026-11-09T23:00:00.000Z');
    expect(await runStatements(app)).toBe(0);

    // The server restarts on the same database later that month: nothing goes twice.
    await app.close();
    const again = await buildTestApp({ config, now: () => clock });
    expect(await runStatements(again)).toBe(0);

    const mail = await smtp.waitFor(2);
    expect(mail).toHaveLength(2);
    expect(
      mail.map((message) => message.to && 'text' in message.to && message.to.text).sort(),
    ).toEqual(['ap@capelambert.example', 'finance@haulage.example']);
    const toMine = mail.find((message) => message.subject?.includes('Cape Lambert Iron Pty Ltd'));
    expect(toMine?.subject).toBe('Statement for October 2026: Cape Lambert Iron Pty Ltd');
    const attachment = toMine?.attachments[0];
    expect(attachment?.filename).toBe('Statement-Cape-Lambert-Iron-2026-10.pdf');
    const text = (await pdfPages(attachment?.content as Buffer)).join(' ');
    expect(text).toContain('October 2026');
    expect(text).toContain(mineJob.invoice.number);
    expect(text).toContain('Closing balance $1,100.00');
    // Recorded as sent, under its once-only key.
    const rows = again.db
      .prepare(
        "SELECT onceKey, status FROM notifications WHERE event = 'monthly-statement' ORDER BY onceKey",
      )
      .all();
    expect(rows).toEqual([
      { onceKey: `statement:${mine.id}:2026-10`, status: 'sent' },
      { onceKey: `statement:${haulage.id}:2026-10`, status: 'sent' },
    ]);
  });

  it('tries again a statement the mail server refused, and sends it once', async () => {
    const smtp = await startSmtp();
    let clock = new Date('2026-10-13T02:00:00.000Z');
    // Nothing listens here: the first tries are refused.
    const refusing = testConfig({ SMTP_URL: 'smtp://127.0.0.1:9' });
    const app = await buildTestApp({ config: refusing, now: () => clock });
    const mine = await addAccount(app, await login(app), mineSite());
    billedJob(app, mine);
    clock = new Date('2026-11-01T23:00:00.000Z');
    expect(await runStatements(app)).toBe(0);
    expect(
      app.db
        .prepare("SELECT status, attempts FROM notifications WHERE event = 'monthly-statement'")
        .get(),
    ).toEqual({ status: 'failed', attempts: 1 });
    await app.close();
    const fixed = await buildTestApp({
      config: { ...refusing, smtpUrl: smtp.url },
      now: () => clock,
    });
    expect(await runStatements(fixed)).toBe(1);
    expect(await runStatements(fixed)).toBe(0);
    expect(await smtp.waitFor(1)).toHaveLength(1);
  });
});
