/**
 * Page model of the Quotes & Billing tab's Invoices and Reports views: staff raise a completed
 * job's tax invoice, record a payment, read an invoice, and look at the reports and the books.
 */
import { expect, type Locator, type Page } from '@playwright/test';
import { DEVICE_WRITE_TIMEOUT } from './app-shell';

export type BillingView = 'Quotes' | 'Invoices' | 'Reports & books';

export class BillingPage {
  constructor(readonly page: Page) {}

  /** Switches the tab to one of its views (the admin panel's Quotes & Billing tab is open). */
  async view(name: BillingView): Promise<void> {
    const control = this.page.getByRole('radiogroup', { name: 'Quotes and billing view' });
    await control.getByText(name, { exact: true }).click();
    if (name === 'Invoices')
      await expect(this.page.getByRole('heading', { name: 'Tax invoices' })).toBeVisible();
    if (name === 'Reports & books')
      await expect(this.page.getByTestId('billing-reports')).toBeVisible();
  }

  /** The "Ready to invoice" entry of a completed job. */
  jobToInvoice(jobId: string): Locator {
    return this.page.locator(`[data-testid="job-to-invoice"][data-job-id="${jobId}"]`);
  }

  /** Raises the tax invoice of a completed job from its entry; returns the invoice number. */
  async raiseInvoiceFor(jobId: string): Promise<string> {
    await this.jobToInvoice(jobId).getByRole('button', { name: 'Raise invoice' }).click();
    const dialog = this.page.getByRole('dialog', { name: 'Raise tax invoice' });
    await dialog.getByRole('button', { name: 'Raise invoice' }).click();
    // The dialog closes, with the toast, once the invoice is written on this device.
    await expect(dialog).toHaveCount(0, { timeout: DEVICE_WRITE_TIMEOUT });
    const toast = this.toast('Invoice raised');
    await expect(toast).toBeVisible();
    // The toast never names the invoice's key; its card carries it for the test to find.
    await expect(toast).not.toContainText(/INV-\d{4}-P\d+/);
    await expect(this.jobToInvoice(jobId)).toHaveCount(0);
    const card = this.page.locator(`[data-testid="invoice-card"][data-job-id="${jobId}"]`);
    await expect(card).toHaveCount(1);
    const id = await card.getAttribute('data-invoice-id');
    if (!id) throw new Error('the raised invoice has no card');
    return id;
  }

  invoiceCard(invoiceId: string): Locator {
    return this.page.locator(`[data-testid="invoice-card"][data-invoice-id="${invoiceId}"]`);
  }

  /** Records a payment of what is owed by `method`, through the card's Record payment dialog. */
  async recordPayment(
    invoiceId: string,
    method: 'Cash' | 'Card on site' | 'Bank transfer',
    reference?: string,
  ): Promise<void> {
    await this.invoiceCard(invoiceId).getByRole('button', { name: 'Record payment' }).click();
    const dialog = this.page.getByRole('dialog', { name: 'Record payment' });
    await dialog.getByText(method, { exact: true }).click();
    if (reference) await dialog.getByLabel('Reference (optional)').fill(reference);
    await dialog.getByRole('button', { name: 'Record payment' }).click();
    // It closes once the payment is written on this device.
    await expect(dialog).toHaveCount(0, { timeout: DEVICE_WRITE_TIMEOUT });
  }

  toast(text: string | RegExp): Locator {
    return this.page.locator('.mantine-Notification-root').filter({ hasText: text });
  }
}
