/**
 * Bodies of the billing calls and mutators: raising a tax invoice, recording a payment,
 * issuing a credit note, and the date range of the books export.
 */
import { z } from 'zod';
import { BOOKS_EXPORT } from '../constants/books';
import { RECORD_LIMITS } from '../constants/limits';
import { QUOTE_STATUSES, RECORDABLE_PAYMENT_METHODS, REFUND_METHODS } from '../constants/statuses';
import {
  creditNoteIdSchema,
  intIdSchema,
  invoiceIdSchema,
  isoDateSchema,
  jobIdSchema,
  quoteIdSchema,
} from '../entities/common';
import { gstSummarySchema } from '../documents/gst-summary';
import { creditNoteSchema } from '../entities/credit-note';
import { invoiceSchema } from '../entities/invoice';
import { paymentSchema } from '../entities/payment';
import { quoteStatusSchema } from '../entities/quote';
import { MESSAGES } from '../messages';
import { perthDaysBetween } from '../rules/dates';
import { dollarsToCents, formatCents } from '../rules/money';
import { optionalDate, optionalText } from './fields';

/** A buyer's ABN as typed: 11 digits, spaces allowed; '' and missing become null. */
export const buyerAbnInput = z
  .union([
    z.literal(''),
    z
      .string()
      .trim()
      .regex(/^(\d\s*){11}$/, 'An ABN has 11 digits'),
  ])
  .nullish()
  .transform((value) =>
    value
      ? value.replace(/\s/g, '').replace(/^(\d{2})(\d{3})(\d{3})(\d{3})$/, '$1 $2 $3 $4')
      : null,
  );

/** An account id argument: null or absent for a one-off customer. */
const accountIdArg = z
  .number()
  .int()
  .positive()
  .nullish()
  .transform((value) => value ?? null);

/** `invoice.raise`: a tax invoice for a quote (the automatic quote of a completed job, or any other). */
export const raiseInvoiceInputSchema = z.object({
  /** The new invoice's id, minted from the device's lease. */
  id: invoiceIdSchema,
  quoteId: quoteIdSchema,
  /** The completed job it bills, when it bills one. */
  jobId: jobIdSchema.nullish().transform((value) => value ?? null),
  buyerAbn: buyerAbnInput,
  /** The account the quote is for, when it is work on account (the invoice bills the account). */
  accountId: accountIdArg,
});
/** Raise invoice body as sent. */
export type RaiseInvoiceInput = z.input<typeof raiseInvoiceInputSchema>;

/** A payment amount in cents, above 0. */
export const paymentAmountInput = z
  .number({ error: MESSAGES.PAYMENT_AMOUNT_MIN })
  .int(MESSAGES.PAYMENT_AMOUNT_MIN)
  .min(1, MESSAGES.PAYMENT_AMOUNT_MIN)
  .max(RECORD_LIMITS.maxPaymentCents, MESSAGES.PAYMENT_MAX);

/**
 * `invoice.recordPayment`: a cash, card-on-site or bank-transfer payment staff took. Nothing in
 * it is admin-only (it names the invoice and the money), so a driver can record the payment for
 * the job they did once drivers sync their jobs' invoices.
 */
export const recordInvoicePaymentInputSchema = z.object({
  invoiceId: invoiceIdSchema,
  /** The payment row's id, from the device's `payments` lease. */
  paymentId: intIdSchema,
  method: z.enum(RECORDABLE_PAYMENT_METHODS, { error: MESSAGES.PAYMENT_METHOD_INVALID }),
  amount: paymentAmountInput,
  reference: optionalText(100),
  /** When the money arrived (date or timestamp); default the time of recording. */
  paidAt: optionalDate(),
});
/** Record invoice payment body as sent. */
export type RecordInvoicePaymentInput = z.input<typeof recordInvoicePaymentInputSchema>;

/**
 * `invoice.recordRefund`: money paid back to a customer a credit note left in credit,
 * by transfer, cash or card on site, recorded by staff (offline too) once it has gone out.
 */
