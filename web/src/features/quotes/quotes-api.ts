/**
 * The Quotes & Billing calls that only the server can do (docs/features.md): emailing a quote or a
 * tax invoice, their PDFs, the books export and card-payment configuration. Everything else goes
 * through sync mutations and works offline; these say plainly that they need a connection instead
 * of failing with a browser error.
 */
import {
  configResponseSchema,
  quoteResponseSchema,
  type BooksCsvKind,
  type Quote,
} from '@pilbara/shared-schema';
import { HttpError, apiRequest, isNetworkError, serverMessage } from '../../lib/http';

/** Thrown instead of a browser network error, so the screen can say a connection is needed. */
export class OfflineError extends Error {
  override name = 'OfflineError';
}

/** True when the browser says it has no network. */
export function browserOffline(): boolean {
  return typeof navigator !== 'undefined' && navigator.onLine === false;
}

async function online<T>(call: () => Promise<T>): Promise<T> {
  if (browserOffline()) throw new OfflineError('offline');
  try {
    return await call();
  } catch (error) {
    if (isNetworkError(error)) throw new OfflineError('network failure');
    throw error;
  }
}

function quotePath(id: string, action: string): string {
  return `/api/quotes/${encodeURIComponent(id)}/${action}`;
}

/** POST send-email: the server mails the quote with its PDF and, on success, marks it sent. */
export async function sendQuoteEmail(id: string): Promise<Quote> {
  return online(
    async () =>
      quoteResponseSchema.parse(
        await apiRequest<unknown>(quotePath(id, 'send-email'), { method: 'POST' }),
      ).quote,
  );
}

/** POST renew: a quote past its date is good again and emailed again. */
export async function renewQuote(id: string): Promise<Quote> {
  return online(
    async () =>
      quoteResponseSchema.parse(
        await apiRequest<unknown>(quotePath(id, 'renew'), { method: 'POST', body: {} }),
      ).quote,
  );
}

/** A file the server makes (a PDF, a CSV), as a blob. */
async function fetchFile(path: string, accept: string): Promise<Blob> {
  return online(async () => {
    const response = await fetch(path, { credentials: 'include', headers: { Accept: accept } });
    if (!response.ok)
      throw new HttpError(response.status, response.statusText, await response.text());
    return response.blob();
  });
}

/** GET pdf as a blob. */
export async function fetchQuotePdf(id: string): Promise<Blob> {
  return fetchFile(quotePath(id, 'pdf'), 'application/pdf');
}

/** The tax invoice PDF as a blob. */
export async function fetchInvoicePdf(id: string): Promise<Blob> {
  return fetchFile(`/api/invoices/${encodeURIComponent(id)}/pdf`, 'application/pdf');
}

/** The credit note PDF as a blob. */
export async function fetchCreditNotePdf(id: string): Promise<Blob> {
  return fetchFile(`/api/credit-notes/${encodeURIComponent(id)}/pdf`, 'application/pdf');
}

/** A books export (Xero sales, MYOB sales or payments) of a Perth date range, as a CSV blob. */
export async function fetchBooksCsv(
  kind: BooksCsvKind,
  range: { from: string; to: string },
): Promise<Blob> {
  const query = new URLSearchParams(range).toString();
  return fetchFile(`/api/books/${kind}.csv?${query}`, 'text/csv');
}

/** POST send-email of a tax invoice: with the pay link while money is owed, as Paid once settled. */
export async function sendInvoiceEmail(id: string): Promise<void> {
  await online(() =>
    apiRequest<unknown>(`/api/invoices/${encodeURIComponent(id)}/send-email`, { method: 'POST' }),
  );
}

/**
 * POST send-email of a credit note (adjustment note): the customer is told what was credited and,
 * when the credit left them in credit on a paid invoice, that a refund is on its way.
 */
export async function sendCreditNoteEmail(id: string): Promise<void> {
  await online(() =>
    apiRequest<unknown>(`/api/credit-notes/${encodeURIComponent(id)}/send-email`, {
      method: 'POST',
    }),
  );
}

/** Saves a blob under `filename` through a temporary link. */
export function saveBlob(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.rel = 'noopener';
  document.body.appendChild(link);
  link.click();
  link.remove();
  // Revoke later: some browsers read the URL after click() returns.
  window.setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** Whether this deployment has card keys (GET /api/config). */
export async function fetchCardPaymentsEnabled(): Promise<boolean> {
  return online(
    async () =>
      configResponseSchema.parse(await apiRequest<unknown>('/api/config')).cardPaymentsEnabled,
  );
}

/** The checkout address Pay Now opens (spec staff §2). */
function checkoutUrl(id: string): string {
  return `/checkout?quote=${encodeURIComponent(id)}`;
}

/** Opens the checkout in its own 600 × 600 window; false when the browser blocked it. */
export function openCheckoutWindow(id: string): boolean {
  const opened = window.open(checkoutUrl(id), `checkout-${id}`, 'width=600,height=600');
  return opened !== null;
}

/** The server's words for a failed call, if it gave any. */
export function reasonOf(error: unknown): string | undefined {
  if (error instanceof HttpError) return serverMessage(error);
  return undefined;
}
