/**
 * An owner without signal signs out and in again.
 *
 * - Logout with changes still waiting warns and offers to wait or keep them on the device; kept,
 *   they are not lost and reach the server exactly once at that owner's next sign-in.
 * - Offline, the wrong password says there is no connection to check (not "invalid"); the right
 *   one signs in offline with the local data usable.
 * - When signal returns the device signs in to the server (a real session cookie) before the
 *   sync pushes anything.
 * - Waiting instead: the dialog says it waits for signal and signs out by itself once sent.
 * - Online, a wrong password still says "Invalid username or password".
 */
import type { Page, TestInfo } from '@playwright/test';
import { MESSAGES } from '@pilbara/shared-schema';
import { ADMIN, expect, test, WITH_SERVICE_WORKER } from '../fixtures/server';
import { AdminPanel, loginThroughUi } from '../page-models/admin';
import { openDevices, waitForOfflineReady } from '../page-models/app-shell';
import { AuthPage } from '../page-models/public-forms';
import { QuotesManagerPage } from '../page-models/quotes';
import { queryRows, towingQuote, uniqueCustomer } from '../page-models/test-data';

// Works with no signal: the app's code comes from the service worker.
test.use(WITH_SERVICE_WORKER);

const SYNC_TIMEOUT = 20_000;

function quotesFor(dbFile: string, customerName: string): number {
  return queryRows<{ n: number }>(
    dbFile,
    'SELECT COUNT(*) AS n FROM quotes WHERE customerName = ?',
    customerName,
  )[0]!.n;
}

function quoteNotes(dbFile: string, id: string): string | null | undefined {
  return queryRows<{ notes: string | null }>(dbFile, 'SELECT notes FROM quotes WHERE id = ?', id)[0]
    ?.notes;
}

/** A screenshot at a phone's 390 px and at desktop width, kept with the test's output. */
async function shots(page: Page, name: string, testInfo: TestInfo): Promise<void> {
  const desktop = page.viewportSize() ?? { width: 1280, height: 800 };
  await page.screenshot({ path: testInfo.outputPath(`${name}-1280.png`) });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: testInfo.outputPath(`${name}-390.png`) });
  await page.setViewportSize(desktop);
}

/** Opens the quote's editor, offline, changes its note and saves (one change waiting). */
async function editNoteOffline(page: Page, quoteId: string, note: string): Promise<void> {
  const quotes = new QuotesManagerPage(page);
  const card = quotes.manager.locator(`[data-quote-id="${quoteId}"]`);
  await expect(card).toBeVisible({ timeout: SYNC_TIMEOUT });
  await card.getByRole('button', { name: 'Edit' }).click();
  await expect(quotes.form).toBeVisible();
  await quotes.form.getByLabel('Notes').fill(note);
  await quotes.save();
  await expect(quotes.form).toHaveCount(0);
}

function toast(page: Page, text: string): ReturnType<Page['locator']> {
  return page.locator('.mantine-Notification-root').filter({ hasText: text });
}

async function signInFromHeader(page: Page, password: string): Promise<void> {
  await page.getByRole('banner').getByRole('link', { name: 'Login' }).click();
  await new AuthPage(page).login(ADMIN.username, password);
}

