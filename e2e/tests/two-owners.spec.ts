/**
 * Two owners, two admin browsers, one of them without signal.
 *
 * 1. Both edit the same draft quote: A (offline) a 5 % discount and a note, B (online) a Winch
 *    Recovery line and another note. The quote keeps the discount and the line; the two notes
 *    collide and A is shown both side by side; Keep mine puts A's note in.
 * 2. Both approve the same booking: A (offline) is told in plain words, once it syncs, which
 *    job B's approval made, with its link, no JSON and no Retry that cannot succeed.
 * 3. A works a job offline at set device times: its history on the server and on screen has
 *    those times in the order they happened, and the customer gets the completion email but no
 *    "on the way" for a job already done.
 * 4. Deleting that job's quote once it is invoiced and paid is refused, naming the invoice.
 */
import type { Page } from '@playwright/test';
import { expect, test, WITH_SERVICE_WORKER } from '../fixtures/server';
import { openAdminPanel, type AdminPanel } from '../page-models/admin';
import { DEVICE_WRITE_TIMEOUT, openDevices } from '../page-models/app-shell';
import { bookRecovery } from '../page-models/public-forms';
import { QuotesManagerPage } from '../page-models/quotes';
import { expectToastShown, watchToasts } from '../page-models/toasts';
import { notifierCaughtUp, queryRows, towingQuote, uniqueCustomer } from '../page-models/test-data';

// Works with no signal: the app's code comes from the service worker.
test.use(WITH_SERVICE_WORKER);

const SYNC_TIMEOUT = 20_000;
/** Long enough for the toasts queued before one to show in turn (five seconds each). */
const TOAST_QUEUE_TIMEOUT = 30_000;

/** Opens the quote's editor from its card. */
async function editQuote(page: Page, quoteId: string): Promise<QuotesManagerPage> {
  const quotes = new QuotesManagerPage(page);
  const card = quotes.manager.locator(`[data-quote-id="${quoteId}"]`);
  await expect(card).toBeVisible({ timeout: SYNC_TIMEOUT });
  await card.getByRole('button', { name: 'Edit' }).click();
  await expect(quotes.form).toBeVisible();
  return quotes;
}

function quoteRow(dbFile: string, id: string) {
  const [row] = queryRows<{ notes: string | null; discountPercent: number; items: string }>(
    dbFile,
    'SELECT notes, discountPercent, items FROM quotes WHERE id = ?',
    id,
  );
  return (
    row && {
      ...row,
      items: (JSON.parse(row.items) as { description: string }[]).map((i) => i.description),
    }
  );
}

/** When each of this device's pending mutations of `jobId` was made (its outbox rows, in order). */
async function outboxTimes(page: Page, jobId: string): Promise<string[]> {
  return page.evaluate(
    (id) =>
      new Promise<string[]>((resolve, reject) => {
        const open = indexedDB.open('pilbara');
        open.onerror = () => reject(new Error('the device database did not open'));
        open.onsuccess = () => {
          const idb = open.result;
          const all = idb.transaction('outbox').objectStore('outbox').getAll();
          all.onerror = () => reject(new Error('the outbox could not be read'));
          all.onsuccess = () => {
            const rows = all.result as { args: { id?: unknown }; createdAt: string }[];
            resolve(rows.filter((row) => row.args.id === id).map((row) => row.createdAt));
            idb.close();
          };
        };
      }),
    jobId,
  );
}

async function settleOnline(admin: AdminPanel): Promise<void> {
  await admin.waitOnline();
  await expect(admin.page.getByTestId('sync-status-label')).toHaveText('Synced', {
    timeout: SYNC_TIMEOUT,
  });
}

