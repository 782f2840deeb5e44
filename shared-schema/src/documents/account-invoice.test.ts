import { describe, expect, it } from 'vitest';
import { anAccount } from '../sync/mutators/test-fixtures';
import { raiseInvoice } from './invoice';
import { buyerIdentityMissing, taxInvoiceDocument } from './tax-invoice';
import { myobSalesRecords, salesCsvRows } from './books';
import { ISSUED, PROFILE, pricedQuote, thousandHundredQuote } from './test-fixtures';

const account = anAccount();

describe('an invoice on account', () => {
  const quote = { ...thousandHundredQuote(), accountId: account.id, siteId: 's1' };
  const invoice = {
    ...raiseInvoice(quote, {
      id: 'INV-2026-9',
      now: ISSUED,
      account,
      poNumber: '4500012345',
      siteName: 'Cape Lambert gate 2, Cape Lambert Rd, Wickham',
    }),
    number: 'INV-2026-9',
  };

  it("bills the account's legal name and ABN, due as its terms say", () => {
    expect(invoice).toMatchObject({
      accountId: 1,
      customerName: 'Cape Lambert Iron Pty Ltd',
      customerEmail: 'ap@capelambert.example',
      buyerAbn: '51 824 753 556',
      poNumber: '4500012345',
      // 20 Nov on 14-day terms.
      dueDate: '2026-12-04',
    });
  });

  it('prints the PO, the site, the buyer and the due date, as a tax invoice', () => {
    const doc = taxInvoiceDocument(invoice, PROFILE);
    expect(doc.taxInvoice).toBe(true);
    expect(doc.buyer).toMatchObject({ name: 'Cape Lambert Iron Pty Ltd', abn: '51 824 753 556' });
    expect(doc.references).toEqual(
      expect.arrayContaining([
        { label: 'PO', value: '4500012345' },
        { label: 'Site', value: 'Cape Lambert gate 2, Cape Lambert Rd, Wickham' },
      ]),
    );
    expect(doc.dueDate).toBe('4 Dec 2026');
  });

  it('carries the account and the PO into the Xero and MYOB exports', () => {
    const range = { from: '2026-11-01', to: '2026-11-30' };
    const xero = salesCsvRows([invoice], [], range);
    expect(xero[0]).toMatchObject({
      ContactName: 'Cape Lambert Iron Pty Ltd',
      Reference: '4500012345 Q-2026-7',
      DueDate: '04/12/2026',
    });
    const myob = myobSalesRecords([invoice], [], range)[0]?.[0];
    expect(myob).toMatchObject({
      'Co./Last Name': 'Cape Lambert Iron Pty Ltd',
      'Customer PO': '4500012345',
    });
  });
});

describe('the buyer of a tax invoice of $1,000 or more', () => {
  it('must be named or have a valid ABN from $1,000', () => {
    expect(buyerIdentityMissing(100_000, { name: '', abn: null })).toBe(true);
    expect(buyerIdentityMissing(100_000, { name: '  ', abn: '12 345 678 901' })).toBe(true);
    expect(buyerIdentityMissing(99_999, { name: '', abn: null })).toBe(false);
    expect(buyerIdentityMissing(100_000, { name: '', abn: '51 824 753 556' })).toBe(false);
    expect(buyerIdentityMissing(100_000, { name: 'Cape Lambert Iron Pty Ltd', abn: null })).toBe(
      false,
    );
  });

  it('makes a $1,000 invoice without a buyer a plain invoice, as a missing seller ABN does', () => {
    const quote = pricedQuote([
      {
        description: 'Heavy Vehicle Recovery',
        quantity: 1,
        unitPrice: 100_000,
        category: 'service',
      },
    ]);
    const nameless = {
      ...raiseInvoice({ ...quote, customerName: ' ' }, { id: 'INV-2026-3', now: ISSUED }),
      number: 'INV-2026-3',
    };
    const plain = taxInvoiceDocument(nameless, PROFILE);
    expect(plain).toMatchObject({ taxInvoice: false, title: 'Invoice', problems: ['buyer'] });
    const withAbn = taxInvoiceDocument({ ...nameless, buyerAbn: '51824753556' }, PROFILE);
    expect(withAbn.taxInvoice).toBe(true);
    const cheaper = {
      ...raiseInvoice(
        {
          ...pricedQuote([
            { description: 'Winch Recovery', quantity: 1, unitPrice: 99_999, category: 'service' },
          ]),
          customerName: '',
        },
        { id: 'INV-2026-4', now: ISSUED },
      ),
      number: 'INV-2026-4',
    };
    expect(taxInvoiceDocument(cheaper, PROFILE).taxInvoice).toBe(true);
  });
});
