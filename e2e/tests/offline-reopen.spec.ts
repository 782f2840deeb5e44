/**
 * Changes stuck after an offline sign-in. A driver with no
 * signal takes a step, signs out keeping it on the phone, signs in again offline, closes the
 * browser and opens it again with signal. The phone no longer holds the password, so nothing
 * could send the step by itself: it used to show "Offline · 1 pending" for good. Now it says in
 * plain words what it needs ("Sign in again to send 1 change"), with the one button that does
 * it, and the step reaches the server at the time the driver took it.
 *
 * Also: signed out with a change kept on the phone, the app names whose change waits and the
 * button signs that person in (the username filled in).
 */
import type { APIRequestContext, BrowserContext, Page } from '@playwright/test';
import { MESSAGES } from '@pilbara/shared-schema';
import { expect, test, WITH_SERVICE_WORKER } from '../fixtures/server';
import { openPhone, waitForOfflineReady } from '../page-models/app-shell';
import { DriverScreen } from '../page-models/driver';
import { AuthPage } from '../page-models/public-forms';
import {
  addDriverWithJob,
  driverAccount,
  queryRows,
  uniqueCustomer,
} from '../page-models/test-data';

// Works with no signal: the app's code comes from the service worker.
test.use(WITH_SERVICE_WORKER);

test.use({ actionTimeout: 20_000 });

async function newDriver(request: APIRequestContext, label: string) {
  const driver = driverAccount(label);
  const customer = uniqueCustomer('Waiting');
  const job = await addDriverWithJob(request, driver, {
    customerName: customer.name,
    phone: customer.phone,
    service: 'Towing',
    location: 'Karratha',
  });
  return { driver, job };
}

/** Signs in online, waits for the offline copy, then takes On my way with no signal. */
async function stepOffline(
  context: BrowserContext,
  driver: { username: string; password: string },
  jobId: string,
): Promise<DriverScreen> {
  const page = await context.newPage();
  await page.addInitScript(() => localStorage.setItem('installCardDismissed', '1'));
  const screen = new DriverScreen(page);
  await screen.signIn(driver);
  // The online sign-in leaves the verifier the offline sign-in needs.
  await expect
    .poll(() => page.evaluate(() => localStorage.getItem('offline_signin') ?? ''))
    .toContain(driver.username);
  await waitForOfflineReady(page);
  await screen.waitSynced();
  await expect(screen.job(jobId)).toBeVisible({ timeout: 15_000 });
  await context.setOffline(true);
  await screen.step(jobId, 'On my way').click();
  await expect(screen.job(jobId)).toHaveAttribute('data-status', 'En Route');
  await expect(page.getByTestId('sync-status-label')).toHaveText('Offline · 1 pending');
  return screen;
}

/** Logout from the phone's menu, keeping the waiting change on the device. */
async function signOutKeeping(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Open menu' }).click();
  await page.getByRole('dialog', { name: 'Menu' }).getByRole('button', { name: 'Logout' }).click();
  const dialog = page.getByRole('dialog', { name: MESSAGES.SIGN_OUT_PENDING_TITLE });
  await expect(dialog).toContainText(MESSAGES.signOutPending(1));
  await dialog.getByRole('button', { name: MESSAGES.SIGN_OUT_KEEP }).click();
  // Signed out: the driver's screen hands over to the sign-in page.
  await page.waitForURL((url) => url.pathname === '/auth');
  expect(await page.evaluate(() => localStorage.getItem('auth_user'))).toBeNull();
}

/**
 * A new driver on their phone takes On my way with no signal and signs out keeping it; answers
 * when the step was taken by the phone's clock.
 */
async function stepKeptAfterSignOut(
  context: BrowserContext,
  api: APIRequestContext,
  label: string,
) {
  const { driver, job } = await newDriver(api, label);
  const { page } = await stepOffline(context, driver, job.id);
  const takenAt = await page.evaluate(() => Date.now());
  await signOutKeeping(page);
  return { driver, job, page, takenAt };
}

function statusOf(dbFile: string, jobId: string): string | undefined {
  return queryRows<{ status: string }>(dbFile, 'SELECT status FROM jobs WHERE id = ?', jobId)[0]
    ?.status;
}

