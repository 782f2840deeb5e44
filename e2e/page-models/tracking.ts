/** Page models of the customer portal (job tracking) and the no-login dashboard. */
import { expect, type Locator, type Page } from '@playwright/test';
import { PAGE_LOAD_TIMEOUT } from './public-forms';

export class PortalPage {
  constructor(readonly page: Page) {}

  /** Opens the portal, with ?search= when given; `phone` answers the phone-digits question. */
  async open(search?: string, phone?: string): Promise<void> {
    await this.page.goto(
      search ? `/customer-portal?search=${encodeURIComponent(search)}` : '/customer-portal',
    );
    await expect(this.page.getByRole('heading', { level: 1, name: 'Track Your Job' })).toBeVisible({
      timeout: PAGE_LOAD_TIMEOUT,
    });
    if (search && phone) await this.proveWith(phone);
  }

  get searchBox(): Locator {
    return this.page
      .getByRole('search', { name: 'Track your job' })
      .getByLabel('Job ID or booking number');
  }

  /** Searches; a job id or booking number is then proved with `phone`'s last 4 digits. */
  async search(text: string, phone?: string): Promise<void> {
    await this.searchBox.fill(text);
    await this.page.getByRole('button', { name: 'Track Job' }).click();
    if (phone) await this.proveWith(phone);
  }

  async proveWith(phone: string): Promise<void> {
    const proof = this.page.getByTestId('phone-proof');
    await proof.getByLabel(/Last 4 digits/).fill(phone.replace(/\D/g, '').slice(-4));
    await proof.getByRole('button', { name: 'Show my job' }).click();
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
