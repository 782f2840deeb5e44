/** Display rules of invoices on the Quotes & Billing tab: the colour of each state's badge. */
import type { InvoiceState } from '@pilbara/shared-schema';

export const INVOICE_STATE_COLORS: Record<InvoiceState, string> = {
  unpaid: 'orange',
  'part-paid': 'yellow',
  paid: 'teal',
  credited: 'gray',
  'refund-owed': 'grape',
};
