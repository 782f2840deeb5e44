/** Page model of the staff admin panel (/admin) and the sign-in it needs. */
import {
  expect,
  type Browser,
  type BrowserContext,
  type Locator,
  type Page,
} from '@playwright/test';
import { homeScreenFor } from '@pilbara/shared-schema';
import { ADMIN } from '../fixtures/server';
import { openDevices, waitForOfflineReady } from './app-shell';
import { AuthPage } from './public-forms';

/**
 * Signs in through the Login form of /auth, the way a person does (the UI keeps the user for
 * later pages, and the device derives its offline verifier), and waits for the home page a
 * sign-in lands on. For journeys where signing in, or signing in again without signal, matters.
 */
export async function loginThroughUi(
  page: Page,
  credentials: { username: string; password: string; role?: string },
): Promise<void> {
  const auth = new AuthPage(page);
  await auth.open('/auth');
  await auth.login(credentials.username, credentials.password);
  // Signing in lands on the account's own screen: the panel for an admin.
  await page.waitForURL((url) => url.pathname === homeScreenFor(credentials.role ?? 'admin'));
}

/**
 * Selects an admin tab the way a person does when the panel is still settling: on a busy machine
 * the panel's parts that load their figures (the backup card's warning, the ABN banner) can push
 * the tabs down between Playwright's check and its click, so the click lands above the tab. It
 * clicks again until the tab says it is selected. (The shift is real for a person on a slow
 * phone too.)
 */
export async function selectTab(
  page: Page,
  name: string | RegExp,
  timeout = 30_000,
): Promise<void> {
  const tab = page.getByRole('tab', { name });
  await expect(async () => {
    if ((await tab.getAttribute('aria-selected')) !== 'true') await tab.click();
    await expect(tab).toHaveAttribute('aria-selected', 'true', { timeout: 3_000 });
  }).toPass({ timeout });
}

/**
 * Opens the panel's figures on a phone (they fold behind one button), retried as
 * {@link selectTab}. The button appears only once the panel has seen the phone-sized window (a
 * media query answered after a resize), so it is waited for rather than looked for once.
 */
export async function openFigures(page: Page, timeout = 30_000): Promise<void> {
  const toggle = page.getByTestId('figures-toggle');
  await expect(toggle).toBeVisible({ timeout });
  await expect(async () => {
    if ((await toggle.getAttribute('aria-expanded')) !== 'true') await toggle.click();
    await expect(toggle).toHaveAttribute('aria-expanded', 'true', { timeout: 3_000 });
  }).toPass({ timeout });
}

/**
 * Signs a device in through the sign-in call rather than the form: the session cookie lands in
 * the context (its pages share it) and the app finds the signed-in user where a sign-in leaves
 * it. For journeys whose subject is not signing in: the form's sign-in gives the server 10 s
 * before it tries an offline sign-in, and on a heavily loaded machine the password hash can take
 * longer than that, which leaves a fresh device on the sign-in page.
 */
export async function signInByApi(
  context: BrowserContext,
  credentials: { username: string; password: string } = ADMIN,
): Promise<void> {
  const answer = await context.request.post('/api/auth/login', { data: credentials });
  expect(answer.status(), await answer.text()).toBe(200);
  const { user } = (await answer.json()) as { user: unknown };
  await context.addInitScript((stored) => {
    if (!window.localStorage.getItem('auth_user')) window.localStorage.setItem('auth_user', stored);
  }, JSON.stringify(user));
}

/** A new tab of `context` signed in (through the sign-in call), with the panel open and online. */
export async function openAdminPanelByApi(
  context: BrowserContext,
  credentials: { username: string; password: string } = ADMIN,
): Promise<AdminPanel> {
  await signInByApi(context, credentials);
  const panel = new AdminPanel(await context.newPage());
  await panel.open();
  return panel;
}

