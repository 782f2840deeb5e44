/**
 * The quotes manager's own wording, for situations the spec does not word (offline, unsynced,
 * recorded payments). The spec's toasts come from MESSAGES in shared-schema.
 */
export const QUOTES_TEXT = {
  NEEDS_CONNECTION_TITLE: 'You are offline',
  emailNeedsConnection: 'Emailing a quote needs a connection. Try again when you are back online.',
  renewed: 'It is good for another 14 days and was emailed to the customer again.',
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
  paymentRecorded: (id: string, invoiceId: string) =>
    `Recorded against invoice ${invoiceId} for quote ${id}.`,
  invoiceRaised: (invoiceId: string) => `Tax invoice ${invoiceId} raised.`,
  invoicePaymentRecorded: (invoiceId: string) => `Recorded against invoice ${invoiceId}.`,
  creditIssued: (amount: string, invoiceId: string) =>
    `A credit of ${amount} against invoice ${invoiceId}.`,
  invoiceNeedsConnection:
    'The invoice PDF and email are made by the server, so they need a connection. Try again when you are back online.',
  booksNeedConnection:
    'The books export is made by the server, so it needs a connection. The GST summary above works offline.',
  NO_INVOICES: 'No tax invoices yet. Accepting a quote or completing a job raises one.',
  buyerNamed: (name: string) =>
    `$1,000 or more: the tax invoice names the buyer (${name}); add their ABN if they gave one.`,
  QUOTE_DUPLICATED: 'Quote duplicated',
  quoteDuplicated: (id: string) => `New draft ${id}`,
  savedOffline: 'Saved on this device; it will sync when the connection returns.',
  NO_QUOTES: 'No quotes yet. Build one with New Quote.',
  DELETE_TITLE: 'Delete quote?',
  deleteQuestion: (id: string, name: string) =>
    `Delete quote ${id} for ${name}? This cannot be undone.`,
  CARD_NOT_SET_UP_TITLE: 'Card payment is not set up',
  // Refunds, credit note emails, document numbers.
  REFUNDS_OWED_TITLE: 'Refunds owed',
  refundsOwedIntro:
    'A credit note left these paid invoices in credit: the money goes back to the customer. Record each refund once it is paid out.',
  refundOwed: (amount: string) => `Refund owed ${amount}`,
  refundRecorded: (amount: string, invoice: string) =>
    `${amount} refunded on invoice ${invoice}. The balance is back to zero once all is refunded.`,
  CREDIT_NOTE_EMAILED: 'Credit note emailed',
  creditNoteEmailed: (note: string) => `Credit note ${note} was emailed to the customer.`,
  CREDIT_NOTE_EMAIL_FAILED: 'Failed to send the credit note email',
  creditNoteNeedsConnection:
    'The credit note PDF and email are made by the server, so they need a connection. Try again when you are back online.',
  creditNoteNotSynced:
    'This credit note has not reached the server yet, so it has no number to send. Try again once it has synced.',
} as const;