test('offline sign-out keeps the waiting change; offline sign-in checks the password on the device', async ({
  browser,
  baseURL,
  server,
}, testInfo) => {
  test.setTimeout(240_000);
  const devices = await openDevices(browser, baseURL, ['a']);
  const context = devices.contexts.a;
  try {
    const page = await context.newPage();
    await page.setViewportSize({ width: 1280, height: 800 });
    await loginThroughUi(page, ADMIN);
    // The online sign-in leaves a verifier on this device (never the password). It is derived in
    // the background, so it is awaited before the panel's full page load below.
    await expect
      .poll(() => page.evaluate(() => localStorage.getItem('offline_signin') ?? ''))
      .toContain('"admin"');
    expect(await page.evaluate(() => localStorage.getItem('offline_signin'))).not.toContain(
      ADMIN.password,
    );
    const a = new AdminPanel(page);
    await a.open();
    await waitForOfflineReady(page);
    await a.waitOnline();

    const quoteId = (await towingQuote(page.request, 'Signout')).id;
    await a.tab('Quotes & Billing');
    const quotes = new QuotesManagerPage(page);
    await quotes.waitForQuoteIds();

    const sessionCookie = async () =>
      (await context.cookies()).find((c) => c.name === 'sid' && c.httpOnly)?.value;
    const firstSession = await sessionCookie();
    expect(firstSession).toBeTruthy();

    // ---- Offline, two changes wait; Logout warns and keeps them on the device ---------------
    await context.setOffline(true);
    await editNoteOffline(page, quoteId, 'Kept through sign-out');
    const newCustomer = uniqueCustomer('Kept');
    await quotes.newQuote();
    await quotes.quickAdd('Services', 'Emergency Towing');
    await quotes.fillCustomer(newCustomer);
    await quotes.save();
    await expect(quotes.cardFor(newCustomer.name)).toBeVisible();
    // Offline, the live dot is not green, and the chip's details open on a tap (a phone has no
    // hover): when it last synced, and whether the browser may clear the data.
    await expect(page.getByTestId('live-dot')).toHaveAttribute('data-live', 'false');
    await expect(page.getByTestId('live-offline')).toBeVisible();
    const chip = page.getByTestId('sync-status-label');
    await expect(chip).toHaveText('Offline · 2 pending');
    await chip.click();
    const details = page.getByTestId('sync-details');
    await expect(details).toContainText('Last synced');
    await expect(details).toContainText(/offline data|Offline storage/);
    await shots(page, 'sync-details-offline', testInfo);
    await page.keyboard.press('Escape');
    await expect(details).toBeHidden();
    await page.getByRole('banner').getByRole('button', { name: 'Logout' }).click();
    const dialog = page.getByRole('dialog', { name: MESSAGES.SIGN_OUT_PENDING_TITLE });
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText(MESSAGES.signOutPending(2));
    await shots(page, 'sign-out-warning', testInfo);
    await dialog.getByRole('button', { name: MESSAGES.SIGN_OUT_KEEP }).click();
    await expect(page.getByRole('banner').getByRole('link', { name: 'Login' })).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('auth_user'))).toBeNull();

    // ---- Offline sign-in: the wrong password cannot be checked, the right one works ---------
    await signInFromHeader(page, 'not-the-password');
    await expect(toast(page, MESSAGES.SIGNIN_NO_CONNECTION)).toBeVisible({ timeout: 15_000 });
    await expect(toast(page, MESSAGES.INVALID_CREDENTIALS)).toHaveCount(0);
    await shots(page, 'offline-sign-in-no-connection', testInfo);

    const auth = new AuthPage(page);
    await auth.loginForm
      .getByRole('textbox', { name: 'Password', exact: true })
      .fill(ADMIN.password);
    await auth.loginForm.getByRole('button', { name: 'Login' }).click();
    await expect(toast(page, MESSAGES.SIGNED_IN_OFFLINE_TITLE)).toBeVisible({ timeout: 15_000 });
    await page.waitForURL((url) => url.pathname === '/admin');
    await expect(page.getByTestId('welcome-line').first()).toContainText('Welcome');
    await shots(page, 'offline-sign-in-success', testInfo);

    // The local data is usable: both kept changes are on screen, offline, and not yet sent.
    await page.getByRole('banner').getByRole('link', { name: 'Admin' }).click();
    await a.tab('Quotes & Billing');
    await expect(page.locator(`[data-quote-id="${quoteId}"]`)).toContainText(
      'Kept through sign-out',
    );
    await expect(quotes.cardFor(newCustomer.name)).toBeVisible();
    expect(quoteNotes(server.dbFile, quoteId)).toBeNull();
    expect(quotesFor(server.dbFile, newCustomer.name)).toBe(0);

    // ---- Signal returns: a real sign-in to the server first, then the kept changes sync -----
    const events: string[] = [];
    page.on('websocket', (socket) => {
      socket.on('framesent', (frame) => {
        if (typeof frame.payload === 'string' && frame.payload.includes('"type":"push"'))
          events.push('push');
      });
    });
    page.on('response', (response) => {
      if (response.url().endsWith('/api/auth/login') && response.request().method() === 'POST')
        events.push(`sign-in ${response.status()}`);
    });
    await context.setOffline(false);
    await a.waitOnline();
    await expect
      .poll(() => quoteNotes(server.dbFile, quoteId), { timeout: SYNC_TIMEOUT })
      .toBe('Kept through sign-out');
    await expect
      .poll(() => quotesFor(server.dbFile, newCustomer.name), { timeout: SYNC_TIMEOUT })
      .toBe(1);
    // The first thing sent is the sign-in (its cookie), and only after it any push.
    expect(events[0]).toBe('sign-in 200');
    expect(events).toContain('push');
    // A new server session (a real cookie), not the one from before the sign-out.
    const secondSession = await sessionCookie();
    expect(secondSession).toBeTruthy();
    expect(secondSession).not.toBe(firstSession);
    expect(await page.evaluate(() => localStorage.getItem('auth_offline'))).toBeNull();
    // A reload (which retries whatever is left in the outbox) does not send them again.
    await page.reload();
    await a.waitOnline();
    expect(quotesFor(server.dbFile, newCustomer.name)).toBe(1);
    await a.tab('Quotes & Billing');

    // ---- Wait instead of keep: it signs out by itself once the change is sent ---------------
    await context.setOffline(true);
    await editNoteOffline(page, quoteId, 'Sent before sign-out');
    await page.getByRole('banner').getByRole('button', { name: 'Logout' }).click();
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: MESSAGES.SIGN_OUT_WAIT }).click();
    await expect(dialog).toContainText(MESSAGES.SIGN_OUT_WAITING_OFFLINE);
    await shots(page, 'sign-out-waiting', testInfo);
    await context.setOffline(false);
    await expect(page.getByRole('banner').getByRole('link', { name: 'Login' })).toBeVisible({
      timeout: SYNC_TIMEOUT,
    });
    expect(quoteNotes(server.dbFile, quoteId)).toBe('Sent before sign-out');

    // ---- Online, a wrong password is still called invalid ----------------------------------
    await signInFromHeader(page, 'not-the-password');
    await expect(toast(page, MESSAGES.INVALID_CREDENTIALS)).toBeVisible({ timeout: 15_000 });
    await expect(toast(page, MESSAGES.SIGNIN_NO_CONNECTION)).toHaveCount(0);
  } finally {
    await devices.closeAll();
  }
});