/**
 * A new tab of `context` signed in as the fixture's admin, with the panel open and online. The
 * device is signed in through the sign-in call (a session of its own), not the form: journeys
 * whose subject is signing in use {@link loginThroughUi}; the others skip two page loads and
 * the offline verifier's 600,000 hashes per device.
 */
export async function openAdminPanel(context: BrowserContext): Promise<AdminPanel> {
  return openAdminPanelByApi(context, ADMIN);
}

/**
 * The office's two admin devices and a customer's, as separate browsers: the first admin's panel
 * ready to work with no signal, the second admin's open beside it. `closeAll` closes the three.
 */
export async function openOfficeAndCustomer(browser: Browser, baseURL: string | undefined) {
  const devices = await openDevices(browser, baseURL, ['admin', 'second', 'visitor']);
  try {
    const admin = await openAdminPanel(devices.contexts.admin);
    // The offline steps need the app's code (the toasts' chunk among it) from the service worker:
    // on a busy machine the panel can open before the worker controls it. A page the worker could
    // not claim is reloaded, so the panel is back online before work starts.
    await waitForOfflineReady(admin.page);
    await admin.waitOnline();
    const second = await openAdminPanel(devices.contexts.second);
    return { ...devices, admin, second };
  } catch (error) {
    await devices.closeAll();
    throw error;
  }
}

export type AdminTab =
  'Pending Bookings' | 'Job Management' | 'Quotes & Billing' | 'Contact Messages';

export class AdminPanel {
  constructor(readonly page: Page) {}

  /** Opens the panel and waits until the sync engine is online with ids leased for offline work. */
  async open(): Promise<void> {
    await this.page.goto('/admin');
    // The staff chunks load lazily on first visit; allow for a slow device.
    await expect(this.page.getByRole('heading', { level: 1, name: 'Admin Panel' })).toBeVisible({
      timeout: 30_000,
    });
    await this.waitOnline();
  }

  async waitOnline(): Promise<void> {
    await expect(this.page.getByTestId('sync-status')).toHaveAttribute('data-state', 'online', {
      timeout: 15_000,
    });
    await expect(this.page.getByTestId('sync-status-label')).toHaveText('Synced', {
      timeout: 15_000,
    });
  }

  async tab(name: AdminTab): Promise<void> {
    await selectTab(this.page, name);
  }

  bookingCard(customerName: string): Locator {
    return this.page.getByTestId('booking-card').filter({ hasText: customerName });
  }

  jobCard(jobId: string): Locator {
    return this.page.locator(`[data-testid="job-card"][data-job-id="${jobId}"]`);
  }

  /** The status step buttons, the driver select and delete of a job card. */
  controls(jobId: string) {
    const card = this.jobCard(jobId);
    return {
      markEnRoute: card.getByRole('button', { name: 'Mark En Route' }),
      startService: card.getByRole('button', { name: 'Start Service' }),
      complete: card.getByRole('button', { name: 'Complete Job' }),
      // Named by the job's number where it has one, its key until then: the card
      // (found by key) holds one driver select either way.
      driver: card
        .getByRole('textbox', { name: /^Driver for / })
        .or(card.getByRole('combobox', { name: /^Driver for / })),
      remove: card.getByRole('button', { name: 'Delete' }),
      history: card.getByRole('button', { name: 'History' }),
    };
  }

  /**
   * Complete Job, then the confirmation it asks for: Complete is never one tap. The
   * dialog names the job as its card does: by number, or by key while it waits for one.
   */
  async completeJob(jobId: string): Promise<void> {
    await this.controls(jobId).complete.click();
    const dialog = this.page.getByRole('dialog', { name: /^Complete JOB-\d{4}-P?\d+\?$/ });
    await dialog.getByRole('button', { name: 'Complete job' }).click();
    await expect(dialog).toHaveCount(0);
  }

  /** The text of the toast with this title. */
  toast(title: string): Locator {
    return this.page.locator('.mantine-Notification-root').filter({ hasText: title });
  }
}
