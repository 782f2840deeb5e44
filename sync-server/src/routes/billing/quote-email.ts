/**
 * The quote, invoice and credit note emails: a short summary from the shared document model, the
 * pay link and how to pay by transfer (the document's number as the reference) while money is
 * owed, and the PDF attached. Customer text is escaped. Each names the
 * document by its number, calls an invoice a tax invoice only when it is one, and
 * signs with the ABN only when it is a valid one.
 */
import {
  checkoutPath,
  creditNoteDocument,
  documentRef,
  isValidAbn,
  formatAbn,
  quoteDocument,
  oneLine,
  taxInvoiceDocument,
  type BusinessProfile,
  type PaymentInstructions,
  type CreditNote,
  type Invoice,
  type Payment,
  type Quote,
  type TaxInvoiceOptions,
} from '@pilbara/shared-schema';
import { escapeHtml } from '../../services/html';

/**
 * `${PUBLIC_URL}/checkout?quote={number}&token={token}`: where the customer pays the quote. The
 * link names the quote by the number the customer reads on it; the token is the key's.
 */
export function quotePayUrl(publicUrl: string, quoteRef: string, token: string): string {
  return `${publicUrl}${checkoutPath(quoteRef, token)}`;
}

function quoteEmailSubject(quote: Pick<Quote, 'id' | 'number'>, profile: BusinessProfile): string {
  return `Your quote ${documentRef(quote)} from ${profile.tradingName}`;
}

/** The sign-off's business line, with the ABN only when it is a valid one. */
function businessLine(profile: BusinessProfile): string {
  return isValidAbn(profile.abn)
    ? `${profile.tradingName}\nABN ${formatAbn(profile.abn)}`
    : profile.tradingName;
}

export interface DocumentEmail {
  subject: string;
  html: string;
  text: string;
}

/** The parts every document email shares: greeting, a table of rows, a link, the sign-off. */
function documentEmail(
  subject: string,
  profile: BusinessProfile,
  parts: {
    customerName: string;
    intro: string;
    rows: [string, string][];
    link?: { url: string; label: string } | null;
    /** How to pay by transfer, under the link. */
    payment?: PaymentInstructions | null;
    closing: string;
  },
): DocumentEmail {
  const phones = profile.owners.map((owner) => `${owner.name} ${owner.phone}`).join(' or ');
  const firstName = parts.customerName.trim().split(/\s+/)[0] ?? parts.customerName;
  const { link, payment } = parts;
  const html =
    `<p>Hi ${escapeHtml(firstName)},</p>` +
    `<p>${escapeHtml(parts.intro)}</p>` +
    `<table cellpadding="4">${parts.rows
      .map(
        ([label, value]) =>
          `<tr><th align="left">${escapeHtml(label)}</th><td>${escapeHtml(value)}</td></tr>`,
      )
      .join('')}</table>` +
    (link
      ? `<p><a href="${escapeHtml(link.url)}" style="display:inline-block;padding:10px 18px;background:#d9610d;color:#ffffff;text-decoration:none;border-radius:4px">${escapeHtml(link.label)}</a></p>` +
        `<p>Or open this link: <a href="${escapeHtml(link.url)}">${escapeHtml(link.url)}</a></p>`
      : '') +
    (payment
      ? `<h3>${escapeHtml(payment.heading)}</h3><table cellpadding="4">${payment.rows
          .map(
            (row) =>
              `<tr><th align="left">${escapeHtml(row.label)}</th><td>${escapeHtml(row.value)}</td></tr>`,
          )
          .join('')}</table><p>${escapeHtml(payment.note)}</p>`
      : '') +
    `<p>${escapeHtml(parts.closing)} Questions? Call ${escapeHtml(phones)} or reply to this email.</p>` +
    `<p>${businessLine(profile).split('\n').map(escapeHtml).join('<br>')}</p>`;
  // Names and rows come from the quote form: one line each in the plain-text body.
  const text =
    `Hi ${oneLine(firstName)},\n\n${parts.intro}\n\n` +
    parts.rows.map(([label, value]) => `${label}: ${oneLine(value)}`).join('\n') +
    (link ? `\n\n${link.label}: ${link.url}` : '') +
    (payment
      ? `\n\n${payment.heading}\n${payment.rows.map((row) => `${row.label}: ${row.value}`).join('\n')}\n${payment.note}`
      : '') +
    `\n\n${parts.closing} Questions? Call ${phones} or reply to this email.\n\n` +
    `${businessLine(profile)}\n`;
  return { subject, html, text };
}

