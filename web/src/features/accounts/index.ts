export { AccountsTab } from './accounts-tab';
export { PricesTab } from './prices-tab';
