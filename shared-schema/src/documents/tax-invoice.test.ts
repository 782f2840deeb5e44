/**
 * One test per point an Australian tax invoice must meet, against the shared document
 * model that the invoice PDF, preview and email are built from.
 */
import { describe, expect, it } from 'vitest';
import { DOCUMENT_TEXT } from '../constants/documents';
import { raiseInvoice } from './invoice';
import { isValidAbn } from './abn';
import {
  TAX_INVOICE_RULES,
  taxInvoiceDocument,
  taxInvoiceProblems,
  type TaxInvoiceDocument,
} from './tax-invoice';
import { ISSUED, PROFILE, VALID_ABN, pricedQuote, thousandHundredQuote } from './test-fixtures';

function invoiceDoc(): TaxInvoiceDocument {
  const invoice = raiseInvoice(thousandHundredQuote(), { id: 'INV-2026-14', now: ISSUED });
  return taxInvoiceDocument(invoice, PROFILE);
}

describe('the tax invoice document', () => {
  it('meets every point for the $1,100.00 job', () => {
    const doc = invoiceDoc();
    expect(taxInvoiceProblems(doc)).toEqual([]);
    expect(Object.keys(TAX_INVOICE_RULES)).toHaveLength(8);
  });

  it('says it is a tax invoice', () => {
    const doc = invoiceDoc();
    expect(doc.title).toBe('Tax invoice');
    expect(taxInvoiceProblems({ ...doc, title: 'Invoice' })).toEqual(['title']);
  });

  it("shows the seller's identity and a valid ABN", () => {
    const doc = invoiceDoc();
    expect(doc.seller).toMatchObject({ name: PROFILE.tradingName, abn: VALID_ABN });
    expect(taxInvoiceProblems({ ...doc, seller: { ...doc.seller, abn: '' } })).toEqual(['seller']);
    expect(
      taxInvoiceProblems({ ...doc, seller: { ...doc.seller, abn: '00 000 000 000' } }),
      'the placeholder ABN is not a real one',
    ).toEqual(['seller']);
    expect(taxInvoiceProblems({ ...doc, seller: { ...doc.seller, name: ' ' } })).toEqual([
      'seller',
    ]);
    expect(isValidAbn('51824753556')).toBe(true);
    expect(isValidAbn('51 824 753 557')).toBe(false);
  });

  it('shows the date of issue', () => {
    const doc = invoiceDoc();
    expect(doc.issueDate).toBe('20 Nov 2026');
    expect(taxInvoiceProblems({ ...doc, issueDate: '' })).toEqual(['issueDate']);
  });

  it('describes each item with its quantity and price', () => {
    const doc = invoiceDoc();
    expect(doc.sections.flatMap((section) => section.lines)).toEqual([
      expect.objectContaining({
        description: 'Heavy Vehicle Recovery',
        quantity: 1,
        unitPrice: '$950.00',
        total: '$950.00',
      }),
      expect.objectContaining({
        description: 'Winch Recovery',
        quantity: 1,
        unitPrice: '$150.00',
        total: '$150.00',
      }),
    ]);
    const [section] = doc.sections;
    const blank = { ...section!, lines: [{ ...section!.lines[0]!, description: '' }] };
    expect(taxInvoiceProblems({ ...doc, sections: [blank] })).toEqual(['lines']);
    const wrongTotal = { ...section!, lines: [{ ...section!.lines[0]!, totalCents: 1 }] };
    expect(taxInvoiceProblems({ ...doc, sections: [wrongTotal] })).toEqual(['lines']);
    expect(taxInvoiceProblems({ ...doc, sections: [] })).toEqual(['lines']);
  });

  it('shows the GST as one-eleventh of the total, and says the total includes GST', () => {
    const doc = invoiceDoc();
    expect(doc.total).toMatchObject({ cents: 110000, text: '$1,100.00' });
    expect(doc.gst).toMatchObject({ label: 'GST included', cents: 10000, text: '$100.00' });
    expect(doc.gstStatement).toBe('Total price includes GST');
    expect(taxInvoiceProblems({ ...doc, gst: { ...doc.gst, cents: 9999 } })).toEqual(['gst']);
  });

  it('rounds GST once for the invoice, not per line', () => {
    // Three lines of $3.35: per-line GST would be 30 + 30 + 30 = 90 cents; 1005 / 11 = 91.36 → 91.
    const quote = pricedQuote([
      { description: 'Coolant Top-up', quantity: 1, unitPrice: 335, category: 'parts' },
      { description: 'Oil top-up', quantity: 1, unitPrice: 335, category: 'parts' },
      { description: 'Wiper fluid', quantity: 1, unitPrice: 335, category: 'parts' },
    ]);
    const invoice = raiseInvoice(quote, { id: 'INV-2026-15', now: ISSUED });
    expect(invoice.gst).toBe(91);
    const doc = taxInvoiceDocument(invoice, PROFILE);
    expect(taxInvoiceProblems(doc)).toEqual([]);
    expect(taxInvoiceProblems({ ...doc, gst: { ...doc.gst, cents: 90 } })).toEqual(['gst']);
  });

  it('shows the extent to which each sale is taxable', () => {
    const doc = invoiceDoc();
    expect(doc.taxableMark).toBe('GST');
    expect(doc.taxableStatement).toBe(DOCUMENT_TEXT.TAXABLE_STATEMENT);
    expect(taxInvoiceProblems({ ...doc, taxableStatement: '' })).toEqual(['taxable']);
    expect(taxInvoiceProblems({ ...doc, taxableMark: '' })).toEqual(['taxable']);
  });

  it('has an invoice number', () => {
    const doc = invoiceDoc();
    expect(doc.number).toBe('INV-2026-14');
    expect(taxInvoiceProblems({ ...doc, number: '' })).toEqual(['number']);
    expect(taxInvoiceProblems({ ...doc, number: 'Q-2026-7' })).toEqual(['number']);
  });

  it("names the buyer or shows the buyer's ABN at $1,000 or more", () => {
    const doc = invoiceDoc();
    expect(doc.buyer.name).toBe('Pilbara Iron Services');
    const nameless = { ...doc, buyer: { ...doc.buyer, name: '' } };
    expect(taxInvoiceProblems(nameless)).toEqual(['buyer']);
    expect(
      taxInvoiceProblems({ ...nameless, buyer: { ...nameless.buyer, abn: VALID_ABN } }),
    ).toEqual([]);
    // Under $1,000 the buyer need not be named.
    const small = {
      ...nameless,
      total: { ...doc.total, cents: 99999 },
      gst: { ...doc.gst, cents: 9091 },
    };
    expect(taxInvoiceProblems(small)).toEqual([]);
  });
});

