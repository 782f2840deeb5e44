/**
 * Quotes end to end: staff build a quote in the cab with no signal, it syncs when the
 * connection returns, goes to the customer by email with its PDF, and its checkout page opens
 * with the card form. The provider's browser script is stubbed; its HTTP API is a small stand-in
 * started by the test, so no request leaves the machine.
 */
import http from 'node:http';
import { rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import type { BrowserContext, Route } from '@playwright/test';
import { MESSAGES } from '@pilbara/shared-schema';
import {
  DOCUMENT_SEND_TIMEOUT,
  expect,
  startServer,
  test,
  WITH_SERVICE_WORKER,
} from '../fixtures/server';
import { DEVICE_WRITE_TIMEOUT } from '../page-models/app-shell';
import { QuotesManagerPage } from '../page-models/quotes';
import { PAGE_LOAD_TIMEOUT, chooseOption } from '../page-models/public-forms';
import { jobDoneFor, loginAsAdmin, queryRows, uniqueCustomer } from '../page-models/test-data';

const SYNC_TIMEOUT = 30_000;

interface QuoteRow {
  number: string | null;
  id: string;
  status: string;
  finalPrice: number;
  items: string;
  customerName: string;
}

function quoteRow(dbFile: string, id: string): QuoteRow | undefined {
  return queryRows<QuoteRow>(
    dbFile,
    'SELECT id, number, status, finalPrice, items, customerName FROM quotes WHERE id = ?',
    id,
  )[0];
}

/** A tiny Stripe.js: mounts a visible card-form shell and reports it ready, as the real one does. */
const FAKE_STRIPE_JS = `
window.Stripe = function Stripe(key) {
  return {
    elements: function (options) {
      return {
        create: function () {
          var handlers = {};
          return {
            on: function (event, handler) { handlers[event] = handler; },
            mount: function (target) {
              var node = typeof target === 'string' ? document.querySelector(target) : target;
              node.innerHTML = '<label>Card number <input aria-label="Card number" data-fake-stripe="' + key + '" data-secret="' + options.clientSecret + '"></label>';
              setTimeout(function () { if (handlers.ready) handlers.ready({}); }, 0);
            },
            destroy: function () {},
          };
        },
      };
    },
    confirmPayment: function () { return Promise.resolve({ error: { message: 'Your card was declined.' } }); },
  };
};
`;

async function stubStripeJs(context: BrowserContext): Promise<void> {
  await context.route('https://js.stripe.com/**', (route: Route) =>
    route.fulfill({ status: 200, contentType: 'application/javascript', body: FAKE_STRIPE_JS }),
  );
}

/** The few Stripe endpoints the server calls: create and retrieve a PaymentIntent. */
async function startFakeStripeApi() {
  const created: Record<string, string>[] = [];
  const intents = new Map<string, Record<string, unknown>>();
  const server = http.createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    request.on('end', () => {
      const url = new URL(request.url ?? '/', 'http://localhost');
      const reply = (status: number, data: unknown) => {
        response.writeHead(status, {
          'Content-Type': 'application/json',
          'Request-Id': `req_${Date.now()}`,
        });
        response.end(JSON.stringify(data));
      };
      if (request.method === 'POST' && url.pathname === '/v1/payment_intents') {
        const params = Object.fromEntries(new URLSearchParams(body));
        created.push(params);
        const id = `pi_e2e_${created.length}`;
        const intent = {
          id,
          object: 'payment_intent',
          amount: Number(params.amount),
          currency: params.currency,
          status: 'requires_payment_method',
          client_secret: `${id}_secret_e2e`,
          metadata: {},
        };
        intents.set(id, intent);
        return reply(200, intent);
      }
      const retrieve = /^\/v1\/payment_intents\/([^/]+)$/.exec(url.pathname);
      const found = retrieve ? intents.get(retrieve[1] ?? '') : undefined;
      if (request.method === 'GET' && found) return reply(200, found);
      return reply(404, {
        error: { type: 'invalid_request_error', message: `No such route ${url.pathname}` },
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    created,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

test.describe('quotes manager', () => {
  test.setTimeout(180_000);

  test.describe('with no signal', () => {
    // Works offline: the app's code comes from the service worker.
    test.use(WITH_SERVICE_WORKER);

    test('a quote built offline from the catalogue syncs, is emailed with its PDF, and its checkout opens', async ({
      page,
      context,
      server,
      mailbox,
    }) => {
      const quotes = new QuotesManagerPage(page);
      const customer = uniqueCustomer('Quote');
      await quotes.login();
      await quotes.open();
      await quotes.waitForQuoteIds();

      // In the cab with no signal.
      await context.setOffline(true);
      await quotes.newQuote();
      await expect(quotes.form.getByText(MESSAGES.QUOTE_ITEMS_REQUIRED)).toBeVisible();
      await expect(quotes.form.getByRole('button', { name: 'Save Quote' })).toBeDisabled();
      await quotes.quickAdd('Services', 'Emergency Towing');
      await quotes.quickAdd('Parts', 'Tow Strap Heavy Duty');
      await quotes.quickAdd('Parts', 'Tow Strap Heavy Duty');
      await expect(quotes.form.getByText(MESSAGES.QUOTE_CUSTOMER_REQUIRED)).toBeVisible();
      await quotes.fillCustomer(customer);
      await quotes.chooseRoute('Karratha', 'Tom Price', 310);
      await chooseOption(page, 'Service', 'Emergency Towing');
      await quotes.form.getByLabel('Discount', { exact: true }).fill('10');
      // $180 + 2 × $45 = $270, × 1.4 for Tom Price = $378, less 10 % = $340.20.
      await expect(quotes.finalPrice).toHaveText('$340.20');
      await quotes.saveAndClose();
      await expect(quotes.toast(MESSAGES.QUOTE_CREATED)).toBeVisible();

      const card = quotes.cardFor(customer.name);
      await expect(card).toBeVisible();
      await expect(card.getByTestId('quote-status')).toHaveText('Draft');
      await expect(card.getByTestId('quote-price')).toHaveText('$340.20');
      await expect(card.getByTestId('quote-unsynced')).toBeVisible();
      await expect(card).toContainText('Karratha → Tom Price · 310 km');
      await expect(card).toContainText('Service: Emergency Towing');
      await expect(card).toContainText('14 days left');
      const id = await quotes.quoteIdOf(card);
      // A quote made on the device is keyed Q-…-P…; its number comes from the server.
      expect(id).toMatch(/^Q-\d{4}-P\d+$/);
      expect(quoteRow(server.dbFile, id)).toBeUndefined();

      // Emailing needs the server: it says so instead of failing.
      await card.getByRole('button', { name: 'Email Quote' }).click();
      await expect(quotes.toast('Emailing a quote needs a connection')).toBeVisible();

      // Signal returns: the saved quote reaches the server as built.
      await context.setOffline(false);
      await expect(card.getByTestId('quote-unsynced')).toHaveCount(0, { timeout: SYNC_TIMEOUT });
      await expect
        .poll(() => quoteRow(server.dbFile, id)?.finalPrice, { timeout: SYNC_TIMEOUT })
        .toBe(34020);
      const row = quoteRow(server.dbFile, id);
      expect(row).toMatchObject({ status: 'draft', customerName: customer.name });
      expect(JSON.parse(row?.items ?? '[]')).toMatchObject([
        { description: 'Emergency Towing', quantity: 1, unitPrice: 18000, category: 'service' },
        { description: 'Tow Strap Heavy Duty', quantity: 2, unitPrice: 4500, category: 'parts' },
      ]);

      // Email it: the customer receives the PDF and the pay link; the server marks it sent.
      await card.getByRole('button', { name: 'Email Quote' }).click();
      await expect(quotes.toast(MESSAGES.QUOTE_EMAILED)).toBeVisible({
        timeout: DOCUMENT_SEND_TIMEOUT,
      });
      await expect
        .poll(() => mailbox.messages.filter((m) => m.to.includes(customer.email)).length, {
          timeout: SYNC_TIMEOUT,
        })
        .toBe(1);
      const mail = mailbox.messages.find((m) => m.to.includes(customer.email))?.raw ?? '';
      expect(mail).toContain('application/pdf');
      const number = quoteRow(server.dbFile, id)?.number ?? '';
      expect(number).toMatch(/^Q-\d{4}-\d+$/);
      expect(mail).toContain(`Quote-${number}.pdf`);
      expect(mail.replace(/=\r?\n/g, '').replace(/=3D/g, '=')).toContain(
        `/checkout?quote=${number}`,
      );
      await expect(card.getByTestId('quote-status')).toHaveText('Sent', { timeout: SYNC_TIMEOUT });
      expect(quoteRow(server.dbFile, id)?.status).toBe('sent');
      await expect(card.getByRole('button', { name: 'Accept' })).toBeVisible();
      await expect(card.getByRole('button', { name: 'Email Quote' })).toHaveCount(0);

      // The PDF comes from the server and is saved under the quote's number.
      const downloading = page.waitForEvent('download');
      await card.getByRole('button', { name: 'Download PDF' }).click();
      const download = await downloading;
      expect(download.suggestedFilename()).toBe(`Quote-${number}.pdf`);
      await expect(quotes.toast(MESSAGES.QUOTE_PDF_DOWNLOADED)).toBeVisible();

      // This server has no card keys: Pay Now offers to record a payment taken another way.
      await card.getByRole('button', { name: 'Pay Now' }).click();
      const dialog = page.getByRole('dialog', { name: 'Record payment' });
      await expect(dialog.getByText('Card payment is not set up')).toBeVisible();
      await dialog.getByText('Bank transfer').click();
      await expect(dialog.getByLabel('Amount')).toHaveValue('340.20');
      await dialog.getByRole('button', { name: 'Record payment' }).click();
      // Accepting the quote raises its invoice, then the payment: written on this device, the
      // dialog closes and the toast shows (after the PDF's toast, if that one is still up).
      await expect(dialog).toHaveCount(0, { timeout: DEVICE_WRITE_TIMEOUT });
      await expect(quotes.toast('Payment recorded')).toBeVisible();
      await expect(card.getByTestId('quote-status')).toHaveText('Accepted', {
        timeout: SYNC_TIMEOUT,
      });
      await expect(card.getByTestId('quote-invoice-state')).toHaveText('Paid', {
        timeout: SYNC_TIMEOUT,
      });
      await expect(card.getByRole('button', { name: 'Pay Now' })).toHaveCount(0);
      expect(
        queryRows<{ status: string; amount: number }>(
          server.dbFile,
          'SELECT status, amount FROM invoices WHERE quoteId = ?',
          id,
        ),
      ).toEqual([{ status: 'paid', amount: 34020 }]);

      // The pay link of the paid quote says it is paid, against the invoice's number.
      const checkout = await context.newPage();
      await checkout.goto(`/checkout?quote=${encodeURIComponent(number)}`);
      await expect(checkout.getByRole('heading', { name: 'Complete Payment' })).toBeVisible({
        timeout: PAGE_LOAD_TIMEOUT,
      });
      await expect(checkout.getByTestId('pay-settled')).toBeVisible();
      await expect(checkout.getByTestId('pay-amount')).toHaveText('$340.20');
      await expect(checkout.getByTestId('pay-reference')).toHaveText(/^INV-\d{4}-\d+$/);
      await expect(checkout.getByTestId('card-not-set-up')).toHaveCount(0);

      // A link without the quote parameter is invalid, in the catalogue's words.
      await checkout.goto('/checkout');
      await expect(
        checkout.getByRole('alert', { name: MESSAGES.INVALID_PAYMENT_LINK_TITLE }),
      ).toContainText(MESSAGES.INVALID_PAYMENT_LINK_DESCRIPTION);
      await expect(
        checkout
          .locator('.mantine-Notification-root')
          .filter({ hasText: MESSAGES.INVALID_PAYMENT_LINK_TITLE }),
      ).toContainText(MESSAGES.INVALID_PAYMENT_LINK_DESCRIPTION);
      await expect(checkout.getByTestId('payment-element')).toHaveCount(0);
      await checkout.close();
    });
  });

  test('completing a job shows its automatic quote as a draft linked to the job', async ({
    page,
    request,
  }) => {
    const customer = uniqueCustomer('Auto');
    await loginAsAdmin(request);
    const job = await jobDoneFor(request, customer, {
      service: 'Vehicle Repairs',
      location: 'Dampier',
    });

    const quotes = new QuotesManagerPage(page);
    await quotes.login();
    await quotes.open();
    const card = quotes.cardFor(customer.name);
    await expect(card).toBeVisible({ timeout: SYNC_TIMEOUT });
    await expect(card.getByTestId('quote-status')).toHaveText('Draft');
    // Linked by its key, shown by its number.
    await expect(card.getByText(`Job ${job.number}`, { exact: true })).toBeVisible();
    await expect(card.getByTestId('quote-price')).toHaveText('$200.00');
    await expect(card).toContainText('30 days left');
    await expect(card.getByRole('button', { name: 'Edit' })).toBeVisible();
  });

  test('Pay Now opens the card checkout in its own window with the card form', async ({
    browser,
    mailbox,
  }) => {
    const stripeApi = await startFakeStripeApi();
    const own = await startServer({
      SMTP_URL: mailbox.url,
      STRIPE_PUBLISHABLE_KEY: 'pk_test_e2e',
      STRIPE_SECRET_KEY: 'sk_test_e2e',
      STRIPE_WEBHOOK_SECRET: 'whsec_e2e',
      STRIPE_API_BASE: stripeApi.url,
    });
    // No service worker here, so the stubbed provider script is what the page loads.
    const context = await browser.newContext({
      baseURL: own.server.baseURL,
      serviceWorkers: 'block',
      locale: 'en-AU',
      timezoneId: 'Australia/Perth',
    });
    try {
      await stubStripeJs(context);
      const page = await context.newPage();
      const quotes = new QuotesManagerPage(page);
      const customer = uniqueCustomer('Card');
      await quotes.login();
      await quotes.open();
      await quotes.waitForQuoteIds();

      await quotes.newQuote();
      await quotes.quickAdd('Services', 'Heavy Vehicle Recovery');
      await quotes.quickAdd('Other charges', 'Call-out Fee');
      await quotes.fillCustomer(customer);
      await expect(quotes.finalPrice).toHaveText('$425.00');
      await quotes.save();
      const card = quotes.cardFor(customer.name);
      // The card first: a badge of a card not yet listed counts 0 too, and Email Quote on a quote
      // still in the outbox only says it has not synced.
      await expect(card).toBeVisible();
      await expect(card.getByTestId('quote-unsynced')).toHaveCount(0, { timeout: SYNC_TIMEOUT });
      const id = await quotes.quoteIdOf(card);

      await card.getByRole('button', { name: 'Email Quote' }).click();
      await expect(card.getByTestId('quote-status')).toHaveText('Sent', {
        timeout: DOCUMENT_SEND_TIMEOUT,
      });

      const popupOpened = page.waitForEvent('popup');
      await card.getByRole('button', { name: 'Pay Now' }).click();
      const popup = await popupOpened;
      await expect(quotes.toast(MESSAGES.PAYMENT_WINDOW_OPENED)).toBeVisible();
      // The checkout names the quote by the number the customer was sent, not the device's key.
      const number = quoteRow(own.server.dbFile, id)?.number ?? '';
      expect(number).toMatch(/^Q-\d{4}-\d+$/);
      expect(new URL(popup.url()).pathname + new URL(popup.url()).search).toBe(
        `/checkout?quote=${encodeURIComponent(number)}`,
      );

      await expect(popup.getByRole('heading', { name: 'Complete Payment' })).toBeVisible({
        timeout: PAGE_LOAD_TIMEOUT,
      });
      await expect(popup.getByText('Secure payment for your service quote')).toBeVisible();
      const cardField = popup.getByTestId('payment-element').getByLabel('Card number');
      await expect(cardField).toBeVisible({ timeout: PAGE_LOAD_TIMEOUT });
      await expect(cardField).toHaveAttribute('data-fake-stripe', 'pk_test_e2e');
      await expect(cardField).toHaveAttribute('data-secret', 'pi_e2e_1_secret_e2e');
      await expect(popup.getByRole('button', { name: 'Pay Now' })).toBeEnabled();
      expect(stripeApi.created).toHaveLength(1);
      expect(stripeApi.created[0]).toMatchObject({
        amount: '42500',
        currency: 'aud',
        'metadata[quoteId]': id,
      });
    } finally {
      await context.close();
      await own.stop();
      rmSync(own.server.dataDir, { recursive: true, force: true });
      await stripeApi.close();
    }
  });
});
