/**
 * Page model of the quotes manager in the admin panel's Quotes & Billing tab, and the sign-in it
 * needs. Reads like what staff do: log in, open the tab, build a quote, act on its card.
 */
import { expect, type Locator, type Page } from '@playwright/test';
import { ADMIN } from '../fixtures/server';
import { loginThroughUi, selectTab } from './admin';
import { DEVICE_WRITE_TIMEOUT } from './app-shell';
import { PAGE_LOAD_TIMEOUT, chooseOption } from './public-forms';

import type { CATEGORY_LABELS } from '@pilbara/shared-schema';

/** A quick-add tab: the shared category headings. */
export type CatalogueTab = (typeof CATEGORY_LABELS)[keyof typeof CATEGORY_LABELS];

export class QuotesManagerPage {
  constructor(readonly page: Page) {}

  /** Signs in as the fixture's admin through the /auth page's login form, as staff do. */
  async login(): Promise<void> {
    await loginThroughUi(this.page, ADMIN);
  }

  /** Opens /admin and its Quotes & Billing tab. */
  async open(): Promise<void> {
    await this.page.goto('/admin');
    await selectTab(this.page, 'Quotes & Billing', PAGE_LOAD_TIMEOUT);
    await expect(this.manager.getByRole('heading', { name: 'Recent Quotes' })).toBeVisible({
      timeout: PAGE_LOAD_TIMEOUT,
    });
  }

  get manager(): Locator {
    return this.page.getByTestId('quotes-manager');
  }

  get form(): Locator {
    return this.page.getByRole('region', { name: /^(New|Edit) Quote$/ });
  }

  /** Waits until this device holds leased quote numbers, so it can mint ids with no signal. */
  async waitForQuoteIds(): Promise<void> {
    await expect
      .poll(
        () =>
          this.page.evaluate(
            () =>
              new Promise<number>((resolve) => {
                const open = indexedDB.open('pilbara');
                open.onerror = () => resolve(0);
                open.onsuccess = () => {
                  const idb = open.result;
                  if (!idb.objectStoreNames.contains('meta')) return resolve(0);
                  const get = idb.transaction('meta').objectStore('meta').get('leases');
                  get.onsuccess = () => {
                    const leases = (get.result?.value ?? {}) as Record<
                      string,
                      { end: number; next: number }[]
                    >;
                    const series = Object.keys(leases).find((key) => key.startsWith('Q-'));
                    const blocks = series ? (leases[series] ?? []) : [];
                    resolve(
                      blocks.reduce(
                        (sum, block) => sum + Math.max(0, block.end - block.next + 1),
                        0,
                      ),
                    );
                    idb.close();
                  };
                  get.onerror = () => resolve(0);
                };
              }),
          ),
        {
          timeout: PAGE_LOAD_TIMEOUT,
          message: 'the device should lease quote numbers once it syncs',
        },
      )
      .toBeGreaterThan(0);
  }

  async newQuote(): Promise<void> {
    await this.manager.getByRole('button', { name: 'New Quote' }).click();
    await expect(this.form).toBeVisible();
  }

  /** Presses a quick-add catalogue button, such as ('Services', 'Emergency Towing'). */
  async quickAdd(tab: CatalogueTab, description: string): Promise<void> {
    await this.form.getByRole('tab', { name: tab }).click();
    await this.form.getByRole('button', { name: new RegExp(`^Add ${description} \\$`) }).click();
  }

  async fillCustomer(customer: { name: string; phone: string; email?: string }): Promise<void> {
    await this.form.getByLabel('Customer name').fill(customer.name);
    await this.form.getByLabel('Phone').fill(customer.phone);
    if (customer.email) await this.form.getByLabel('Email', { exact: true }).fill(customer.email);
  }

  async chooseRoute(from: string, to: string, distanceKm: number): Promise<void> {
    await chooseOption(this.page, 'From location', new RegExp(`^${from} \\(`));
    await chooseOption(this.page, 'To location', new RegExp(`^${to} \\(`));
    await this.form.getByLabel('Distance', { exact: true }).fill(String(distanceKm));
  }

  get finalPrice(): Locator {
    return this.form.getByTestId('quote-final-price');
  }

  async save(): Promise<void> {
    await this.form.getByRole('button', { name: /^(Save|Update) Quote$/ }).click();
  }

  /** Saves the form and waits until the quote is written on this device: the form closes. */
  async saveAndClose(): Promise<void> {
    await this.save();
    await expect(this.form).toHaveCount(0, { timeout: DEVICE_WRITE_TIMEOUT });
  }

  /** The Recent Quotes entry of a customer. */
  cardFor(customerName: string): Locator {
    return this.manager.getByRole('article', {
      name: new RegExp(`for ${customerName.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`),
    });
  }

  /** The quote number shown on a card. */
  async quoteIdOf(card: Locator): Promise<string> {
    const id = await card.getAttribute('data-quote-id');
    if (!id) throw new Error('quote card without an id');
    return id;
  }

  /** The toast with `text` (Mantine notifications). */
  toast(text: string | RegExp): Locator {
    return this.page.locator('.mantine-Notification-root').filter({ hasText: text });
  }
}
