/**
 * The quotes manager's own wording, for situations the spec does not word (offline, unsynced,
 * recorded payments). The spec's toasts come from MESSAGES in shared-schema.
 */
export const QUOTES_TEXT = {
  NEEDS_CONNECTION_TITLE: 'You are offline',
  emailNeedsConnection: 'Emailing a quote needs a connection. Try again when you are back online.',
  pdfNeedsConnection:
    'The PDF is made by the server, so downloading it needs a connection. Try again when you are back online.',
  paymentNeedsConnection: 'Payments need a connection. Try again when you are back online.',
  NOT_SYNCED_TITLE: 'Not synced yet',
  notSynced:
    'This quote has not reached the server yet. It will sync when the connection returns; try again after that.',
  NO_EMAIL_TITLE: 'No email address',
  noEmail:
    'This quote has no customer email address. Edit the draft and add one before emailing it.',
  POPUP_BLOCKED:
    'The browser blocked the payment window. Allow pop-ups for this site and try again.',
  PAYMENT_RECORDED: 'Payment recorded',
  paymentRecorded: (id: string, invoiceId: string) => `Quote ${id} is paid (invoice ${invoiceId}).`,
  QUOTE_DUPLICATED: 'Quote duplicated',
  quoteDuplicated: (id: string) => `New draft ${id}`,
  savedOffline: 'Saved on this device; it will sync when the connection returns.',
  NO_QUOTES: 'No quotes yet. Build one with New Quote.',
  DELETE_TITLE: 'Delete quote?',
  deleteQuestion: (id: string, name: string) =>
    `Delete quote ${id} for ${name}? This cannot be undone.`,
  CARD_NOT_SET_UP_TITLE: 'Card payment is not set up',
} as const;
