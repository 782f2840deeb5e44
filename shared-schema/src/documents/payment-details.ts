/**
 * How a customer pays without a card: the business's bank account and PayID from the business
 * profile, with the document's number as the payment reference, so the owners can match a
 * transfer to its quote or invoice. Quotes, invoices, their emails and the pay page all show
 * {@link paymentInstructions}, worded here once.
 *
 * Without configured bank details nothing made up is printed (a placeholder account would take
 * real money): the customer is told to call for them, with the reference to quote.
 */
import type { BusinessProfile } from '../constants/business-profile-schema';

/** Six digits as a BSB is written: `066123` → `066-123`; other text comes back trimmed. */
export function formatBsb(bsb: string): string {
  const digits = bsb.replace(/[\s-]/g, '');
  return /^\d{6}$/.test(digits) ? `${digits.slice(0, 3)}-${digits.slice(3)}` : bsb.trim();
}

/** Whether the profile holds an account to transfer to (BSB and account number) or a PayID. */
export function canPayByTransfer(profile: Pick<BusinessProfile, 'bank'>): boolean {
  const { bank } = profile;
  return Boolean((bank.bsb.trim() && bank.accountNumber.trim()) || bank.payId.trim());
}

/** What a document, email or the pay page prints under "How to pay". */
export interface PaymentInstructions {
  heading: string;
  /** Label and value rows in print order; the reference is always the last. */
  rows: { label: string; value: string }[];
  /** One sentence under the rows. */
  note: string;
}

export const PAYMENT_TEXT = {
  heading: 'How to pay',
  accountName: 'Account name',
  bsb: 'BSB',
  accountNumber: 'Account number',
  payId: 'PayID',
  reference: 'Reference',
  withTransfer: (reference: string) =>
    `Pay by bank transfer or PayID with ${reference} as the reference, so we can match your payment. Cash and card are also taken on site.`,
  withoutTransfer: (reference: string, call: string) =>
    `To pay by bank transfer, call ${call} for our account details and quote ${reference}. Cash and card are also taken on site.`,
} as const;

/**
 * The payment instructions for the document numbered `reference`: the bank account and PayID
 * that are configured, and the reference; or, with none configured, whom to call.
 */
export function paymentInstructions(
  profile: Pick<BusinessProfile, 'bank' | 'owners'>,
  reference: string,
): PaymentInstructions {
  const { bank } = profile;
  const rows: PaymentInstructions['rows'] = [];
  if (canPayByTransfer(profile)) {
    if (bank.accountName.trim())
      rows.push({ label: PAYMENT_TEXT.accountName, value: bank.accountName.trim() });
    if (bank.bsb.trim() && bank.accountNumber.trim()) {
      rows.push({ label: PAYMENT_TEXT.bsb, value: formatBsb(bank.bsb) });
      rows.push({ label: PAYMENT_TEXT.accountNumber, value: bank.accountNumber.trim() });
    }
    if (bank.payId.trim()) rows.push({ label: PAYMENT_TEXT.payId, value: bank.payId.trim() });
    rows.push({ label: PAYMENT_TEXT.reference, value: reference });
    return { heading: PAYMENT_TEXT.heading, rows, note: PAYMENT_TEXT.withTransfer(reference) };
  }
  const owner = profile.owners[0];
  const call = owner ? `${owner.name} on ${owner.phone}` : 'us';
  rows.push({ label: PAYMENT_TEXT.reference, value: reference });
  return {
    heading: PAYMENT_TEXT.heading,
    rows,
    note: PAYMENT_TEXT.withoutTransfer(reference, call),
  };
}

/** The instructions as plain lines (`BSB: 066-123`), for a text email or a PDF's small print. */
export function paymentLines(instructions: PaymentInstructions): string[] {
  return [...instructions.rows.map((row) => `${row.label}: ${row.value}`), instructions.note];
}