export const recordInvoiceRefundInputSchema = z.object({
  invoiceId: invoiceIdSchema,
  /** The refund's row id, from the device's `payments` lease (a refund is a payments row). */
  refundId: intIdSchema,
  method: z.enum(REFUND_METHODS, { error: MESSAGES.PAYMENT_METHOD_INVALID }),
  amount: paymentAmountInput,
  reference: optionalText(100),
  /** When the money went out (date or timestamp); default the time of recording. */
  paidAt: optionalDate(),
});
/** Record refund body as sent. */
export type RecordInvoiceRefundInput = z.input<typeof recordInvoiceRefundInputSchema>;

/** `creditNote.issue`: a credit note against an issued invoice. */
export const issueCreditNoteInputSchema = z.object({
  id: creditNoteIdSchema,
  invoiceId: invoiceIdSchema,
  amount: paymentAmountInput,
  reason: z
    .string({ error: MESSAGES.CREDIT_REASON_REQUIRED })
    .trim()
    .min(1, MESSAGES.CREDIT_REASON_REQUIRED)
    .max(500),
});
/** Issue credit note body as sent. */
export type IssueCreditNoteInput = z.input<typeof issueCreditNoteInputSchema>;

/** `quote.accept`: the customer accepted a sent quote; its tax invoice is raised with it. */
export const acceptQuoteInputSchema = z.object({
  id: quoteIdSchema,
  /** The invoice raised on acceptance, minted from the device's lease. */
  invoiceId: invoiceIdSchema,
  /** The account the quote is for, when it is work on account (the invoice bills the account). */
  accountId: accountIdArg,
  /** The job the quote was made for, whose PO number the invoice carries. */
  jobId: jobIdSchema.nullish().transform((value) => value ?? null),
});

/** The date range of the books export and GST summary: Perth dates, `from` ≤ `to`, at most 400 days. */
export const booksRangeQuerySchema = z
  .object({
    from: isoDateSchema.meta({ description: 'First Perth date, YYYY-MM-DD' }),
    to: isoDateSchema.meta({ description: 'Last Perth date, YYYY-MM-DD' }),
  })
  .superRefine((range, ctx) => {
    const days = perthDaysBetween(range.from, range.to);
    if (days < 0)
      ctx.addIssue({ code: 'custom', path: ['from'], message: MESSAGES.DATE_RANGE_ORDER });
    else if (days > BOOKS_EXPORT.maxRangeDays)
      ctx.addIssue({ code: 'custom', path: ['to'], message: MESSAGES.DATE_RANGE_TOO_LONG });
  });
/** A books range. */
export type BooksRangeQuery = z.infer<typeof booksRangeQuerySchema>;

/** GET /api/invoices/{id} answer: the invoice with its payments and credit notes. */
export const invoiceDetailResponseSchema = z.object({
  invoice: invoiceSchema,
  payments: z.array(paymentSchema),
  creditNotes: z.array(creditNoteSchema),
});
/** Route params of a credit note. */
export const creditNoteIdParamsSchema = z.object({ id: creditNoteIdSchema });

/** POST /api/invoices/{id}/send-email answer: the invoice as it was mailed. */
export const invoiceEmailResponseSchema = z.object({
  invoice: invoiceSchema,
  sent: z.literal(true),
});

/** POST /api/credit-notes/{id}/send-email answer: the credit note as it was mailed. */
export const creditNoteEmailResponseSchema = z.object({
  creditNote: creditNoteSchema,
  sent: z.literal(true),
});

/** GET /api/books/gst-summary answer. */
export const gstSummaryResponseSchema = z.object({ summary: gstSummarySchema });

/**
 * The pay link's token, which the public pay calls take in the query (`?token=`) or the JSON
 * body (`{token}`, as the checkout sends it). A missing or wrong token is answered 404, as for a
 * quote that does not exist.
 */
export const payLinkTokenSchema = z.object({ token: z.string().optional() });

/**
 * GET /api/quotes/{id}/pay-summary answer: what the pay page shows before any card is asked
 * for. `reference` is the number the customer pays against (the invoice's once one is raised,
 * else the quote's); `amountDue` what is still owed, in cents; `state` whether it can be paid,
 * is paid, or is not payable (a draft, declined or expired quote); `expired` and `validUntil`
 * say when a sent quote's price stopped holding; `cardPayments` whether the card form can be
 * offered.
 */
