/**
 * An account's monthly statement: what it owed at the start of the month, each invoice, payment,
 * credit note and refund of the month in date order, what it owes at the end, and the ageing of
 * that balance (current, 30, 60, 90+ days). The statement PDF, the admin panel's statement view
 * and the account's own portal are all built from {@link accountStatement} and
 * {@link statementDocument}.
 *
 * Every amount belongs to one of the account's invoices (payments and credit notes are recorded
 * against an invoice), so the closing balance is both the opening balance plus the month's lines
 * and the sum of what each invoice still owes at the month's end — the ageing adds up to it.
 *
 * Ageing is by the invoice's date at the statement date (the last day of the month): an invoice
 * under 30 days old is current, 30 to 59 days old is in "30 days", 60 to 89 in "60 days", and 90
 * or more in "90+ days". Dates are Perth dates.
 */
import type { BusinessProfile } from '../constants/business-profile-schema';
import type { Account } from '../entities/account';
import type { CreditNote } from '../entities/credit-note';
import type { Invoice } from '../entities/invoice';
import type { Payment } from '../entities/payment';
import { perthDate, perthDaysBetween } from '../rules/dates';
import { formatDate, formatWhen } from '../rules/date-format';
import { documentRef } from '../rules/document-number';
import { formatCents } from '../rules/money';
import { firstDayOf, lastDayOf, termsText, type YearMonth } from '../rules/payment-terms';
import { formatAbn, isValidAbn } from './abn';
import { isRefund, paymentMethodLabel } from './invoice';
import { sellerBlock, type SellerBlock } from './quote-document';

/** What a statement line is. */
export type StatementLineKind = 'invoice' | 'payment' | 'credit-note' | 'refund';

/** One line of the month: + what raised the balance, − what lowered it. */
export interface StatementLine {
  /** Perth date. */
  date: string;
  kind: StatementLineKind;
  /** The document it is (an invoice or credit note number; a payment's invoice number). */
  reference: string;
  description: string;
  poNumber: string | null;
  /** Signed cents: an invoice or refund raises the balance, a payment or credit note lowers it. */
  amountCents: number;
}

/** The ageing buckets of a balance, in cents. */
export interface Ageing {
  current: number;
  days30: number;
  days60: number;
  days90: number;
}

/** The bucket of an invoice this many days old. */
export function ageingBucket(daysOld: number): keyof Ageing {
  if (daysOld >= 90) return 'days90';
  if (daysOld >= 60) return 'days60';
  if (daysOld >= 30) return 'days30';
  return 'current';
}

/** An account's statement of one month. */
export interface AccountStatement {
  month: YearMonth;
  /** First and last Perth day of the month. */
  from: string;
  to: string;
  openingCents: number;
  lines: StatementLine[];
  closingCents: number;
  ageing: Ageing;
}

/** What a statement is computed from: the account's invoices and what was recorded against them. */
export interface StatementInput {
  accountId: number;
  month: YearMonth;
  invoices: readonly Invoice[];
  payments: readonly Payment[];
  creditNotes: readonly CreditNote[];
}

/** Every money event of the account's invoices, each on its Perth date. */
function eventsOf(input: StatementInput): (StatementLine & { invoiceId: string })[] {
  const invoices = input.invoices.filter((invoice) => invoice.accountId === input.accountId);
  const byId = new Map(invoices.map((invoice) => [invoice.id, invoice]));
  const events: (StatementLine & { invoiceId: string })[] = [];
  for (const invoice of invoices) {
    events.push({
      invoiceId: invoice.id,
      date: perthDate(invoice.createdAt),
      kind: 'invoice',
      reference: documentRef(invoice),
      description: `Tax invoice${invoice.service ? `: ${invoice.service}` : ''}${invoice.siteName ? ` at ${invoice.siteName}` : ''}`,
      poNumber: invoice.poNumber ?? null,
      amountCents: invoice.amount,
    });
  }
  for (const payment of input.payments) {
    const invoice = byId.get(payment.invoiceId);
    if (!invoice) continue;
    const refund = isRefund(payment);
    events.push({
      invoiceId: invoice.id,
      date: perthDate(payment.paidAt),
      kind: refund ? 'refund' : 'payment',
      reference: documentRef(invoice),
      description: `${refund ? 'Refund' : 'Payment'}, ${paymentMethodLabel(payment.method)}${payment.reference ? ` (${payment.reference})` : ''}`,
      poNumber: invoice.poNumber ?? null,
      amountCents: refund ? payment.amount : -payment.amount,
    });
  }
  for (const note of input.creditNotes) {
    const invoice = byId.get(note.invoiceId);
    if (!invoice) continue;
    events.push({
      invoiceId: invoice.id,
      date: perthDate(note.createdAt),
      kind: 'credit-note',
      reference: documentRef(note),
      description: `Credit note for ${documentRef(invoice)}: ${note.reason}`,
      poNumber: invoice.poNumber ?? null,
      amountCents: -note.amount,
    });
  }
  const order: Record<StatementLineKind, number> = {
    invoice: 0,
    'credit-note': 1,
    payment: 2,
    refund: 3,
  };
  return events.sort(
    (a, b) =>
      a.date.localeCompare(b.date) ||
      order[a.kind] - order[b.kind] ||
      a.reference.localeCompare(b.reference, 'en', { numeric: true }),
  );
}

