/**
 * The admin panel's Staff tab. Bad input shows the shared messages under the fields
 * (from the form's schema, and the server's 409 for a username in use) and adds nothing; a
 * password reset lets the driver sign in with the new password only. Each state is
 * photographed at 390 px and 1280 px (test output) to be looked at.
 */
import type { Page } from '@playwright/test';
import { expect, test } from '../fixtures/server';
import { openAdminPanel } from '../page-models/admin';
import { StaffTab } from '../page-models/driver';
import { uniqueCustomer } from '../page-models/test-data';

async function look(page: Page, name: string): Promise<void> {
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 800 });
    await page.screenshot({ path: test.info().outputPath(`${name}-${width}.png`) });
  }
}

test('staff accounts: field errors, a taken username, and a password reset', async ({
  browser,
  baseURL,
  playwright,
}) => {
  test.setTimeout(180_000);
  const office = await browser.newContext({ baseURL });
  const api = await playwright.request.newContext({ baseURL });
  try {
    const admin = await openAdminPanel(office);
    const page = admin.page;
    const staff = new StaffTab(page);
    await staff.open();
    await expect(staff.card('admin')).toContainText('Admin');
    await look(page, 'staff-list');

    // Nothing filled in: the shared schema's messages, and nothing is sent.
    await page.getByRole('button', { name: 'Add staff' }).click();
    const form = page.getByRole('form', { name: 'Add staff' });
    await form.getByRole('button', { name: 'Add account' }).click();
    await expect(form.getByText('First name is required')).toBeVisible();
    await expect(form.getByText('Username is required')).toBeVisible();
    await expect(form.getByText('Password is required')).toBeVisible();
    await look(page, 'staff-add-errors');

    // A username in use: the server's answer under the field, the dialog stays open.
    await form.getByLabel('First Name').fill('Second');
    await form.getByLabel('Username').fill('admin');
    await form.getByRole('textbox', { name: 'Password', exact: true }).fill('long-enough-1');
    await form.locator('label', { hasText: /^Admin$/ }).click();
    await form.getByRole('button', { name: 'Add account' }).click();
    await expect(form.getByText('Username is already taken')).toBeVisible();
    await look(page, 'staff-add-taken');
    const list = await api.get('/api/staff');
    expect(list.status(), 'the staff list is for admins only').toBe(401);

    // A new driver, then a password reset: only the new password opens the account.
    const who = uniqueCustomer('Reset');
    const username = `reset${who.phone.slice(-5)}`;
    await form.getByLabel('Username').fill(username);
    await form.locator('label', { hasText: /^Driver$/ }).click();
    await form.getByRole('button', { name: 'Add account' }).click();
    await expect(form).toHaveCount(0);
    await expect(staff.card(username)).toContainText('Driver');
    await staff
      .card(username)
      .getByRole('button', { name: /Reset password/ })
      .click();
    const reset = page.getByRole('form', { name: 'Reset password' });
    await reset.getByLabel('New password').fill('short');
    await reset.getByRole('button', { name: 'Set password' }).click();
    await expect(reset.getByText('Password must be at least 8 characters')).toBeVisible();
    await look(page, 'staff-reset-error');
    await reset.getByLabel('New password').fill('brand-new-pass-2');
    await reset.getByRole('button', { name: 'Set password' }).click();
    // The server hashes the new password (scrypt, 128 MiB) before answering: seconds when busy.
    await expect(reset).toHaveCount(0, { timeout: 30_000 });
    const old = await api.post('/api/auth/login', {
      data: { username, password: 'long-enough-1' },
    });
    expect(old.status()).toBe(401);
    const fresh = await api.post('/api/auth/login', {
      data: { username, password: 'brand-new-pass-2' },
    });
    expect(fresh.status()).toBe(200);
    expect(((await fresh.json()) as { user: { role: string } }).user.role).toBe('driver');
  } finally {
    await api.dispose();
    await office.close();
  }
});
