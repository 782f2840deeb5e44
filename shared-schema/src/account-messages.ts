/**
 * The words of accounts, purchase orders, payment terms, statements, credit hold, site
 * inductions and the price list: what staff, the account's own contacts and the server's answers
 * say. Kept apart from MESSAGES so the public pages' messages stay small.
 */
export const ACCOUNT_MESSAGES = {
  ACCOUNT_NOT_FOUND: 'Account not found',
  ACCOUNT_NAME_REQUIRED: 'Account name is required',
  LEGAL_NAME_REQUIRED: 'Legal name is required',
  ACCOUNT_TYPE_REQUIRED: 'Please choose the kind of account',
  ABN_INVALID: 'This ABN is not valid: check the 11 digits',
  ABN_REQUIRED_FOR_ACCOUNT: 'An account that is not cash needs its ABN',
  TERMS_DAYS_RANGE: 'Payment terms are 0 to 180 days',
  CREDIT_LIMIT_RANGE: 'The credit limit is $0 (no limit) to $10,000,000',
  PO_NUMBER_REQUIRED: 'The blanket PO needs its number',
  PO_EXPIRY_REQUIRED: 'The blanket PO needs its expiry date',
  PO_CAP_REQUIRED: 'The blanket PO needs its value',
  PO_ONE_LINE: 'Please keep the PO number to one line',
  CONTACT_NAME_REQUIRED: 'Contact name is required',
  SITE_REQUIRED: 'Please choose a site',
  SITE_NAME_REQUIRED: 'Site name is required',
  SITE_LOCATION_REQUIRED: 'Site location is required',
  SITE_NOT_FOUND: 'That site is not one of the account’s sites',
  INDUCTION_EXPIRY_REQUIRED: 'The induction needs its expiry date',
  INDUCTION_WHO_REQUIRED: 'Choose the driver or truck inducted',
  ACCOUNT_CLOSED: 'This account is closed: no new work is booked under it',
  ACCOUNT_EXISTS: 'An account with this id already exists',
  PO_REQUIRED: 'This account needs its PO number for every job',
  PO_REQUIRED_TO_INVOICE:
    'Enter the customer’s PO number on the job first: this account needs a PO on every invoice',
  ACCOUNT_CHANGED: 'The quote’s account is not the one given: reload and try again',
  MONTH_INVALID: 'Month must be YYYY-MM',
  MONTH_IN_FUTURE: 'That month has not started yet',
  PRICE_KEY_INVALID: 'Price item names are lower-case words joined by dots or hyphens',
  PRICE_ITEM_UNKNOWN: 'There is no such item in the price list',
  PRICE_LIST_NOT_FOUND: 'Price list not found',
  PRICE_LABEL_REQUIRED: 'Each price needs its label',
  PRICE_AMOUNT_RANGE: 'Prices are $0 to $1,000,000; multipliers ×1 to ×10',
  PRICE_KEYS_UNIQUE: 'Each price item appears once',
  PRICE_EFFECTIVE_REQUIRED: 'Choose the day the prices start',
  PRICE_EFFECTIVE_PAST:
    'New prices start today or later: a day already past keeps the prices it had',
  ACCOUNT_LIST_EXISTS: 'This account already has its own price list',
  ACCOUNT_ROLE_REQUIRED: 'This is for an account’s own sign-in',
  /** A booking made under an account arrived while the account was on credit hold. */
  CREDIT_HOLD_TITLE: 'Credit hold',
  PO_MISSING_TITLE: 'PO needed before invoicing',
  INDUCTION_TITLE: 'Site induction',
} as const;