test('after an offline sign-in and a reopen with signal, the phone asks for the password and sends the step', async ({
  browser,
  baseURL,
  playwright,
  server,
}, testInfo) => {
  test.setTimeout(300_000);
  const api = await playwright.request.newContext({ baseURL });
  const context = await openPhone(browser, baseURL, { deviceScaleFactor: 1 });
  try {
    const { driver, job, page, takenAt } = await stepKeptAfterSignOut(context, api, 'Kim');

    // Signed in again without signal: the verifier on the phone checks the password.
    const auth = new AuthPage(page);
    await auth.login(driver.username, driver.password);
    await page.waitForURL((url) => url.pathname === '/driver');
    await expect(page.getByTestId('sync-status-label')).toHaveText('Offline · 1 pending');

    // The browser is closed; it is opened again later, with signal.
    await page.close();
    await context.setOffline(false);
    const reopened = await context.newPage();
    await reopened.goto('/driver');
    await expect(reopened.getByRole('heading', { level: 1, name: 'My Jobs' })).toBeVisible({
      timeout: 30_000,
    });
    // Never silently stuck: it says what it needs, and the chip agrees.
    const prompt = reopened.getByTestId('unsent-work-prompt');
    await expect(prompt).toContainText(MESSAGES.signInToSend(1), { timeout: 15_000 });
    await expect(reopened.getByTestId('sync-status-label')).toHaveText('Sign in to send · 1');
    await reopened.screenshot({ path: testInfo.outputPath('sign-in-to-send-390.png') });
    expect(statusOf(server.dbFile, job.id)).toBe('Assigned');

    // The one button: the password, and the step goes.
    await prompt.getByRole('button', { name: MESSAGES.SIGN_IN_AGAIN }).click();
    const dialog = reopened.getByRole('dialog', { name: MESSAGES.SIGN_IN_AGAIN });
    await dialog.getByLabel(`Password for ${driver.username}`).fill(driver.password);
    await reopened.screenshot({ path: testInfo.outputPath('sign-in-again-dialog-390.png') });
    await dialog.getByRole('button', { name: MESSAGES.SIGN_IN_AGAIN }).click();
    await expect(prompt).toHaveCount(0, { timeout: 30_000 });
    await new DriverScreen(reopened).waitSynced();
    await expect.poll(() => statusOf(server.dbFile, job.id), { timeout: 30_000 }).toBe('En Route');
    // At the time the driver took it, not when it was finally sent.
    const recorded = queryRows<{ createdAt: string }>(
      server.dbFile,
      "SELECT createdAt FROM job_updates WHERE jobId = ? AND status = 'En Route'",
      job.id,
    )[0]?.createdAt;
    expect(Math.abs(Date.parse(recorded ?? '') - takenAt)).toBeLessThan(5_000);
  } finally {
    await api.dispose();
    await context.close();
  }
});

test('signed out with a change kept on the phone, it names whose change waits and signs them in', async ({
  browser,
  baseURL,
  playwright,
  server,
}) => {
  test.setTimeout(300_000);
  const api = await playwright.request.newContext({ baseURL });
  const context = await openPhone(browser, baseURL, { deviceScaleFactor: 1 });
  try {
    const { driver, job, page } = await stepKeptAfterSignOut(context, api, 'Ash');
    await context.setOffline(false);
    const prompt = page.getByTestId('unsent-work-prompt');
    await expect(prompt).toContainText(MESSAGES.keptChangesWait(driver.firstName, 1), {
      timeout: 15_000,
    });
    expect(statusOf(server.dbFile, job.id)).toBe('Assigned');
    await prompt.getByRole('button', { name: MESSAGES.SIGN_IN_AGAIN }).click();
    await page.waitForURL((url) => url.pathname === '/auth');
    const auth = new AuthPage(page);
    await expect(auth.loginForm.getByLabel('Username')).toHaveValue(driver.username);
    await auth.loginForm
      .getByRole('textbox', { name: 'Password', exact: true })
      .fill(driver.password);
    await auth.loginForm.getByRole('button', { name: 'Login' }).click();
    await page.waitForURL((url) => url.pathname === '/driver');
    await expect.poll(() => statusOf(server.dbFile, job.id), { timeout: 30_000 }).toBe('En Route');
    await expect(prompt).toHaveCount(0);
  } finally {
    await api.dispose();
    await context.close();
  }
});
