/** Page models of the customer portal (job tracking) and the no-login dashboard. */
import { expect, type Locator, type Page } from '@playwright/test';
import { PAGE_LOAD_TIMEOUT } from './public-forms';

export class PortalPage {
  constructor(readonly page: Page) {}

  async open(search?: string): Promise<void> {
    await this.page.goto(
      search ? `/customer-portal?search=${encodeURIComponent(search)}` : '/customer-portal',
    );
    await expect(this.page.getByRole('heading', { level: 1, name: 'Track Your Job' })).toBeVisible({
      timeout: PAGE_LOAD_TIMEOUT,
    });
  }

  get searchBox(): Locator {
    return this.page.getByRole('search', { name: 'Track your job' }).getByLabel('Job ID or Name');
  }

  /** The phone-digits field a job ID asks for. */
  get digitsBox(): Locator {
    return this.page
      .getByRole('search', { name: 'Track your job' })
      .getByLabel('Last 4 digits of your phone');
  }

  /** Opens a tracking link (`/customer-portal?token=…`). */
  async openLink(path: string): Promise<void> {
    await this.page.goto(path);
    await expect(this.page.getByRole('heading', { level: 1, name: 'Track Your Job' })).toBeVisible({
      timeout: PAGE_LOAD_TIMEOUT,
    });
  }

  async search(text: string, digits?: string): Promise<void> {
    await this.searchBox.fill(text);
    if (digits !== undefined) await this.digitsBox.fill(digits);
    await this.page.getByRole('button', { name: 'Track Job' }).click();
  }

  get details(): Locator {
    return this.page.getByTestId('job-details');
  }
}

export class DashboardPage {
  constructor(readonly page: Page) {}

  async open(): Promise<void> {
    await this.page.goto('/dashboard');
  }

  get lookupBox(): Locator {
    return this.page.getByLabel('Phone number or Job ID');
  }

  async accessWith(lookup: string, digits?: string): Promise<void> {
    await this.lookupBox.fill(lookup);
    if (digits !== undefined)
      await this.page.getByLabel('Last 4 digits of your phone').fill(digits);
    await this.lookupBox.press('Enter');
  }

  tab(name: 'Active Jobs' | 'History' | 'Profile'): Locator {
    return this.page.getByRole('tab', { name });
  }
}