describe('no valid ABN, no tax invoice', () => {
  it('is a plain invoice without a valid ABN, naming the points it fails', () => {
    const invoice = raiseInvoice(thousandHundredQuote(), { id: 'INV-2026-14', now: ISSUED });
    for (const abn of ['', '00 000 000 000', '51 824 753 557']) {
      const doc = taxInvoiceDocument(invoice, { ...PROFILE, abn });
      expect(doc.title).toBe('Invoice');
      expect(doc.taxInvoice).toBe(false);
      expect(doc.seller.abn).toBe('');
      expect(doc.problems).toContain('seller');
      expect(doc.notTaxInvoiceNote).toBe(DOCUMENT_TEXT.NOT_A_TAX_INVOICE);
      expect(doc.fileName).toBe('Invoice-INV-2026-14.pdf');
    }
  });

  it('is not yet a tax invoice while it has no number (made offline, not synced)', () => {
    const invoice = raiseInvoice(thousandHundredQuote(), { id: 'INV-2026-P3', now: ISSUED });
    const waiting = taxInvoiceDocument(invoice, PROFILE);
    expect(waiting).toMatchObject({ title: 'Invoice', number: '(number pending)' });
    expect(waiting.problems).toEqual(['number']);
    const numbered = taxInvoiceDocument({ ...invoice, number: 'INV-2026-8' }, PROFILE);
    expect(numbered).toMatchObject({
      title: 'Tax invoice',
      number: 'INV-2026-8',
      taxInvoice: true,
    });
    expect(numbered.fileName).toBe('Tax-invoice-INV-2026-8.pdf');
  });

  it('prints the numbers of the quote and job it refers to', () => {
    const invoice = {
      ...raiseInvoice(thousandHundredQuote(), { id: 'INV-2026-P3', now: ISSUED }),
      jobId: 'JOB-2026-P9',
      number: 'INV-2026-8',
    };
    const doc = taxInvoiceDocument(invoice, PROFILE, {
      quoteRef: 'Q-2026-5',
      jobRef: 'JOB-2026-4',
    });
    expect(doc.references).toEqual([
      { label: 'Quote', value: 'Q-2026-5' },
      { label: 'Job', value: 'JOB-2026-4' },
      { label: 'Service', value: 'Heavy Vehicle Recovery' },
    ]);
  });
});
