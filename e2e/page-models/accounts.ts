/**
 * Page models of accounts: the admin panel's Accounts tab (an owner makes an account, gives its
 * contact a sign-in, reads its statement) and the account's own portal (/account: a contact
 * books work at a site with a PO and follows it).
 */
import {
  expect,
  type BrowserContext,
  type Download,
  type Locator,
  type Page,
} from '@playwright/test';
import { DEVICE_WRITE_TIMEOUT } from './app-shell';
import { selectTab } from './admin';

/** What an owner types into the account form. */
export interface NewAccount {
  name: string;
  kind: string;
  legalName: string;
  abn: string;
  billingEmail: string;
  termsDays: number;
  poRule: 'No PO' | 'PO per job' | 'Blanket PO';
  contact: { name: string; phone: string; email: string };
  site: { name: string; location: string; gatePhone: string };
  /** The driver inducted at the site (as the select names them), until a day (YYYY-MM-DD). */
  inducted?: { driver: string; until: string };
}

/**
 * A device where the install card was dismissed before, as by a person who saw it once: it sits
 * over the foot of the screen, where the long forms' buttons end up. Call before its pages open.
 */
export async function installCardDismissed(context: BrowserContext): Promise<void> {
  await context.addInitScript(() => {
    // about:blank, where a context starts, has no storage of its own.
    if (window.location.protocol.startsWith('http'))
      window.localStorage.setItem('installCardDismissed', '1');
  });
}

/** Picks `option` in the Mantine select labelled `label` inside `scope`. */
async function choose(page: Page, scope: Locator, label: string, option: string): Promise<void> {
  await scope
    .getByRole('textbox', { name: label, exact: true })
    .or(scope.getByRole('combobox', { name: label, exact: true }))
    .first()
    .click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

export class AccountsTab {
  constructor(readonly page: Page) {}

  async open(): Promise<void> {
    await selectTab(this.page, 'Accounts');
    await expect(this.page.getByRole('heading', { name: /^Accounts \(\d+\)$/ })).toBeVisible();
  }

  card(name: string): Locator {
    return this.page.getByTestId('account-card').filter({ hasText: name });
  }

  /** Makes an account through the New account form. */
  async create(account: NewAccount): Promise<void> {
    await this.page.getByRole('button', { name: 'New account' }).click();
    const form = this.page.getByRole('region', { name: 'New account' });
    await form.getByLabel('Account name').fill(account.name);
    await choose(this.page, form, 'Kind', account.kind);
    await form.getByLabel('Legal name').fill(account.legalName);
    await form.getByLabel('ABN', { exact: true }).fill(account.abn);
    await form.getByLabel('Billing email').fill(account.billingEmail);
    await form.getByLabel('Days to pay').fill(String(account.termsDays));
    await form
      .getByRole('radiogroup', { name: 'Purchase orders' })
      .getByText(account.poRule, { exact: true })
      .click();
    await form.getByRole('button', { name: 'Add contact' }).click();
    await form.getByLabel('Name', { exact: true }).fill(account.contact.name);
    await form.getByLabel('Phone', { exact: true }).fill(account.contact.phone);
    await form.getByLabel('Email', { exact: true }).fill(account.contact.email);
    await form.getByRole('button', { name: 'Add site' }).click();
    await form.getByLabel('Site name').fill(account.site.name);
    await form.getByLabel('Location').fill(account.site.location);
    await form.getByLabel('Gate phone').fill(account.site.gatePhone);
    if (account.inducted) {
      await form.getByRole('button', { name: 'Add induction' }).click();
      await choose(this.page, form, 'Driver or truck', account.inducted.driver);
      await form.getByLabel('Until', { exact: true }).fill(account.inducted.until);
    }
    await form.getByRole('button', { name: 'Save account' }).click();
    await expect(form).toHaveCount(0, { timeout: DEVICE_WRITE_TIMEOUT });
    await expect(this.card(account.name)).toBeVisible();
  }

  /**
   * Opens an account's own page under the list, unless it is open already (as it is after the
   * account was saved, or when the tab kept it open).
   */
  async openAccount(name: string): Promise<Locator> {
    const toggle = this.card(name).getByRole('button', { name: /^(Open|Close)$/ });
    await expect(toggle).toBeVisible();
    if ((await toggle.textContent()) === 'Open') await toggle.click();
    const section = this.page.getByRole('region', { name, exact: true });
    await expect(section.getByRole('heading', { name: 'Statement' })).toBeVisible();
    return section;
  }

  /** Gives the account's contact a sign-in (needs a connection). */
  async givePortalAccess(
    section: Locator,
    login: { username: string; password: string; firstName: string; email: string },
  ): Promise<void> {
    await section.getByLabel('Username').fill(login.username);
    await section.getByRole('textbox', { name: 'Password', exact: true }).fill(login.password);
    await section.getByLabel('First name').fill(login.firstName);
    await section.getByLabel('Email').fill(login.email);
    await section.getByRole('button', { name: 'Give portal access' }).click();
    await expect(section.getByText(login.username, { exact: false })).toBeVisible({
      timeout: 30_000,
    });
  }

  /** Downloads the statement of `month` (YYYY-MM) from an open account's page. */
  async statementPdf(section: Locator, month: string): Promise<Download> {
    await choose(this.page, section, 'Statement month', month);
    const [download] = await Promise.all([
      this.page.waitForEvent('download'),
      section.getByTestId('statement-pdf').click(),
    ]);
    return download;
  }
}

/** The account's own portal, on the contact's phone. */
export class AccountPortal {
  constructor(readonly page: Page) {}

  async waitOpen(accountName: string): Promise<void> {
    await expect(this.page.getByRole('heading', { level: 1, name: accountName })).toBeVisible({
      timeout: 30_000,
    });
  }

  async tab(name: 'Jobs' | 'Book' | 'Quotes' | 'Invoices' | 'Statements'): Promise<void> {
    await selectTab(this.page, name);
  }

  /** Books work at the account's (first) site with a PO, as an emergency. */
  async book(booking: { service: string; po: string; description: string }): Promise<void> {
    await this.tab('Book');
    const form = this.page.getByRole('form', { name: 'Book work' });
    await form.getByLabel('PO number').fill(booking.po);
    await choose(this.page, form, 'Service', booking.service);
    await form.getByLabel('What happened').fill(booking.description);
    await form.getByRole('button', { name: 'Book now' }).click();
  }

  job(status?: string): Locator {
    const jobs = this.page.getByTestId('portal-job');
    return status ? jobs.and(this.page.locator(`[data-status="${status}"]`)) : jobs;
  }
}
