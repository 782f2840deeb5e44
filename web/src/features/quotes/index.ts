/** The quotes manager feature: the admin panel's Quotes & Billing tab hosts `QuotesManager`. */
export { QuotesManager } from './quotes-manager';
