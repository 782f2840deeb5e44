/**
 * A mine site on account, end to end: an owner with no signal makes the account (a PO on every
 * job, 14-day terms, one site where one driver is inducted); the mine's contact signs in on a
 * phone and books a recovery at the site with a PO; the owner approves and assigns it to a driver
 * who is not inducted there and is warned; the job is completed; its tax invoice prints the PO,
 * the buyer's ABN and a due date 14 days on; the month's statement PDF lists the invoice.
 */
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { dueDateFor, formatDate, monthOf } from '@pilbara/shared-schema';
import { expect, test, WITH_SERVICE_WORKER } from '../fixtures/server';
import { openAdminPanel } from '../page-models/admin';
import { AccountPortal, AccountsTab, installCardDismissed } from '../page-models/accounts';
import { auditLayout } from '../page-models/layout-audit';
import {
  DEVICE_WRITE_TIMEOUT,
  openDevices,
  openPhone,
  waitForOfflineReady,
} from '../page-models/app-shell';
import { BillingPage } from '../page-models/billing';
import { pdfText } from '../page-models/pdf-text';
import { AuthPage } from '../page-models/public-forms';
import { driverAccount, loginAsAdmin, queryRows, uniqueCustomer } from '../page-models/test-data';

// The owner makes the account with no signal: the app's code must come from the service worker.
test.use(WITH_SERVICE_WORKER);