/** The account's statement of `month` (see the module comment). */
export function accountStatement(input: StatementInput): AccountStatement {
  const from = firstDayOf(input.month);
  const to = lastDayOf(input.month);
  const events = eventsOf(input);
  const openingCents = events
    .filter((event) => event.date < from)
    .reduce((sum, event) => sum + event.amountCents, 0);
  const lines = events
    .filter((event) => event.date >= from && event.date <= to)
    .map(({ invoiceId: _invoiceId, ...line }) => line);
  const closingCents = lines.reduce((sum, line) => sum + line.amountCents, openingCents);
  // What each invoice still owed at the month's end, aged by the invoice's date.
  const owedByInvoice = new Map<string, number>();
  for (const event of events) {
    if (event.date > to) continue;
    owedByInvoice.set(
      event.invoiceId,
      (owedByInvoice.get(event.invoiceId) ?? 0) + event.amountCents,
    );
  }
  const ageing: Ageing = { current: 0, days30: 0, days60: 0, days90: 0 };
  for (const invoice of input.invoices) {
    const owed = owedByInvoice.get(invoice.id);
    if (owed === undefined || owed === 0) continue;
    ageing[ageingBucket(perthDaysBetween(perthDate(invoice.createdAt), to))] += owed;
  }
  return { month: input.month, from, to, openingCents, lines, closingCents, ageing };
}

/** The statement's file name: 'Statement-<account>-2026-11.pdf'. */
export function statementFileName(accountName: string, month: YearMonth): string {
  const slug = accountName
    .normalize('NFKD')
    .replace(/[^A-Za-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60);
  return `Statement-${slug || 'account'}-${month}.pdf`;
}

/** One printed line of a statement, with the running balance after it. */
export interface StatementDocumentLine {
  date: string;
  reference: string;
  description: string;
  poNumber: string;
  /** '+$1,100.00' or '-$500.00'. */
  amount: string;
  balance: string;
}

/** Everything a statement prints, in print order. */
export interface StatementDocument {
  title: string;
  /** The month as printed ('November 2026'); the header's number line. */
  number: string;
  issueDate: string;
  seller: SellerBlock;
  buyer: { name: string; abn: string | null; email: string | null };
  account: string;
  terms: string;
  period: string;
  opening: string;
  lines: StatementDocumentLine[];
  closing: string;
  closingCents: number;
  ageing: { label: string; amount: string; cents: number }[];
  /** Said when the month has no lines. */
  emptyNote: string | null;
  footer: string;
  fileName: string;
}

/** The ageing buckets' labels, in print order. */
export const AGEING_LABELS: Readonly<Record<keyof Ageing, string>> = {
  current: 'Current',
  days30: '30 days',
  days60: '60 days',
  days90: '90+ days',
};

function signed(cents: number): string {
  return cents < 0 ? `-${formatCents(-cents)}` : `+${formatCents(cents)}`;
}

function balanceText(cents: number): string {
  return cents < 0 ? `${formatCents(-cents)} in credit` : formatCents(cents);
}

/** The statement as a document for the PDF and screens. */
export function statementDocument(
  statement: AccountStatement,
  account: Pick<Account, 'name' | 'legalName' | 'abn' | 'billingEmail' | 'terms'>,
  profile: BusinessProfile,
  issuedAt: string,
): StatementDocument {
  let running = statement.openingCents;
  const lines = statement.lines.map((line) => {
    running += line.amountCents;
    return {
      date: formatDate(line.date),
      reference: line.reference,
      description: line.description,
      poNumber: line.poNumber ?? '',
      amount: signed(line.amountCents),
      balance: balanceText(running),
    };
  });
  const period = `${formatDate(statement.from)} to ${formatDate(statement.to)}`;
  const monthText = formatWhen(statement.from, 'monthLong');
  return {
    title: 'Statement',
    number: monthText,
    issueDate: formatDate(issuedAt),
    seller: sellerBlock(profile),
    buyer: {
      name: account.legalName,
      abn: isValidAbn(account.abn) ? formatAbn(account.abn ?? '') : null,
      email: account.billingEmail,
    },
    account: account.name,
    terms: termsText(account.terms),
    period,
    opening: balanceText(statement.openingCents),
    lines,
    closing: balanceText(statement.closingCents),
    closingCents: statement.closingCents,
    ageing: (Object.keys(AGEING_LABELS) as (keyof Ageing)[]).map((bucket) => ({
      label: AGEING_LABELS[bucket],
      amount: formatCents(statement.ageing[bucket]),
      cents: statement.ageing[bucket],
    })),
    emptyNote: lines.length === 0 ? 'No invoices, payments or credit notes this month.' : null,
    footer: `Please pay by the due date on each invoice (terms: ${termsText(account.terms)}). Questions: ${profile.email}`,
    fileName: statementFileName(account.name, statement.month),
  };
}
