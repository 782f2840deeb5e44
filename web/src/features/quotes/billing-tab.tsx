/**
 * The admin panel's Quotes & Billing tab: quotes, tax invoices, and reports with the books, one
 * view at a time (the quotes manager first, as before). Everything reads Dexie, so all three
 * open offline.
 */
import { useState } from 'react';
import { SegmentedControl, Stack } from '@mantine/core';
import { BillingReports } from './billing-reports';
import { InvoicesPanel } from './invoices-panel';
import { QuotesManager } from './quotes-manager';

type View = 'quotes' | 'invoices' | 'reports';

const VIEWS: { value: View; label: string }[] = [
  { value: 'quotes', label: 'Quotes' },
  { value: 'invoices', label: 'Invoices' },
  { value: 'reports', label: 'Reports & books' },
];

export function BillingTab() {
  const [view, setView] = useState<View>('quotes');
  return (
    <Stack gap="lg">
      <SegmentedControl
        data={VIEWS}
        value={view}
        onChange={(value) => setView(value as View)}
        aria-label="Quotes and billing view"
        fullWidth
        maw={520}
      />
      {view === 'quotes' ? <QuotesManager /> : null}
      {view === 'invoices' ? <InvoicesPanel /> : null}
      {view === 'reports' ? <BillingReports /> : null}
    </Stack>
  );
}
