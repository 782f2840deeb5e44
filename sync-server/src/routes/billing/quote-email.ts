/**
 * The quote email: a short summary, the pay link and the PDF attached. Customer text is escaped;
 * amounts come from the stored cents.
 */
import {
  DATE_FORMATS,
  checkoutPath,
  formatCents,
  formatPerth,
  type BusinessProfile,
  type Quote,
} from '@pilbara/shared-schema';
import { escapeHtml } from '../../services/html';

/** `${PUBLIC_URL}/checkout?quote={id}&token={token}`: where the customer pays the quote by card. */
export function quotePayUrl(publicUrl: string, quoteId: string, token: string): string {
  return `${publicUrl}${checkoutPath(quoteId, token)}`;
}

export function quoteEmailSubject(quote: Pick<Quote, 'id'>, profile: BusinessProfile): string {
  return `Your quote ${quote.id} from ${profile.tradingName}`;
}

export interface QuoteEmail {
  subject: string;
  html: string;
  text: string;
}

/** Subject, HTML and plain-text bodies of the quote email. */
export function quoteEmail(quote: Quote, profile: BusinessProfile, payUrl: string): QuoteEmail {
  const rows: [string, string][] = [
    ['Quote number', quote.id],
    ['Service', quote.service ?? 'Not specified'],
    ...(quote.fromLocation || quote.toLocation
      ? ([
          [
            'Route',
            `${quote.fromLocation ?? 'Not set'} to ${quote.toLocation ?? 'Not set'} (${quote.distance} km)`,
          ],
        ] as [string, string][])
      : []),
    ['Total (GST included)', formatCents(quote.finalPrice)],
    ['Valid until', formatPerth(quote.validUntil, DATE_FORMATS.date)],
  ];
  const phones = profile.owners.map((owner) => `${owner.name} ${owner.phone}`).join(' or ');
  const firstName = quote.customerName.trim().split(/\s+/)[0] ?? quote.customerName;
  const html =
    `<p>Hi ${escapeHtml(firstName)},</p>` +
    `<p>Thank you for contacting ${escapeHtml(profile.tradingName)}. Your quote is attached as a PDF.</p>` +
    `<table cellpadding="4">${rows
      .map(
        ([label, value]) => `<tr><th align="left">${label}</th><td>${escapeHtml(value)}</td></tr>`,
      )
      .join('')}</table>` +
    `<p><a href="${escapeHtml(payUrl)}" style="display:inline-block;padding:10px 18px;background:#d9610d;color:#ffffff;text-decoration:none;border-radius:4px">Pay this quote online</a></p>` +
    `<p>Or open this link: <a href="${escapeHtml(payUrl)}">${escapeHtml(payUrl)}</a></p>` +
    `<p>We also accept cash, card on site and bank transfer. Questions? Call ${escapeHtml(phones)} or reply to this email.</p>` +
    `<p>${escapeHtml(profile.tradingName)}<br>ABN ${escapeHtml(profile.abn)}</p>`;
  const text =
    `Hi ${firstName},\n\n` +
    `Thank you for contacting ${profile.tradingName}. Your quote is attached as a PDF.\n\n` +
    rows.map(([label, value]) => `${label}: ${value}`).join('\n') +
    `\n\nPay this quote online: ${payUrl}\n\n` +
    `We also accept cash, card on site and bank transfer. Questions? Call ${phones} or reply to this email.\n\n` +
    `${profile.tradingName}\nABN ${profile.abn}\n`;
  return { subject: quoteEmailSubject(quote, profile), html, text };
}