test('two owners: edits merged or shown, device times kept, losing approval named, paid quote kept', async ({
  browser,
  baseURL,
  mailbox,
  server,
}) => {
  test.setTimeout(300_000);
  const devices = await openDevices(browser, baseURL, ['a', 'b', 'visitor']);
  try {
    const a = await openAdminPanel(devices.contexts.a);
    const b = await openAdminPanel(devices.contexts.b);

    // ---- 1. The same quote edited on both devices -------------------------------------------
    const quoteId = (await towingQuote(a.page.request, 'Merge')).id;
    await a.tab('Quotes & Billing');
    await b.tab('Quotes & Billing');

    // A, without signal: a 5 % discount and a note.
    const quotesA = await editQuote(a.page, quoteId);
    await devices.contexts.a.setOffline(true);
    await quotesA.form.getByLabel('Discount', { exact: true }).fill('5');
    await quotesA.form.getByLabel('Notes').fill('Gate code 4411');
    await quotesA.save();
    await expect(quotesA.form).toHaveCount(0);

    // B, online meanwhile: the Winch Recovery line and another note.
    const quotesB = await editQuote(b.page, quoteId);
    await quotesB.quickAdd('Services', 'Winch Recovery');
    await quotesB.form.getByLabel('Notes').fill('Call before arriving');
    await quotesB.save();
    await expect(quotesB.form).toHaveCount(0);
    await expect
      .poll(() => quoteRow(server.dbFile, quoteId)?.notes, { timeout: SYNC_TIMEOUT })
      .toBe('Call before arriving');

    // A's signal returns: both non-colliding edits are kept, the notes are shown side by side.
    await devices.contexts.a.setOffline(false);
    const conflict = a.page.getByTestId('sync-conflict');
    await expect(conflict).toBeVisible({ timeout: SYNC_TIMEOUT });
    expect(quoteRow(server.dbFile, quoteId)).toEqual({
      notes: 'Call before arriving',
      discountPercent: 5,
      items: ['Emergency Towing', 'Winch Recovery'],
    });
    const part = conflict.getByTestId('conflict-part');
    await expect(part).toHaveCount(1);
    await expect(part).toContainText('Notes');
    await expect(part).toContainText('Gate code 4411');
    await expect(part).toContainText('Call before arriving');
    await expect(conflict.getByRole('button', { name: 'Keep mine' })).toBeVisible();
    await expect(conflict.getByRole('button', { name: 'Keep theirs' })).toBeVisible();
    await expect(conflict.getByRole('button', { name: 'Merge as chosen' })).toBeVisible();
    await conflict.getByRole('button', { name: 'Keep mine' }).click();
    await expect(conflict).toHaveCount(0);
    await expect
      .poll(() => quoteRow(server.dbFile, quoteId), { timeout: SYNC_TIMEOUT })
      .toEqual({
        notes: 'Gate code 4411',
        discountPercent: 5,
        items: ['Emergency Towing', 'Winch Recovery'],
      });
    await settleOnline(a);

    // ---- 2. The same booking approved twice ------------------------------------------------
    const publicPage = await devices.contexts.visitor.newPage();
    const who = await bookRecovery(publicPage, 'Twice');
    await a.tab('Pending Bookings');
    await b.tab('Pending Bookings');
    await expect(a.bookingCard(who.name)).toBeVisible({ timeout: SYNC_TIMEOUT });
    await expect(b.bookingCard(who.name)).toBeVisible({ timeout: SYNC_TIMEOUT });
    await devices.contexts.a.setOffline(true);
    await a.bookingCard(who.name).getByRole('button', { name: 'Approve' }).click();
    const offlineToast = a.toast('Booking Approved');
    // Offline: the job has no number yet, and its key is never shown; the number comes when it
    // syncs.
    await expect(offlineToast).toContainText('(number pending)');
    await expect(offlineToast).not.toContainText(/JOB-\d{4}-P\d+/);
    await b.bookingCard(who.name).getByRole('button', { name: 'Approve' }).click();
    const winnerToast = b.toast('Booking Approved');
    // Online: the provisional wording, replaced by the number as soon as the server gives it.
    await expect(winnerToast).toContainText(/JOB-\d{4}-\d+/, { timeout: SYNC_TIMEOUT });
    const winnerRef = /JOB-\d{4}-\d+/.exec((await winnerToast.textContent()) ?? '')?.[0];
    const winnerRow = () =>
      queryRows<{ id: string; number: string }>(
        server.dbFile,
        'SELECT id, number FROM jobs WHERE id = ? OR number = ?',
        winnerRef,
        winnerRef,
      )[0];
    await expect.poll(() => winnerRow()?.number, { timeout: SYNC_TIMEOUT }).toBeTruthy();
    const { id: winnerKey, number: winnerId } = winnerRow()!;
    await expect(winnerToast).toContainText(winnerId, { timeout: SYNC_TIMEOUT });

    await devices.contexts.a.setOffline(false);
    const issue = a.page
      .getByTestId('sync-issue')
      .filter({ hasText: 'already approved this booking' });
    await expect(issue).toBeVisible({ timeout: SYNC_TIMEOUT });
    await expect(issue).toContainText(`already approved this booking as ${winnerId}.`);
    await expect(issue.getByTestId('sync-issue-replacement')).toContainText(
      `What was made on this device was not kept: see ${winnerId}`,
    );
    await expect(issue.getByRole('link', { name: winnerId })).toHaveAttribute(
      'href',
      `/admin#${winnerKey}`,
    );
    await expect(issue.getByRole('button', { name: 'Retry' })).toHaveCount(0);
    expect(await issue.textContent()).not.toMatch(/[{}]|"bookingId"/);
    await issue.getByRole('button', { name: 'Done' }).click();
    await expect(issue).toHaveCount(0);
    await settleOnline(a);

    // ---- 3. A job worked offline, at set device times ----------------------------------------
    const jobCustomer = uniqueCustomer('Clock');
    const job = await a.page.request.post('/api/jobs', {
      data: {
        customerName: jobCustomer.name,
        phone: jobCustomer.phone,
        email: jobCustomer.email,
        service: '4x4 Recovery',
        location: 'Millstream Rd',
      },
    });
    expect(job.status()).toBe(201);
    const { id: jobId, number: jobNumber } = (
      (await job.json()) as {
        job: { id: string; number: string };
      }
    ).job;
    await a.tab('Job Management');
    await expect(a.jobCard(jobId)).toBeVisible({ timeout: SYNC_TIMEOUT });

    // The device's clock is driven from here on (its first setting takes a moment to apply).
    const warmUp = new Date();
    await a.page.clock.setFixedTime(warmUp);
    await expect.poll(() => a.page.evaluate(() => Date.now())).toBe(warmUp.getTime());
    await devices.contexts.a.setOffline(true);
    // The device's clock at each press: seconds after the job was created, and all before the
    // moment it syncs (each set on the device, so the test does not depend on its own speed).
    const createdAt = queryRows<{ createdAt: string }>(
      server.dbFile,
      'SELECT createdAt FROM jobs WHERE id = ?',
      jobId,
    )[0]?.createdAt;
    const bornAt = Math.ceil(Date.parse(createdAt!) / 1000) * 1000;
    const times = [bornAt + 2_000, bornAt + 3_000, bornAt + 5_000].map((ms) => new Date(ms));
    const controls = a.controls(jobId);
    const steps = [
      [controls.markEnRoute, 'En Route'],
      [controls.startService, 'In Progress'],
      [controls.complete, 'Completed'],
    ] as const;
    for (const [index, [button, status]] of steps.entries()) {
      await a.page.clock.setFixedTime(times[index]!);
      if (button === controls.complete) await a.completeJob(jobId);
      else await button.click();
      // The clock moves on only once the step is written on the device (the card shows it): the
      // device time is read when the mutation is made, after its ids are minted, which on a busy
      // machine comes seconds after the button shows its spinner.
      await expect(a.jobCard(jobId)).toHaveAttribute('data-status', status, {
        timeout: DEVICE_WRITE_TIMEOUT,
      });
    }
    // Device time is the time each mutation was made on the device: its outbox row's createdAt,
    // sent with the push. Here, the time each button was pressed.
    const madeAt = await outboxTimes(a.page, jobId);
    expect(madeAt).toEqual(times.map((time) => time.toISOString()));
    // Signal returns a little after the last press: the real clock passes it first.
    await expect
      .poll(() => Date.now(), { timeout: SYNC_TIMEOUT })
      .toBeGreaterThan(times[2]!.getTime() + 2_000);
    await a.page.clock.setFixedTime(new Date());
    await devices.contexts.a.setOffline(false);

    const history = () =>
      queryRows<{ status: string; createdAt: string }>(
        server.dbFile,
        'SELECT status, createdAt FROM job_updates WHERE jobId = ? ORDER BY createdAt, id',
        jobId,
      );
    await expect.poll(() => history().length, { timeout: SYNC_TIMEOUT }).toBe(4);
    expect(history().slice(1)).toEqual(
      steps.map(([, status], index) => ({ status, createdAt: madeAt[index] })),
    );
    // On screen: newest first, in the order it happened.
    await a.controls(jobId).history.click();
    const items = a.jobCard(jobId).getByTestId('job-history').locator('.mantine-Timeline-item');
    await expect(items).toHaveCount(4);
    await expect(items.nth(0)).toContainText('Job completed');
    await expect(items.nth(1)).toContainText('Service started');
    await expect(items.nth(2)).toContainText('Driver en route');

    // The customer hears that the job is done, and no "on the way" after it.
    const mailsFor = () => mailbox.messages.filter((mail) => mail.to.includes(jobCustomer.email));
    await expect.poll(() => mailsFor().length, { timeout: SYNC_TIMEOUT }).toBeGreaterThan(0);
    // Once the notifier has read every change and sent what it found, nothing more can come.
    await notifierCaughtUp(server.dbFile, jobId);
    expect(mailsFor().map((mail) => /Subject: (.*)/.exec(mail.raw)?.[1]?.trim())).toEqual([
      `Job ${jobNumber}: completed`,
    ]);

    // ---- 4. Its quote, invoiced and paid, cannot be deleted ---------------------------------
    const [autoQuote] = queryRows<{ id: string }>(
      server.dbFile,
      "SELECT id FROM quotes WHERE customerName = ? AND status = 'draft'",
      jobCustomer.name,
    );
    expect(autoQuote).toBeDefined();
    // Sent to the customer (as Email Quote would), then accepted and paid on A.
    const sent = await a.page.request.patch(`/api/quotes/${autoQuote!.id}`, {
      data: { status: 'sent' },
    });
    expect(sent.status()).toBe(200);
    await a.tab('Quotes & Billing');
    const quotes = new QuotesManagerPage(a.page);
    const card = quotes.manager.locator(`[data-quote-id="${autoQuote!.id}"]`);
    await expect(card).toBeVisible({ timeout: SYNC_TIMEOUT });
    await card.getByRole('button', { name: 'Accept' }).click();
    await expect(card.getByTestId('quote-status')).toHaveText('Accepted', {
      timeout: SYNC_TIMEOUT,
    });
    // One toast shows at a time, five seconds each, and the ones this device raised in step 3
    // (en route, started, completed) and for the acceptance are still waiting their turn: the
    // payment's toast comes after them, so it is looked for in what the page drew, however late.
    await watchToasts(a.page);
    await card.getByRole('button', { name: 'Record payment' }).click();
    const dialog = a.page.getByRole('dialog', { name: 'Record payment' });
    await dialog.getByText('Bank transfer').click();
    await dialog.getByRole('button', { name: 'Record payment' }).click();
    await expectToastShown(a.page, 'Payment recorded', TOAST_QUEUE_TIMEOUT);
    await settleOnline(a);
    const [invoice] = queryRows<{ id: string; number: string }>(
      server.dbFile,
      'SELECT id, number FROM invoices WHERE quoteId = ?',
      autoQuote!.id,
    );
    expect(invoice).toBeDefined();

    await card.getByRole('button', { name: 'Delete' }).click();
    await a.page
      .getByRole('dialog', { name: 'Delete quote?' })
      .getByRole('button', { name: 'Delete' })
      .click();
    await expect(quotes.toast(`has tax invoice ${invoice!.number}`)).toBeVisible();
    await expect(card).toBeVisible();
    await settleOnline(a);
    expect(
      queryRows(server.dbFile, 'SELECT id FROM quotes WHERE id = ?', autoQuote!.id),
    ).toHaveLength(1);
  } finally {
    await devices.closeAll();
  }
});