test('a mine site made offline books by its own sign-in and is invoiced with its PO and stated', async ({
  browser,
  baseURL,
  request,
  server,
}, testInfo) => {
  // Two devices, an offline spell, a sync, a booking, an approval, an invoice and two PDFs.
  test.setTimeout(480_000);
  const stamp = uniqueCustomer('Mine');
  const mineName = `Cape Lambert Iron ${stamp.lastName}`;
  const contact = { username: `priya${stamp.phone.slice(-5)}`, password: 'priya-portal-pass-1' };
  const po = `45000${stamp.phone.slice(-5)}`;
  // Two drivers: Mick is inducted at the gate, Jess is not.
  await loginAsAdmin(request);
  const mick = driverAccount('Mick');
  const jess = driverAccount('Jess');
  for (const driver of [mick, jess]) {
    const added = await request.post('/api/staff', { data: { ...driver, role: 'driver' } });
    expect(added.status(), await added.text()).toBe(201);
  }

  const devices = await openDevices(browser, baseURL, ['office']);
  const phoneContext = await openPhone(browser, baseURL);
  try {
    const office = devices.contexts.office;
    await installCardDismissed(office);
    await installCardDismissed(phoneContext);
    const admin = await openAdminPanel(office);
    await waitForOfflineReady(admin.page);
    await admin.waitOnline();
    const accounts = new AccountsTab(admin.page);
    // Opened with signal first: the drivers an induction can name are kept for the offline form.
    await accounts.open();

    // 1. No signal: the owner makes the mine site's account.
    await office.setOffline(true);
    await accounts.create({
      name: mineName,
      kind: 'Mine site or contractor',
      legalName: `${mineName} Pty Ltd`,
      abn: '53 004 085 616',
      billingEmail: `ap.${stamp.email}`,
      termsDays: 14,
      poRule: 'PO per job',
      contact: { name: 'Priya Nair', phone: '0891 590 111', email: `priya.${stamp.email}` },
      site: { name: 'Gate 2', location: 'Cape Lambert Rd, Wickham', gatePhone: '08 9159 0000' },
      inducted: { driver: `${mick.firstName} ${mick.lastName}`, until: '2030-06-30' },
    });
    await expect(admin.page.getByTestId('sync-status-label')).toHaveText('Offline · 1 pending');
    expect(queryRows(server.dbFile, 'SELECT id FROM accounts WHERE name = ?', mineName)).toEqual(
      [],
    );

    // Signal again: the account reaches the server as it was made.
    await office.setOffline(false);
    await admin.waitOnline();
    const [stored] = queryRows<{ id: number; terms: string; poRule: string; sites: string }>(
      server.dbFile,
      'SELECT id, terms, poRule, sites FROM accounts WHERE name = ?',
      mineName,
    );
    expect(stored).toBeDefined();
    expect(JSON.parse(stored?.terms ?? '{}')).toEqual({ kind: 'days', days: 14 });
    expect(JSON.parse(stored?.poRule ?? '{}')).toEqual({ kind: 'per-job' });
    const section = await accounts.openAccount(mineName);
    await accounts.givePortalAccess(section, {
      ...contact,
      firstName: 'Priya',
      email: `portal.${stamp.email}`,
    });

    // 2. The mine's contact signs in on a phone and books a recovery at the gate with a PO.
    const phone = await phoneContext.newPage();
    const auth = new AuthPage(phone);
    await auth.open('/auth');
    await auth.login(contact.username, contact.password);
    await phone.waitForURL((url) => url.pathname === '/account', { timeout: 30_000 });
    const portal = new AccountPortal(phone);
    await portal.waitOpen(mineName);
    await phone.screenshot({ path: testInfo.outputPath('portal-jobs-390.png') });
    // The account's own screen passes the layout audit like every other role's.
    expect(await auditLayout(phone), 'the account portal at 390 px').toEqual([]);
    await portal.book({
      service: '4x4 Recovery',
      po,
      description: 'Light vehicle bogged at the gate 2 turnoff, needs a winch out',
    });
    await expect(
      phone.locator('.mantine-Notification-root').filter({ hasText: 'Booking Submitted' }),
    ).toBeVisible({ timeout: 30_000 });
    await expect(phone.getByTestId('portal-booking')).toContainText(`PO ${po}`);
    await phone.screenshot({ path: testInfo.outputPath('portal-booked-390.png') });

    // 3. The owner approves it and gives it to Jess, who is not inducted at the gate: warned.
    await admin.tab('Pending Bookings');
    const booking = admin.page
      .getByTestId('booking-card')
      .filter({ has: admin.page.getByTestId('account-work').filter({ hasText: mineName }) });
    await expect(booking.getByTestId('po-number')).toHaveText(`PO ${po}`, { timeout: 30_000 });
    await booking.getByRole('button', { name: 'Approve' }).click();
    await expect(admin.toast('Booking Approved')).toBeVisible({ timeout: 30_000 });
    let jobId = '';
    await expect
      .poll(() => {
        jobId =
          queryRows<{ approvedJobId: string | null }>(
            server.dbFile,
            'SELECT approvedJobId FROM bookings WHERE poNumber = ?',
            po,
          )[0]?.approvedJobId ?? '';
        return jobId;
      })
      .not.toBe('');
    await admin.tab('Job Management');
    const card = admin.jobCard(jobId);
    await expect(card.getByTestId('po-number')).toHaveText(`PO ${po}`);
    await admin.controls(jobId).driver.click();
    await admin.page
      .getByRole('option', { name: `${jess.firstName} ${jess.lastName}`, exact: true })
      .click();
    await expect(card.getByTestId('induction-warning')).toContainText(
      `${jess.firstName} ${jess.lastName} is not inducted at Gate 2`,
    );
    await card.screenshot({ path: testInfo.outputPath('job-induction-warning.png') });

    // 4. The job is completed.
    await admin.completeJob(jobId);
    await expect(card).toHaveAttribute('data-status', 'Completed');

    // 5. Its tax invoice: the PO, the buyer's ABN and a due date 14 days on.
    await admin.tab('Quotes & Billing');
    const billing = new BillingPage(admin.page);
    await billing.view('Invoices');
    // Raised here rather than through the page model, whose wait on its toast can sit behind the
    // completion's: the invoice is known by the row the server keeps for the job.
    await billing.jobToInvoice(jobId).getByRole('button', { name: 'Raise invoice' }).click();
    const raise = admin.page.getByRole('dialog', { name: 'Raise tax invoice' });
    await raise.getByRole('button', { name: 'Raise invoice' }).click();
    await expect(raise).toHaveCount(0, { timeout: DEVICE_WRITE_TIMEOUT });
    let invoiceKey = '';
    await expect
      .poll(
        () => {
          invoiceKey =
            queryRows<{ id: string }>(
              server.dbFile,
              'SELECT id FROM invoices WHERE jobId = ?',
              jobId,
            )[0]?.id ?? '';
          return invoiceKey;
        },
        { timeout: 30_000 },
      )
      .not.toBe('');
    const invoice = billing.invoiceCard(invoiceKey);
    await expect(invoice.getByTestId('invoice-unsynced')).toHaveCount(0, { timeout: 30_000 });
    const [download] = await Promise.all([
      admin.page.waitForEvent('download'),
      invoice.getByRole('button', { name: 'Download PDF' }).click(),
    ]);
    const invoicePdf = testInfo.outputPath('account-invoice.pdf');
    await download.saveAs(invoicePdf);
    const invoiceText = await pdfText(invoicePdf);
    const [row] = queryRows<{ number: string; createdAt: string }>(
      server.dbFile,
      'SELECT number, createdAt FROM invoices WHERE id = ?',
      invoiceKey,
    );
    const due = formatDate(dueDateFor({ kind: 'days', days: 14 }, row?.createdAt ?? ''));
    for (const expected of [
      'TAX INVOICE',
      row?.number ?? 'no number',
      `${mineName} Pty Ltd`,
      'ABN 53 004 085 616',
      `PO: ${po}`,
      'Site: Gate 2, Cape Lambert Rd, Wickham',
      `Due date: ${due}`,
      `Payment is due by ${due}.`,
    ])
      expect(invoiceText).toContain(expected);

    // 6. The month's statement lists the invoice (rendered to look at: account-statement-1.png).
    await accounts.open();
    const account = await accounts.openAccount(mineName);
    const statement = await accounts.statementPdf(account, monthOf(row?.createdAt ?? ''));
    const statementPdf = testInfo.outputPath('account-statement.pdf');
    await statement.saveAs(statementPdf);
    const statementText = await pdfText(statementPdf);
    for (const expected of [
      'STATEMENT',
      `${mineName} Pty Ltd`,
      'Payment terms: 14 days',
      row?.number ?? 'no number',
      po,
      'Closing balance $200.00',
      'Current $200.00',
    ])
      expect(statementText).toContain(expected);
    execFileSync('pdftoppm', [
      '-png',
      '-r',
      '70',
      statementPdf,
      join(testInfo.outputDir, 'account-statement'),
    ]);

    // The contact sees the invoice on the phone, with its PO.
    await portal.tab('Invoices');
    await expect(phone.getByTestId('portal-invoice')).toContainText(`PO ${po}`, {
      timeout: 30_000,
    });
    await phone.screenshot({ path: testInfo.outputPath('portal-invoices-390.png') });
    expect(await auditLayout(phone), 'the account portal’s invoices at 390 px').toEqual([]);
  } finally {
    await phoneContext.close();
    await devices.closeAll();
  }
});
