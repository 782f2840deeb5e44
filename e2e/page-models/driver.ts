/**
 * Page models of staff accounts: the admin panel's Staff tab, and the driver's own screen (/driver)
 * on a phone-sized browser.
 */
import { expect, type Locator, type Page } from '@playwright/test';
import { AuthPage, PAGE_LOAD_TIMEOUT } from './public-forms';

export interface NewStaff {
  firstName: string;
  lastName: string;
  username: string;
  password: string;
}

/** The Staff tab of the admin panel (already open on `page`). */
export class StaffTab {
  constructor(readonly page: Page) {}

  async open(): Promise<void> {
    await this.page.getByRole('tab', { name: 'Staff' }).click();
    await expect(this.page.getByRole('heading', { name: 'Staff accounts' })).toBeVisible();
  }

  card(username: string): Locator {
    return this.page.locator(`[data-testid="staff-card"][data-username="${username}"]`);
  }

  /** Adds a driver through the Add staff dialog and waits for their card. */
  async addDriver(driver: NewStaff): Promise<void> {
    await this.page.getByRole('button', { name: 'Add staff' }).click();
    const form = this.page.getByRole('form', { name: 'Add staff' });
    await expect(form).toBeVisible();
    await expect(form.getByRole('radio', { name: 'Driver' })).toBeChecked();
    await form.getByLabel('First Name').fill(driver.firstName);
    await form.getByLabel('Last Name').fill(driver.lastName);
    await form.getByLabel('Username').fill(driver.username);
    await form.getByRole('textbox', { name: 'Password', exact: true }).fill(driver.password);
    await form.getByRole('button', { name: 'Add account' }).click();
    await expect(form).toHaveCount(0);
    await expect(this.card(driver.username)).toContainText('Driver');
  }

  /** Deactivates an account through its card and the confirmation dialog. */
  async deactivate(username: string, name: string): Promise<void> {
    await this.card(username)
      .getByRole('button', { name: `Deactivate ${name}` })
      .click();
    await this.page
      .getByRole('dialog', { name: 'Deactivate account' })
      .getByRole('button', { name: 'Deactivate' })
      .click();
    await expect(this.card(username)).toContainText('Deactivated');
  }
}

/** The driver's screen. */
export class DriverScreen {
  constructor(readonly page: Page) {}

  /** Signs in through /auth as a driver, which lands on /driver. */
  async signIn(credentials: { username: string; password: string }): Promise<void> {
    const auth = new AuthPage(this.page);
    await auth.open('/auth');
    await auth.login(credentials.username, credentials.password);
    await this.page.waitForURL((url) => url.pathname === '/driver');
    await expect(this.page.getByRole('heading', { level: 1, name: 'My Jobs' })).toBeVisible({
      timeout: PAGE_LOAD_TIMEOUT,
    });
  }

  async waitSynced(): Promise<void> {
    await expect(this.page.getByTestId('sync-status')).toHaveAttribute('data-state', 'online', {
      timeout: 15_000,
    });
    await expect(this.page.getByTestId('sync-status-label')).toHaveText('Synced', {
      timeout: 15_000,
    });
  }

  job(jobId: string): Locator {
    return this.page.locator(`[data-testid="driver-job"][data-job-id="${jobId}"]`);
  }

  /** The one big next-step button of a job. */
  step(jobId: string, label: 'On my way' | 'Arrived / Start' | 'Complete'): Locator {
    return this.job(jobId).getByRole('button', { name: label, exact: true });
  }
}
