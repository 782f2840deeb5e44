/**
 * "Both owners told": two owners (two admin accounts, two browsers) edit the notes of
 * one draft quote, A without signal. A's signal returns: the notes collide and A, shown both
 * side by side, keeps A's. B — whose notes were replaced — is told with a short notice holding
 * both values, and puts B's back with one tap in the conflict panel; A is told of that in turn.
 * Screenshots of the notice at 390 and 1280 px (SAVE_SCREENSHOTS=1: e2e/screenshots/).
 */
import { ADMIN, expect, test, WITH_SERVICE_WORKER } from '../fixtures/server';
import { AdminPanel, openAdminPanelByApi, signInByApi } from '../page-models/admin';
import { openDevices } from '../page-models/app-shell';
import { QuotesManagerPage } from '../page-models/quotes';
import { shotAt } from '../page-models/screens';
import { createQuote, queryRows, serviceLine, uniqueCustomer } from '../page-models/test-data';

// Works with no signal: the app's code comes from the service worker.
test.use(WITH_SERVICE_WORKER);

const SYNC_TIMEOUT = 20_000;

async function editNotes(panel: AdminPanel, quoteId: string, notes: string): Promise<void> {
  await panel.tab('Quotes & Billing');
  const quotes = new QuotesManagerPage(panel.page);
  const card = quotes.manager.locator(`[data-quote-id="${quoteId}"]`);
  await expect(card).toBeVisible({ timeout: SYNC_TIMEOUT });
  await card.getByRole('button', { name: 'Edit' }).click();
  await expect(quotes.form).toBeVisible();
  await quotes.form.getByLabel('Notes').fill(notes);
  await quotes.save();
  await expect(quotes.form).toHaveCount(0);
}

function notesOf(dbFile: string, quoteId: string): string | undefined {
  return queryRows<{ notes: string }>(dbFile, 'SELECT notes FROM quotes WHERE id = ?', quoteId)[0]
    ?.notes;
}

test('the owner whose value the other kept over theirs is told, with both values, and can undo', async ({
  browser,
  baseURL,
  server,
}) => {
  test.setTimeout(600_000);
  const devices = await openDevices(browser, baseURL, ['a', 'b']);
  try {
    // A is the configured admin; B a second owner with an admin account of their own.
    await signInByApi(devices.contexts.a, ADMIN);
    const a = new AdminPanel(await devices.contexts.a.newPage());
    const who = uniqueCustomer('Owner');
    const sam = { username: `sam${who.phone.slice(-6)}`, password: 'second-owner-pass-1' };
    const made = await a.page.request.post('/api/staff', {
      data: {
        ...sam,
        firstName: 'Sam',
        lastName: 'Taylor',
        phone: who.phone,
        role: 'admin',
      },
    });
    expect(made.status(), await made.text()).toBe(201);
    await a.open();
    const b = await openAdminPanelByApi(devices.contexts.b, sam);

    const customer = uniqueCustomer('Told');
    const { id: quoteId, number } = await createQuote(a.page.request, {
      customer: { name: customer.name, phone: customer.phone },
      items: [serviceLine('4x4 Recovery', 22000)],
      notes: 'Call before arriving',
    });

    // A without signal, B online: both change the notes.
    await a.tab('Quotes & Billing');
    await devices.contexts.a.setOffline(true);
    await editNotes(a, quoteId, 'Gate code 4411');
    await editNotes(b, quoteId, 'Bring the long strap');
    await expect
      .poll(() => notesOf(server.dbFile, quoteId), { timeout: SYNC_TIMEOUT })
      .toBe('Bring the long strap');

    // A's signal returns: A is shown both, and keeps A's.
    await devices.contexts.a.setOffline(false);
    const conflict = a.page.getByTestId('sync-conflict');
    await expect(conflict).toBeVisible({ timeout: SYNC_TIMEOUT });
    await conflict.getByRole('button', { name: 'Keep mine' }).click();
    await expect(conflict).toHaveCount(0);
    await expect
      .poll(() => notesOf(server.dbFile, quoteId), { timeout: SYNC_TIMEOUT })
      .toBe('Gate code 4411');

    // B is told: A kept A's notes over B's, both values side by side.
    const notice = b.page.getByTestId('merge-notice');
    await expect(notice).toBeVisible({ timeout: SYNC_TIMEOUT });
    await expect(notice).toContainText(`Admin kept their notes on quote ${number} over yours.`);
    const part = notice.getByTestId('notice-part');
    await expect(part).toHaveCount(1);
    await expect(part).toContainText('Notes');
    await expect(part).toContainText('Bring the long strap');
    await expect(part).toContainText('Gate code 4411');
    // A, who kept theirs, is not told of their own doing.
    await expect(a.page.getByTestId('merge-notice')).toHaveCount(0);
    for (const width of [390, 1280]) await shotAt(b.page, 'merge-notice', width, notice);

    // One tap puts B's notes back; A is told in turn, and keeps B's.
    await notice.getByRole('button', { name: 'Put mine back' }).click();
    await expect(notice).toHaveCount(0);
    await expect
      .poll(() => notesOf(server.dbFile, quoteId), { timeout: SYNC_TIMEOUT })
      .toBe('Bring the long strap');
    const back = a.page.getByTestId('merge-notice');
    await expect(back).toBeVisible({ timeout: SYNC_TIMEOUT });
    await expect(back).toContainText(`Sam Taylor kept their notes on quote ${number} over yours.`);
    await back.getByRole('button', { name: 'Keep theirs' }).click();
    await expect(back).toHaveCount(0);
    await expect
      .poll(
        () =>
          queryRows<{ status: string }>(
            server.dbFile,
            'SELECT status FROM merge_notices WHERE recordId = ? ORDER BY id',
            quoteId,
          ).map((row) => row.status),
        { timeout: SYNC_TIMEOUT },
      )
      .toEqual(['undone', 'accepted']);
    expect(notesOf(server.dbFile, quoteId)).toBe('Bring the long strap');
  } finally {
    await devices.closeAll();
  }
});
