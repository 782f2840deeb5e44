import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import {
  DEFAULT_BUSINESS_PROFILE,
  DOCUMENT_TEXT,
  taxInvoiceDocument,
  type BusinessProfile,
  type Invoice,
  type Payment,
} from '@pilbara/shared-schema';
import { aPayment, anInvoice } from '@pilbara/shared-schema/testing';
import { renderScreen } from '../../app/test-providers';
import { ProfileProvider } from '../../components/profile-provider';
import { InvoicePreview } from './invoice-preview';

/** A business with a valid ABN (the ATO's published example), which may issue tax invoices. */
const REGISTERED: BusinessProfile = { ...DEFAULT_BUSINESS_PROFILE, abn: '51 824 753 556' };

function renderPreview(
  invoice: Invoice,
  { payments = [], profile = REGISTERED }: { payments?: Payment[]; profile?: BusinessProfile } = {},
) {
  return renderScreen(
    <ProfileProvider initial={{ profile, cardPaymentsEnabled: false }}>
      <InvoicePreview
        invoice={invoice}
        refs={new Map([['JOB-2026-1', 'JOB-2026-10']])}
        payments={payments}
        creditNotes={[]}
        onClose={() => {}}
      />
    </ProfileProvider>,
    { route: '/admin' },
  );
}

describe('the invoice as the customer will read it', () => {
  it('is a tax invoice with the seller’s ABN, the buyer, the total and the GST it includes', () => {
    const invoice = anInvoice();
    renderPreview(invoice);
    const expected = taxInvoiceDocument(invoice, REGISTERED, { payments: [], creditNotes: [] });
    const preview = screen.getByTestId('invoice-preview');
    const heading = within(preview).getByRole('heading', { name: expected.title });
    expect(expected.title.toLowerCase()).toContain('tax invoice');
    expect(preview.textContent).toContain('51 824 753 556');
    // The number stands under the title, and is the reference the customer pays with.
    expect(expected.number).toBe('INV-2026-1');
    expect((heading.parentElement as HTMLElement).textContent).toContain(expected.number);
    expect(within(preview).getByTestId('payment-details').textContent).toContain(
      `Reference${expected.number}`,
    );
    expect(within(preview).getByText(DOCUMENT_TEXT.BILL_TO)).toBeTruthy();
    expect(within(preview).getByText('Dana Reid')).toBeTruthy();
    expect(within(preview).getAllByText(expected.total.text).length).toBeGreaterThan(0);
    expect(preview.textContent).toContain(expected.gst.text);
    expect(within(preview).getByTestId('invoice-preview-state').textContent).toBe(
      expected.stateLabel,
    );
  });

  it('is a plain invoice, and says why, while the business has no valid ABN', () => {
    const invoice = anInvoice();
    renderPreview(invoice, { profile: DEFAULT_BUSINESS_PROFILE });
    const expected = taxInvoiceDocument(invoice, DEFAULT_BUSINESS_PROFILE, {
      payments: [],
      creditNotes: [],
    });
    expect(expected.title.toLowerCase()).not.toContain('tax');
    expect(screen.getByRole('heading', { name: expected.title })).toBeTruthy();
    expect(screen.getByTestId('invoice-preview-tax-statement').textContent).toBe(
      expected.notTaxInvoiceNote,
    );
  });

  it('lists the payments received and what is left to pay', () => {
    const invoice = anInvoice({ amountPaid: 4000 });
    const payments = [aPayment({ amount: 4000, method: 'bank-transfer', reference: 'EFT 99812' })];
    renderPreview(invoice, { payments });
    const preview = screen.getByTestId('invoice-preview');
    expect(within(preview).getByText(DOCUMENT_TEXT.PAYMENTS)).toBeTruthy();
    expect(within(preview).getByText('$40.00')).toBeTruthy();
    expect(within(preview).getByTestId('invoice-preview-balance').textContent).toContain('$60.00');
  });

  it('names the buyer’s ABN when they gave one', () => {
    renderPreview(anInvoice({ buyerAbn: '33 102 417 032', amount: 150000 }));
    expect(screen.getByText('ABN 33 102 417 032')).toBeTruthy();
  });
});
