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

  async search(text: string): Promise<void> {
    await this.searchBox.fill(text);
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

  async accessWith(lookup: string): Promise<void> {
    await this.lookupBox.fill(lookup);
    await this.lookupBox.press('Enter');
  }

  tab(name: 'Active Jobs' | 'History' | 'Profile'): Locator {
    return this.page.getByRole('tab', { name });
  }
}
