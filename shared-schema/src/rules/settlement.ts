/** What an invoice's payments, credits and refunds leave owed, one way or the other. */
import type { Invoice } from '../entities/invoice';

/** The settlement figures of an invoice (`amountRefunded` absent on rows from before refunds). */
export type Settlement = Pick<Invoice, 'amount' | 'amountPaid' | 'amountCredited'> & {
  amountRefunded?: number | undefined;
};

/**
 * What is still owed on an invoice: total − credited − paid + refunded. Below zero the customer
 * is in credit (paid more than the invoice now comes to): see {@link refundOwed}.
 */
export function balanceDue(invoice: Settlement): number {
  return (
    invoice.amount - invoice.amountCredited - invoice.amountPaid + (invoice.amountRefunded ?? 0)
  );
}

/** Money owed back to the customer: what a credit note left them in credit, not yet refunded. */
export function refundOwed(invoice: Settlement): number {
  return Math.max(0, -balanceDue(invoice));
}
