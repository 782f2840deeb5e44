/**
 * The quotes and billing feature: the admin panel's Quotes & Billing tab hosts `BillingTab`
 * (the quotes manager, tax invoices, and reports with the books).
 */
export { BillingTab } from './billing-tab';
