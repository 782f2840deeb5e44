/**
 * What staff do with invoices, as sync mutations that work offline: accept a quote (which raises
 * its tax invoice), raise an invoice for a completed job, record a payment, issue a credit note.
 * Ids come from this device's leases, so an invoice number or a payment recorded at a mine site
 * is final. Each returns the local outcome: ok, or the rule's message.
 */
import {
  balanceDue,
  type Invoice,
  type Quote,
  type RecordInvoicePaymentInput,
} from '@pilbara/shared-schema';
import { mintId, mutate, type MutateResult } from '../../sync';

/** A local outcome: the mutation was saved on this device (and queued), or why not. */
export type ActionOutcome = { ok: true; invoiceId: string } | { ok: false; message: string };

function failed(result: MutateResult): ActionOutcome {
  return { ok: false, message: result.ok ? '' : result.message };
}

async function mint(series: 'INV' | 'CN' | 'payments'): Promise<string | number> {
  return mintId(series);
}

/** Accepts a sent quote; its tax invoice is raised in the same mutation. */
export async function acceptQuote(quote: Quote): Promise<ActionOutcome> {
  const invoiceId = String(await mint('INV'));
  const result = await mutate('quote.accept', {
    id: quote.id,
    invoiceId,
    accountId: quote.accountId ?? null,
    jobId: quote.jobId ?? null,
  });
  if (!result.ok) return failed(result);
  const raised = (result.result as { invoice: Invoice | null } | null)?.invoice;
  return { ok: true, invoiceId: raised?.id ?? invoiceId };
}

/** Raises the tax invoice of a completed job from its quote. */
export async function raiseJobInvoice(
  quote: Quote,
  jobId: string,
  buyerAbn: string | null,
): Promise<ActionOutcome> {
  const invoiceId = String(await mint('INV'));
  const result = await mutate('invoice.raise', {
    id: invoiceId,
    quoteId: quote.id,
    jobId,
    buyerAbn,
    // Work on account bills the account: its name, ABN, PO and terms.
    accountId: quote.accountId ?? null,
  });
  return result.ok ? { ok: true, invoiceId } : failed(result);
}

/** What the payment dialog collects. */
export type PaymentDetails = Pick<
  RecordInvoicePaymentInput,
  'method' | 'amount' | 'reference' | 'paidAt'
>;

/** Records a payment against an invoice. */
export async function recordPayment(
  invoiceId: string,
  details: PaymentDetails,
): Promise<ActionOutcome> {
  const paymentId = Number(await mint('payments'));
  const result = await mutate('invoice.recordPayment', { invoiceId, paymentId, ...details });
  return result.ok ? { ok: true, invoiceId } : failed(result);
}

/**
 * A payment taken for a quote (Record payment on its card): the quote's standing invoice, else
 * one raised now (accepting a sent quote), then the payment against it.
 */
export async function payQuote(
  quote: Quote,
  standing: Invoice | undefined,
  details: PaymentDetails,
): Promise<ActionOutcome> {
  let invoiceId = standing?.id;
  if (!invoiceId) {
    const raised =
      quote.status === 'sent'
        ? await acceptQuote(quote)
        : await (async (): Promise<ActionOutcome> => {
            const id = String(await mint('INV'));
            const result = await mutate('invoice.raise', {
              id,
              quoteId: quote.id,
              accountId: quote.accountId ?? null,
            });
            return result.ok ? { ok: true, invoiceId: id } : failed(result);
          })();
    if (!raised.ok) return raised;
    invoiceId = raised.invoiceId;
  }
  return recordPayment(invoiceId, details);
}

/** What a quote still owes: its invoice's balance, or its price before it is invoiced. */
export function amountOwed(quote: Quote, standing: Invoice | undefined): number {
  return standing ? balanceDue(standing) : quote.finalPrice;
}

/**
 * Records a refund paid back to a customer a credit note left in credit: a
 * `payments` row of kind refund, from this device's lease, so it works offline.
 */
export async function recordRefund(
  invoiceId: string,
  details: PaymentDetails,
): Promise<ActionOutcome> {
  const refundId = Number(await mint('payments'));
  const result = await mutate('invoice.recordRefund', { invoiceId, refundId, ...details });
  return result.ok ? { ok: true, invoiceId } : failed(result);
}

/** Issues a credit note against an invoice. */
export async function issueCredit(
  invoiceId: string,
  amount: number,
  reason: string,
): Promise<ActionOutcome> {
  const id = String(await mint('CN'));
  const result = await mutate('creditNote.issue', { id, invoiceId, amount, reason });
  return result.ok ? { ok: true, invoiceId } : failed(result);
}