/** Subject, HTML and plain-text bodies of the quote email. */
export function quoteEmail(quote: Quote, profile: BusinessProfile, payUrl: string): DocumentEmail {
  const doc = quoteDocument(quote, profile);
  const route = doc.job.find((row) => row.label === 'Route')?.value;
  const rows: [string, string][] = [
    ['Quote number', doc.number],
    ['Service', quote.service ?? 'Not specified'],
    ...(quote.fromLocation || quote.toLocation
      ? ([['Route', `${route} (${quote.distance} km)`]] as [string, string][])
      : []),
    [doc.total.label, doc.total.text],
    [doc.gst.label, doc.gst.text],
    ['Valid until', doc.validUntil],
  ];
  return documentEmail(quoteEmailSubject(quote, profile), profile, {
    customerName: quote.customerName,
    intro: `Thank you for contacting ${profile.tradingName}. Your quote is attached as a PDF.`,
    rows,
    link: { url: payUrl, label: 'Pay this quote online' },
    payment: doc.payment,
    closing: 'Thank you for choosing us.',
  });
}

/**
 * The tax invoice email: while money is owed, the balance and the pay link; once settled, that
 * it is paid (the attached PDF carries the PAID stamp).
 */
export function invoiceEmail(
  invoice: Invoice,
  profile: BusinessProfile,
  options: TaxInvoiceOptions & {
    payments: readonly Payment[];
    creditNotes: readonly CreditNote[];
    payUrl: string | null;
  },
): DocumentEmail {
  const doc = taxInvoiceDocument(invoice, profile, options);
  const owed = doc.balanceDueCents > 0;
  // 'tax invoice' only on a tax invoice; a plain invoice is an 'invoice'.
  const kind = doc.taxInvoice ? 'tax invoice' : 'invoice';
  const Kind = doc.title;
  const rows: [string, string][] = [
    [Kind, doc.number],
    ['Issue date', doc.issueDate],
    [doc.total.label, doc.total.text],
    [doc.gst.label, doc.gst.text],
    ...doc.settlement.map((line): [string, string] => [line.label, line.text]),
    ['Status', doc.stateLabel],
  ];
  const subject = owed
    ? `${Kind} ${doc.number} from ${profile.tradingName}`
    : `Paid: ${kind} ${doc.number} from ${profile.tradingName}`;
  return documentEmail(subject, profile, {
    customerName: invoice.customerName,
    intro:
      (owed
        ? `Your ${kind} from ${profile.tradingName} is attached as a PDF. ${doc.settlement.at(-1)?.label ?? 'Balance due'}: ${doc.settlement.at(-1)?.text ?? ''}.`
        : `Thank you: ${kind} ${doc.number} is paid. Your copy marked PAID is attached as a PDF.`) +
      (doc.notTaxInvoiceNote ? ` ${doc.notTaxInvoiceNote}` : ''),
    rows,
    link: owed && doc.payUrl ? { url: doc.payUrl, label: 'Pay this invoice online' } : null,
    payment: doc.payment,
    closing: owed ? 'Thank you for choosing us.' : 'Nothing more is owed on this invoice.',
  });
}

/**
 * The credit note (adjustment note) email: what was credited and why, and — when the credit left
 * the customer in credit on a paid invoice — that a refund is on its way (or was paid).
 */
export function creditNoteEmail(
  note: CreditNote,
  invoice: Invoice,
  profile: BusinessProfile,
  options: { payments: readonly Payment[] },
): DocumentEmail {
  const doc = creditNoteDocument(note, invoice, profile, options);
  const title = doc.subtitle ? `${doc.title} (${doc.subtitle.toLowerCase()})` : doc.title;
  const rows: [string, string][] = [
    [doc.title, doc.number],
    ['Issue date', doc.issueDate],
    ['Corrects', doc.corrects],
    ['Reason', doc.reason],
    [doc.total.label, doc.total.text],
    [doc.gst.label, doc.gst.text],
  ];
  return documentEmail(`${doc.title} ${doc.number} from ${profile.tradingName}`, profile, {
    customerName: note.customerName,
    intro:
      `Your ${title.toLowerCase()} from ${profile.tradingName} is attached as a PDF.` +
      (doc.refund ? ` ${doc.refund}` : '') +
      (doc.notTaxInvoiceNote ? ` ${doc.notTaxInvoiceNote}` : ''),
    rows,
    link: null,
    closing: doc.refund
      ? 'If the refund should go to a different account, reply to this email.'
      : 'Nothing more is needed from you.',
  });
}