export const paySummaryResponseSchema = z.object({
  kind: z.enum(['quote', 'invoice']),
  reference: z.string(),
  customerName: z.string(),
  service: z.string().nullable(),
  totalCents: z.number().int(),
  amountDueCents: z.number().int(),
  state: z.enum(['payable', 'paid', 'not-payable']),
  expired: z.boolean(),
  validUntil: z.string().nullable(),
  cardPayments: z.boolean(),
});
/** The pay page's summary of what is owed. */
export type PaySummary = z.infer<typeof paySummaryResponseSchema>;

/**
 * GET /api/quotes/:id/pay-status answer (pay-link holders): what the pay page says before it
 * asks the card provider anything: the quote's number and status, whether it has expired and
 * until when it was good, and what is owed.
 */
export const quotePayStatusResponseSchema = z.object({
  number: z.string().nullable(),
  status: z.enum(QUOTE_STATUSES),
  expired: z.boolean(),
  validUntil: z.string().nullable(),
  amountDue: z.number().int(),
});
export type QuotePayStatus = z.infer<typeof quotePayStatusResponseSchema>;

/** POST /api/quotes/:id/renew body: how many more days it is good for (14 unless said). */
export const renewQuoteInputSchema = z.object({
  validDays: z.number().int().min(1).max(365).optional(),
});

/** POST /api/quotes/{id}/confirm-payment answer: whether the quote is paid, and its status. */
export const confirmPaymentResponseSchema = z.object({
  paid: z.boolean(),
  quoteStatus: quoteStatusSchema,
});

/** POST /api/payments/webhook answer: the event was received, and what it did. */
/** The webhook's body: the provider's event, the exact bytes its signature covers. */
export const webhookBodySchema = z.any().meta({
  type: 'string',
  format: 'binary',
  description: 'The provider’s event exactly as sent; not parsed before its signature is checked',
});

export const webhookResponseSchema = z.object({
  received: z.literal(true),
  result: z.enum(['settled', 'already_recorded', 'flagged', 'duplicate', 'ignored']),
});

/** A dollar amount as typed ('400', '$1,100.50') that must be above $0.00 and at most `max` cents. */
function dollarsUpTo(max: number, tooLarge: string) {
  return z
    .string({ error: MESSAGES.PAYMENT_AMOUNT_MIN })
    .refine((value) => dollarsToCents(value) > 0, MESSAGES.PAYMENT_AMOUNT_MIN)
    .refine((value) => !(dollarsToCents(value) > max), tooLarge)
    .transform((value) => dollarsToCents(value));
}

/**
 * The payment dialog's form for an invoice with `balanceDueCents` owed: the amount in dollars as
 * typed (output in cents), the method, an optional reference and the date the money arrived.
 */
export function paymentFormSchema(balanceDueCents: number) {
  return z.object({
    method: z.enum(RECORDABLE_PAYMENT_METHODS, { error: MESSAGES.PAYMENT_METHOD_INVALID }),
    amount: dollarsUpTo(balanceDueCents, MESSAGES.paymentTooLarge(formatCents(balanceDueCents))),
    reference: optionalText(100),
    paidAt: optionalDate(),
  });
}
/** What the payment dialog holds. */
export type PaymentFormInput = z.input<ReturnType<typeof paymentFormSchema>>;

/** The refund dialog's form for an invoice with `owedBackCents` owed back to the customer. */
export function refundFormSchema(owedBackCents: number) {
  return z.object({
    method: z.enum(REFUND_METHODS, { error: MESSAGES.PAYMENT_METHOD_INVALID }),
    amount: dollarsUpTo(owedBackCents, MESSAGES.refundTooLarge(formatCents(owedBackCents))),
    reference: optionalText(100),
    paidAt: optionalDate(),
  });
}
/** What the refund dialog holds. */
export type RefundFormInput = z.input<ReturnType<typeof refundFormSchema>>;

/** The credit note dialog's form for an invoice with `creditableCents` not yet credited. */
export function creditNoteFormSchema(creditableCents: number) {
  return z.object({
    amount: dollarsUpTo(creditableCents, MESSAGES.creditTooLarge(formatCents(creditableCents))),
    reason: issueCreditNoteInputSchema.shape.reason,
  });
}
/** What the credit note dialog holds. */
export type CreditNoteFormInput = z.input<ReturnType<typeof creditNoteFormSchema>>;
