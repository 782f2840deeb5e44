/**
 * Test setup for the billing routes: the app (app.ts registers billingRoutes under /api), quotes
 * created through the staff mutation path, and PDF text extraction with pdfjs.
 */
import { payLinkToken } from '../../src/db/repositories/pay-links';
import type { Invoice, Quote } from '@pilbara/shared-schema';
import { quoteSaveArgs } from '@pilbara/shared-schema/testing';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { mintTextId } from '../../src/db/id-series';
import { applyServerMutation } from '../../src/sync/server-apply';
import { buildTestApp, type BuildTestAppOptions, type TestApp } from '../helper';

export const WEBHOOK_SECRET = 'whsec_test_billing_secret';

/** Builds the app on a temp database; the billing routes are part of it. */
export function buildBillingApp(options: BuildTestAppOptions = {}): Promise<TestApp> {
  return buildTestApp(options);
}

/** Env for card payments against a fake provider at `apiBase`. */
export function stripeEnv(apiBase: string, secretKey: string): Record<string, string> {
  return {
    STRIPE_SECRET_KEY: secretKey,
    STRIPE_PUBLISHABLE_KEY: 'pk_test_fake_key',
    STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
    STRIPE_API_BASE: apiBase,
  };
}

/** The Karratha → Tom Price quote: $270 of items × 1.4 − 10 % = $340.20. */
export const SAMPLE_QUOTE = quoteSaveArgs();

/** Saves a quote through the staff write path (quote.save) and optionally moves its status. */
export function createQuote(
  app: TestApp,
  overrides: Partial<Record<keyof typeof SAMPLE_QUOTE, unknown>> = {},
  status: 'draft' | 'sent' | 'accepted' | 'rejected' = 'draft',
): Quote {
  const id = mintTextId(app.db, 'Q', app.now());
  const now = app.now().toISOString();
  const saved = applyServerMutation(
    app.db,
    'quote.save',
    { ...SAMPLE_QUOTE, ...overrides, id },
    1,
    now,
  );
  if (!saved.ok) throw new Error(`quote.save rejected: ${saved.message}`);
  let quote = (saved.result as { quote: Quote }).quote;
  const path: Record<typeof status, string[]> = {
    draft: [],
    sent: ['sent'],
    accepted: ['sent', 'accepted'],
    rejected: ['sent', 'rejected'],
  };
  for (const next of path[status]) {
    const moved = applyServerMutation(app.db, 'quote.setStatus', { id, status: next }, 1, now);
    if (!moved.ok) throw new Error(`quote.setStatus rejected: ${moved.message}`);
    quote = (moved.result as { quote: Quote }).quote;
  }
  return quote;
}

/** The text of each page of a PDF, its pieces joined by single spaces. */
export async function pdfPages(data: Uint8Array | Buffer): Promise<string[]> {
  const doc = await getDocument({
    data: new Uint8Array(data),
    isEvalSupported: false,
    disableFontFace: true,
    useSystemFonts: false,
    verbosity: 0,
  }).promise;
  const pages: string[] = [];
  for (let n = 1; n <= doc.numPages; n += 1) {
    const page = await doc.getPage(n);
    const content = await page.getTextContent();
    const text = content.items.map((item) => ('str' in item ? item.str : '')).join(' ');
    pages.push(text.replace(/\s+/g, ' ').trim());
  }
  await doc.destroy();
  return pages;
}

/** Change-log entries of one row, oldest first. */
export function changesFor(
  app: TestApp,
  entity: string,
  rowId: string | number,
): { op: string; data: string | null }[] {
  return app.db
    .prepare('SELECT op, data FROM changes WHERE entity = ? AND rowId = ? ORDER BY seq')
    .all(entity, rowId) as { op: string; data: string | null }[];
}

/** The URL of a public payment call as the quote's pay link makes it (with its token). */
export function payCall(
  app: TestApp,
  quoteId: string,
  action: 'create-payment-intent' | 'confirm-payment',
): string {
  return `/api/quotes/${quoteId}/${action}?token=${payLinkToken(app.db, app.payLinkKey, quoteId)}`;
}

/** The ATO's own published ABN, which passes the ABN check (a tax invoice needs a valid one). */
export const VALID_ABN = '51 824 753 556';

/** The $1,100.00 job: heavy vehicle recovery $950 and a winch recovery $150, for a mine contractor. */
export const THOUSAND_HUNDRED_QUOTE = {
  ...SAMPLE_QUOTE,
  customerName: 'Pilbara Iron Services',
  customerPhone: '08 9100 0000',
  customerEmail: 'accounts@pilbara-iron.example',
  vehicleType: 'CAT 777 haul truck',
  service: 'Heavy Vehicle Recovery',
  fromLocation: null,
  toLocation: null,
  distance: 0,
  notes: null,
  discountPercent: 0,
  items: [
    { description: 'Heavy Vehicle Recovery', quantity: 1, unitPrice: 95000, category: 'service' },
    { description: 'Winch Recovery', quantity: 1, unitPrice: 15000, category: 'service' },
  ],
} as const;

/** Applies a staff mutation that must succeed and returns its result. */
export function staffMutation<T>(app: TestApp, name: string, args: unknown): T {
  const outcome = applyServerMutation(app.db, name, args, 1, app.now().toISOString());
  if (!outcome.ok) throw new Error(`${name} rejected: ${outcome.message}`);
  return outcome.result as T;
}

/** A sent quote accepted by its customer, and the tax invoice raised with the acceptance. */
export function acceptedInvoice(
  app: TestApp,
  overrides: Partial<Record<keyof typeof SAMPLE_QUOTE, unknown>> = {},
): Invoice {
  const quote = createQuote(app, overrides, 'sent');
  const invoiceId = mintTextId(app.db, 'INV', app.now());
  return staffMutation<{ invoice: Invoice }>(app, 'quote.accept', { id: quote.id, invoiceId })
    .invoice;
}
