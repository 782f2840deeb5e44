/**
 * Every user-facing message of the product in one place.
 *
 * Texts with a fixed wording (the forms' validation messages, the toasts and errors) are kept word
 * for word; a toast worded 'Title - Description' is two entries (`…_TITLE`, `…_DESCRIPTION`).
 * Texts with no fixed wording (login and register rules, some toasts, server errors) are this
 * product's own and are marked as such. Plain strings use
 * UPPER_SNAKE keys; messages with a value in them are camelCase functions.
 */
import { QUOTE_LIMITS, RECORD_LIMITS } from './constants/limits';
import { groupThousands } from './rules/format';
import { USE_AUTH_OUTSIDE_PROVIDER } from './app-shell-messages';
import { PUBLIC_FORM_MESSAGES } from './public-form-messages';
import { TRACKING_MESSAGES } from './tracking-messages';

export { USE_AUTH_OUTSIDE_PROVIDER };

export const MESSAGES = {
  // Validation of the public forms (contact, booking, feedback, portal).
  PHONE_INVALID: 'Please enter a valid phone number',
  EMAIL_INVALID: 'Please enter a valid email address',
  NAME_MIN: 'Name must be at least 2 characters',
  SERVICE_SELECT: 'Please select a service',
  LOCATION_DETAILED: 'Please provide a detailed location',
  PREFERRED_DATE_REQUIRED: 'Please select a preferred date',
  PREFERRED_TIME_REQUIRED: 'Please select a preferred time',
  DESCRIPTION_DETAILS: 'Please provide more details about your service needs',
  FEEDBACK_JOB_REQUIRED: 'Please select a job to review',
  RATING_REQUIRED: 'Please provide a rating',
  RATING_RANGE: 'Rating must be between 1-5',
  COMMENTS_DETAILED: 'Please provide detailed feedback',
  PORTAL_SEARCH_EMPTY: 'Enter Job ID or Name',

  // Validation of the public forms with no fixed wording (own wording).
  FIRST_NAME_REQUIRED: 'First name is required',
  LAST_NAME_REQUIRED: 'Last name is required',
  MESSAGE_REQUIRED: 'Message is required',
  PREFERRED_DATE_PAST: 'Preferred date cannot be in the past',
  PREFERRED_TIME_PAST: 'That time has already passed today: please pick a later one',
  URGENCY_INVALID: 'Please select an urgency',
  RECOMMEND_REQUIRED: 'Please tell us whether you would recommend us',
  DASHBOARD_LOOKUP_REQUIRED: 'Enter a phone number or job ID',

  // Validation of the staff forms (create job, quote, vehicle, service record, fuel).
  CUSTOMER_NAME_REQUIRED: 'Customer name is required',
  PHONE_REQUIRED: 'Phone number is required',
  SERVICE_REQUIRED: 'Service is required',
  LOCATION_REQUIRED: 'Location is required',
  QUOTE_ITEMS_REQUIRED: 'Please add at least one item to the quote',
  QUOTE_CUSTOMER_REQUIRED: 'Please fill in customer details',
  QUOTE_ITEM_DETAILS: 'Please fill in item details',
  REGISTRATION_REQUIRED: 'Registration is required',
  VEHICLE_NAME_REQUIRED: 'Vehicle name is required',
  MAKE_REQUIRED: 'Make is required',
  MODEL_REQUIRED: 'Model is required',
  VEHICLE_TYPE_REQUIRED: 'Vehicle type is required',
  VEHICLE_REQUIRED: 'Vehicle is required',
  SERVICE_TYPE_REQUIRED: 'Service type is required',
  DESCRIPTION_REQUIRED: 'Description is required',
  SERVICED_BY_REQUIRED: 'Serviced by is required',
  INVOICE_DATE_REQUIRED: 'Invoice date is required',
  FUEL_TYPE_REQUIRED: 'Fuel type is required',

  // Validation of the staff forms with no fixed wording (own wording).
  YEAR_RANGE: 'Year must be between 1900 and 2030',
  MILEAGE_MIN: 'Mileage cannot be negative',
  SERVICE_INTERVAL_MIN: 'Service interval must be at least 1 km',
  VEHICLE_STATUS_INVALID: 'Status must be active, maintenance or out of service',
  COST_MIN: 'Cost cannot be negative',
  LITERS_MIN: 'Litres must be at least 0.1',
  KILOMETERS_MIN: 'Kilometres cannot be negative',
  QUANTITY_MIN: 'Quantity must be at least 1',
  DISCOUNT_RANGE: 'Discount must be between 0 and 100%',
  DISTANCE_MIN: 'Distance cannot be negative',
  VALID_DAYS_MIN: 'Valid days must be at least 1',
  AMOUNT_MIN: 'Amount cannot be negative',
  DATE_REQUIRED: 'Date is required',
  ODOMETER_ORDER: 'End odometer must not be below start odometer',
  EXPENSE_TYPE_REQUIRED: 'Expense type is required',
  PROGRESS_RANGE: 'Progress must be between 0 and 100',
  JOB_STATUS_INVALID: 'Unknown job status',
  QUOTE_STATUS_INVALID: 'Unknown quote status',
  PAYMENT_METHOD_INVALID: 'Payment method must be cash, card on site or bank transfer',
  JOB_UPDATE_EMPTY: 'Send a status with progress, or a driver to assign',

  // Login and register rules (own wording).
  USERNAME_REQUIRED: 'Username is required',
  USERNAME_MIN: 'Username must be at least 3 characters',
  USERNAME_MAX: 'Username must be at most 50 characters',
  USERNAME_CHARACTERS: 'Username may only contain letters, digits, dots, underscores and hyphens',
  PASSWORD_REQUIRED: 'Password is required',
  PASSWORD_MIN: 'Password must be at least 8 characters',
  PASSWORD_MAX: 'Password must be at most 255 characters',
  EMAIL_REQUIRED: 'Email is required',
  EMAIL_MAX: 'Email must be at most 100 characters',
  PHONE_MAX: 'Phone number must be at most 20 characters',
  USERNAME_TAKEN: 'Username is already taken',
  EMAIL_TAKEN: 'Email is already registered',
  INVALID_CREDENTIALS: 'Invalid username or password',

  // Toasts and errors of the public site.
  LOGIN_FAILED_TITLE: 'Login Failed',
  REGISTRATION_FAILED_TITLE: 'Registration Failed',
  REGISTRATION_FAILED_DESCRIPTION: 'Registration failed. Please try again.',
  CONTACT_FAILED_TITLE: PUBLIC_FORM_MESSAGES.CONTACT_FAILED_TITLE,
  CONTACT_FAILED_DESCRIPTION: PUBLIC_FORM_MESSAGES.CONTACT_FAILED_DESCRIPTION,
  CONTACT_SENT_TITLE: PUBLIC_FORM_MESSAGES.CONTACT_SENT_TITLE,
  CONTACT_SENT_DESCRIPTION: PUBLIC_FORM_MESSAGES.CONTACT_SENT_DESCRIPTION,
  BOOKING_FAILED_TITLE: PUBLIC_FORM_MESSAGES.BOOKING_FAILED_TITLE,
  BOOKING_FAILED_DESCRIPTION: PUBLIC_FORM_MESSAGES.BOOKING_FAILED_DESCRIPTION,
  BOOKING_SUBMITTED_TITLE: PUBLIC_FORM_MESSAGES.BOOKING_SUBMITTED_TITLE,
  /** What happens after a booking (promise-texts.ts): staff are alerted, not "30 minutes". */
  BOOKING_SUBMITTED_DESCRIPTION: PUBLIC_FORM_MESSAGES.BOOKING_SUBMITTED_DESCRIPTION,
  FEEDBACK_FAILED_TITLE: PUBLIC_FORM_MESSAGES.FEEDBACK_FAILED_TITLE,
  FEEDBACK_FAILED_DESCRIPTION: PUBLIC_FORM_MESSAGES.FEEDBACK_FAILED_DESCRIPTION,
  FEEDBACK_SUBMITTED_TITLE: PUBLIC_FORM_MESSAGES.FEEDBACK_SUBMITTED_TITLE,
  FEEDBACK_SUBMITTED_DESCRIPTION: PUBLIC_FORM_MESSAGES.FEEDBACK_SUBMITTED_DESCRIPTION,
  JOB_NOT_FOUND_TITLE: TRACKING_MESSAGES.JOB_NOT_FOUND_TITLE,
  JOB_NOT_FOUND_DESCRIPTION: TRACKING_MESSAGES.JOB_NOT_FOUND_DESCRIPTION,
  JOB_NOT_FOUND_PAGE: TRACKING_MESSAGES.JOB_NOT_FOUND_PAGE,
  SEARCH_FAILED_TITLE: TRACKING_MESSAGES.SEARCH_FAILED_TITLE,
  SEARCH_FAILED_DESCRIPTION: TRACKING_MESSAGES.SEARCH_FAILED_DESCRIPTION,
  COPY_FAILED_TITLE: TRACKING_MESSAGES.COPY_FAILED_TITLE,
  COPY_FAILED_DESCRIPTION: TRACKING_MESSAGES.COPY_FAILED_DESCRIPTION,
  INVALID_PAYMENT_LINK_TITLE: 'Invalid Payment Link',
  INVALID_PAYMENT_LINK_DESCRIPTION: 'Missing quote information. Please try again.',
  PAYMENT_SETUP_FAILED_TITLE: 'Payment Setup Failed',
  PAYMENT_SETUP_FAILED_DESCRIPTION: 'Unable to setup payment. Please try again.',
  PAYMENT_FAILED_TITLE: 'Payment Failed',
  PAYMENT_ERROR_TITLE: 'Payment Error',
  PAYMENT_ERROR_DESCRIPTION: 'An unexpected error occurred. Please try again.',
  IMAGE_UNAVAILABLE: 'Image unavailable',
  USE_AUTH_OUTSIDE_PROVIDER,
  /** docs/operations.md: checkout without configured card keys (own wording). */
  /** The tracking page's "Start text messages again" after texts were stopped by a STOP reply. */
  SMS_STOPPED_BY_REPLY:
    'Texts to this number were stopped by a reply from the phone. Reply START to one of our texts to turn them back on.',
  CARD_PAYMENTS_NOT_SET_UP:
    'Card payment is not available online. Pay by bank transfer or PayID with the details below, or call us to pay another way.',
  /** The pay page for a quote or invoice with nothing left to pay. */
  PAY_NOTHING_OWED: 'Nothing is owed on this any more. Thank you!',
  /** The pay page for a quote that cannot be paid (a draft, declined or expired). */
  PAY_NOT_PAYABLE:
    'This quote cannot be paid online as it stands. Call us and we will sort it out with you.',
  /** The pay page with no signal: the amount cannot be read. */
  PAY_OFFLINE:
    "You're offline, so we can't show what is owed right now. It will show as soon as you have signal.",

  // Toasts with no fixed wording (own wording).
  LOGIN_SUCCESS_TITLE: 'Welcome back!',
  ADMIN_NOTICE_TITLE: 'Admin Access',
  ADMIN_NOTICE_DESCRIPTION: 'The Admin Panel is available in the navigation menu.',
  REGISTRATION_SUCCESS_TITLE: 'Registration Successful',
  REGISTRATION_SUCCESS_DESCRIPTION: 'Your account has been created. Please log in.',
  ACCOUNT_READY_TITLE: 'Account Ready',
  ACCOUNT_READY_DESCRIPTION: 'Enter your password to log in.',
  LOGOUT_TITLE: 'Logged Out',
  LOGOUT_DESCRIPTION: 'You have been signed out.',

  // Offline sign-in and sign-out (own wording).
  /** A sign-in the server could not check: never the invalid-password text. */
  SIGNIN_NO_CONNECTION: 'No connection to check your password. Try again when you have signal.',
  SIGNED_IN_OFFLINE_TITLE: 'Signed in offline',
  SIGNED_IN_OFFLINE_DESCRIPTION:
    'Your work on this device is available. Changes send once there is signal.',
  SIGN_OUT_PENDING_TITLE: 'Changes still waiting',
  signOutPending: (count: number) =>
    `${count} ${count === 1 ? 'change has' : 'changes have'} not reached the server yet. Signing out does not delete ${count === 1 ? 'it' : 'them'}.`,
  SIGN_OUT_WAIT: 'Wait and send first',
  SIGN_OUT_KEEP: 'Keep on this device and sign out',
  SIGN_OUT_WAITING_OFFLINE:
    'No connection: the changes send as soon as there is signal, then you are signed out.',
  SIGN_OUT_STAY: 'Stay signed in',
  SIGN_OUT_SENDING: 'Sending… you are signed out once they are in.',
  /**
   * Changes that wait for a sign-in to the server (never silently stuck): what the
   * device needs, in plain words, on the one button's prompt.
   */
  signInToSend: (count: number) =>
    `Sign in again to send ${count} ${count === 1 ? 'change' : 'changes'}`,
  SIGN_IN_TO_SEND_WHY:
    'This phone was signed in without signal, and the password is needed again to reach the server.',
  keptChangesWait: (name: string, count: number) =>
    `${count} ${count === 1 ? 'change' : 'changes'} by ${name} ${count === 1 ? 'waits' : 'wait'} on this device. ${name} signs in to send ${count === 1 ? 'it' : 'them'}.`,
  SIGN_IN_AGAIN: 'Sign in again',
  keptForOtherUser: (name: string, count: number) =>
    `${count} ${count === 1 ? 'change' : 'changes'} by ${name} ${count === 1 ? 'is' : 'are'} kept on this device and send when ${name} signs in here. Sync is paused until then.`,

  // Toasts of the admin panel.
  ERROR_TITLE: 'Error',
  JOB_CREATE_FAILED: 'Failed to create job',
  JOB_DELETE_FAILED: 'Failed to delete job',
  BOOKING_APPROVE_FAILED: 'Failed to approve booking',
  JOB_UPDATE_FAILED: 'Failed to update job',
  JOB_CREATED_TITLE: 'Job Created',
  JOB_DELETED_TITLE: 'Job Deleted',
  BOOKING_APPROVED_TITLE: 'Booking Approved',
  JOB_UPDATED_TITLE: 'Job Updated',
  QUOTE_CREATED_TITLE: 'Quote Created',
  VEHICLE_MODIFICATIONS_UPDATED: 'Vehicle modifications updated',
  VEHICLE_FEATURES_UPDATED: 'Vehicle features updated',

  // Toasts of the quotes screen.
  UNKNOWN_ERROR: 'Unknown error',
  QUOTE_UPDATE_FAILED: 'Failed to update quote',
  QUOTE_DELETE_FAILED: 'Failed to delete quote',
  QUOTE_EMAIL_FAILED: 'Failed to send quote email',
  EMAIL_SENDING_FAILED: 'Email sending failed',
  PDF_DOWNLOAD_FAILED: 'Failed to download PDF',
  QUOTE_PAYMENT_FAILED_TITLE: 'Payment failed',
  QUOTE_PAYMENT_FAILED_DESCRIPTION: 'Unable to process payment. Please try again.',
  QUOTE_CREATED: 'Quote created successfully!',
  QUOTE_UPDATED: 'Quote updated successfully!',
  QUOTE_DELETED: 'Quote deleted',
  QUOTE_EMAILED: 'Quote emailed successfully!',
  QUOTE_PDF_DOWNLOADED: 'Quote PDF downloaded successfully',
  PAYMENT_WINDOW_OPENED: 'Payment window opened',

  // Toasts of the fleet screen.
  VEHICLE_ADD_FAILED: 'Failed to add vehicle to fleet',
  /** Text in a server error that means the registration already exists. */
  DUPLICATE_KEY_MARKER: 'duplicate key',
  REGISTRATION_EXISTS: 'Registration number already exists. Please use a different registration.',
  SERVICE_RECORD_ADD_FAILED: 'Failed to add service record',
  FUEL_RECORD_ADD_FAILED: 'Failed to add fuel record',
  FUEL_RECORD_CHECK_FIELDS: 'Please check all fields are filled correctly',
  VEHICLE_REMOVE_FAILED: 'Failed to remove vehicle',
  SERVICE_RECORD_ADDED: 'Service record added successfully',
  FUEL_RECORD_ADDED: 'Fuel record added successfully',
  VEHICLE_REMOVED: 'Vehicle removed successfully',

  // Server errors (own wording).
  VALIDATION_FAILED: 'Please check the highlighted fields',
  UNAUTHORIZED: 'Please log in to continue',
  /**
   * Refusals name the role the call needs, one text per case, so nobody is told they need an
   * admin account when they do not: an admin-only call or step, a staff-only call, and a job's
   * files for someone who is neither an admin nor that job's driver.
   */
  ADMIN_REQUIRED: 'This needs an admin account',
  STAFF_REQUIRED: 'This needs a staff account (an admin or a driver)',
  JOB_FILES_FORBIDDEN: "Only an admin or this job's driver can open its photos and signatures",
  /** A photo, signature or defect photo naming a file its sender may not use. */
  FILE_NOT_YOURS:
    'This file was not uploaded by you and is not on a record you can see: take or choose the photo on this device',
  /** A single-line field that carries a line break or another control character. */
  ONE_LINE: 'Please keep this to one line, without line breaks',
  /** A JSON body nested deeper than any form sends. */
  BODY_TOO_DEEP: 'The request body is nested too deeply',
  /** Request headers larger than the server reads. */
  HEADERS_TOO_LARGE: 'The request headers are too large',
  /** A request the server could not read at all. */
  REQUEST_UNREADABLE: 'The request could not be read',
  /** A document that took longer than its time budget to draw. */
  DOCUMENT_TOO_SLOW: 'The document took too long to prepare. Please try again in a minute.',
  /** Too many documents waiting to be drawn at once. */
  DOCUMENT_BUSY: 'Too many documents are being prepared right now. Please try again in a minute.',
  STAFF_NOT_FOUND: 'Staff member not found',
  STAFF_ROLE_INVALID: 'Choose admin or driver',
  LAST_ADMIN: 'At least one active admin must remain',
  SESSION_ENDED_TITLE: 'Signed out',
  SESSION_ENDED_DESCRIPTION:
    'Your session was ended: your account was changed or deactivated. Log in again to continue.',
  STAFF_ADDED_TITLE: 'Staff account added',
  STAFF_UPDATED_TITLE: 'Staff account updated',
  STAFF_SAVE_FAILED: 'Failed to save the staff account',
  STAFF_NEEDS_CONNECTION: 'Managing staff needs a connection. Try again when you are online.',
  NOT_FOUND: 'Not found',
  JOB_NOT_FOUND: 'Job not found',
  NOTE_REQUIRED: 'Write the note first',
  NOTE_TOO_LONG: 'A note is at most 500 characters',
  ARRIVAL_TOO_LONG: 'An arrival estimate is at most 100 characters',
  NOTES_FULL: 'This job’s notes are full (2,000 characters). Call the office to add more.',
  BOOKING_NOT_FOUND: 'Booking not found',
  QUOTE_NOT_FOUND: 'Quote not found',
  VEHICLE_NOT_FOUND: 'Vehicle not found',
  INVOICE_NOT_FOUND: 'Invoice not found',
  BOOKING_ALREADY_APPROVED: 'Booking has already been approved',
  BOOKING_ALREADY_DECLINED: 'Booking has already been declined',
  BOOKING_DECLINE_FAILED: 'Failed to decline booking',
  BOOKING_DECLINED_TITLE: 'Booking Declined',
  BOOKING_ACKNOWLEDGE_FAILED: 'Failed to take the booking',
  REASON_REQUIRED: 'Give a reason (at least 3 characters)',
  REASON_TOO_LONG: 'A reason is at most 200 characters',
  REASON_ONE_LINE: 'Write the reason on one line',
  JOB_CANCEL_FAILED: 'Failed to cancel job',
  MESSAGE_NOT_FOUND: 'Message not found',
  quoteExpired: (validUntil: string, phone: string) =>
    `This quote expired on ${validUntil}. Please call us on ${phone} for a new one.`,
  QUOTE_EXPIRED_SHORT: 'This quote has expired: renew it to send it again',
  QUOTE_NOT_EXPIRED: 'Only a sent quote past its date can be renewed',
  QUOTE_RENEWED_TITLE: 'Quote renewed',
  REVIEW_NOT_FOUND: 'Review not found',
  REVIEW_NO_EMAIL: 'This customer left no email address: call them instead',
  QUOTE_ALREADY_DRAFTED: (quoteId: string) =>
    `Draft quote ${quoteId} was already made from this request`,
  QUOTE_REQUEST_INCOMPLETE: 'This request lacks the phone a quote needs',
  REPLY_REQUIRED: 'Write the reply first',
  REPLY_FAILED: 'Failed to send the reply',
  REPLY_SENT_TITLE: 'Reply sent',
  ROSTER_NAME_REQUIRED: 'Enter who is on call',
  ROSTER_PHONE_MOBILE: 'Enter a mobile number that can receive texts',
  ROSTER_DAYS_REQUIRED: 'Pick at least one day',
  ROSTER_TIME_INVALID: 'Enter a time like 06:00',
  ROSTER_EMPTY: 'The roster needs at least one person',
  ROSTER_SAVED_TITLE: 'On-call roster saved',
  ROSTER_SAVE_FAILED: 'Failed to save the roster',
  JOB_CANCELLED_TITLE: 'Job Cancelled',
  /** Deleting a quote a tax invoice was raised from. */
  quoteDeleteRefused: (quoteId: string, invoiceId: string) =>
    `${quoteId} has tax invoice ${invoiceId}, so it is kept with its money records. To cancel it, issue a credit note for ${invoiceId}.`,
  /** A second approval of a booking, naming who approved it first and the job it made. */
  bookingApprovedAs: (who: string, jobId: string) =>
    `${who} already approved this booking as ${jobId}.`,
  JOB_FINISHED: 'This job is finished and can no longer be changed',
  JOB_ACTION_NOT_ALLOWED: 'That action is not available for this job status',
  JOB_DELETE_NOT_ALLOWED: 'Only completed or cancelled jobs can be deleted',
  QUOTE_NOT_EDITABLE: 'Only draft quotes can be edited',
  QUOTE_TRANSITION_NOT_ALLOWED: 'That status change is not allowed for this quote',
  QUOTE_NOT_PAYABLE: 'Only sent or accepted quotes can be paid',

  // Tax invoices, payments, credit notes and the books (own wording).
  DISCOUNT_FIELD_RANGE: 'Discount must be between 0 and 50%',
  NOTHING_TO_INVOICE: 'This quote has nothing to invoice: its total is $0.00',
  QUOTE_NOT_INVOICEABLE: 'Rejected or expired quotes cannot be invoiced',
  ALREADY_INVOICED: 'This quote already has an invoice',
  JOB_NOT_COMPLETED: 'Only a completed job can be invoiced',
  INVOICE_ALREADY_PAID: 'This invoice is already paid',
  INVOICE_FULLY_CREDITED: 'This invoice has been credited in full',
  PAYMENT_EXISTS: 'This payment has already been recorded',
  // Refunds (own wording).
  NO_REFUND_OWED: 'Nothing is owed back to the customer on this invoice',
  REFUND_RECORDED_TITLE: 'Refund recorded',
  REFUND_FAILED_TITLE: 'Refund not recorded',
  CREDIT_NOTE_EXISTS: 'This credit note already exists',
  PAYMENT_AMOUNT_MIN: 'Enter an amount above $0.00',
  CREDIT_REASON_REQUIRED: 'Please give the reason for the credit',
  DATE_RANGE_ORDER: 'The start date must not be after the end date',
  DATE_RANGE_TOO_LONG: 'Choose a range of at most 400 days',
  PAYMENT_RECORDED_TITLE: 'Payment recorded',
  INVOICE_RAISED_TITLE: 'Invoice raised',
  CREDIT_NOTE_ISSUED_TITLE: 'Credit note issued',
  INVOICE_EMAILED: 'Invoice emailed successfully!',
  INVOICE_EMAIL_FAILED: 'Failed to send invoice email',
  INVOICE_PDF_DOWNLOADED: 'Invoice PDF downloaded successfully',
  BOOKS_EXPORT_FAILED: 'Failed to download the books export',
  RATE_LIMITED: 'Too many attempts. Please try again later.',
  INTERNAL_ERROR: 'Something went wrong. Please try again.',

  /** 'A credit note cannot be more than the uncredited $X of the invoice'. */
  creditTooLarge: (left: string): string =>
    `A credit note cannot be more than the uncredited ${left} of the invoice`,
  /** 'The refund is more than the $X owed back to the customer'. */
  refundTooLarge: (owed: string): string =>
    `The refund is more than the ${owed} owed back to the customer`,
  /** 'The amount is more than the balance due ($X)'. */
  paymentTooLarge: (due: string): string => `The amount is more than the balance due (${due})`,
  /** The flag on a card payment above what was owed. */
  overpaid: (by: string): string => `Paid ${by} more than was owed: refund or credit it`,
  NOT_OWED_FLAG: 'Paid on an invoice with nothing owed: refund or credit it',

  // Tracking by token and phone, limits on every write (own wording).
  PREFERRED_DATE_TOO_FAR: 'Please choose a date within the next year',
  PHONE_PROOF_REQUIRED: TRACKING_MESSAGES.PHONE_PROOF_REQUIRED,
  PHONE_PROOF_INVALID: 'Enter the last 4 digits, or the whole phone number',
  TRACKING_LINK_NOT_FOUND:
    'This tracking link is not valid. Check the link in your email, or enter your job ID and phone.',
  FEEDBACK_PROOF_REQUIRED: 'Enter the phone number you booked with',
  // Web Push subscriptions (own wording).
  PUSH_ENDPOINT_INVALID: 'Your browser gave a notification address we cannot use',
  /** A job that already notifies as many browsers as it may. */
  PUSH_SUBSCRIPTIONS_FULL:
    'This job already notifies the most browsers it can (10). Ask us to remove one, or call us for updates.',
  PUSH_KEYS_INVALID: 'Your browser gave notification keys we cannot use',
  ADMIN_OR_PAY_LINK: 'Open the payment link from your quote email',
  CURRENT_PASSWORD_WRONG: 'Your current password is not right',
  JSON_BODY_REQUIRED: 'Send the request body as JSON (Content-Type: application/json)',
  ORIGIN_NOT_ALLOWED: 'Requests from this site are not allowed',
  QUOTE_ITEMS_MAX: `A quote can have at most ${QUOTE_LIMITS.maxItems} items`,
  QUANTITY_MAX: `Quantity must be at most ${groupThousands(QUOTE_LIMITS.maxQuantity)}`,
  UNIT_PRICE_MAX: `Unit price must be at most $${groupThousands(QUOTE_LIMITS.maxUnitPriceCents / 100)}`,
  QUOTE_TOTAL_MAX: `A quote's items may total at most $${groupThousands(QUOTE_LIMITS.maxSubtotalCents / 100)}`,
  DISTANCE_MAX: `Distance must be at most ${groupThousands(QUOTE_LIMITS.maxDistanceKm)} km`,
  MONEY_MAX: `Amounts must be at most $${groupThousands(RECORD_LIMITS.maxMoneyCents / 100)}`,
  PAYMENT_MAX: `A payment must be at most $${groupThousands(RECORD_LIMITS.maxPaymentCents / 100)}`,
  LITERS_MAX: `Litres must be at most ${groupThousands(RECORD_LIMITS.maxFuelMillilitres / 1000)}`,
  KILOMETERS_MAX: `Kilometres must be at most ${groupThousands(RECORD_LIMITS.maxKilometres)}`,
  SERVICE_INTERVAL_MAX: `Service interval must be at most ${groupThousands(RECORD_LIMITS.maxServiceIntervalKm)} km`,
  KILOGRAMS_MAX: `Weights must be at most ${groupThousands(RECORD_LIMITS.maxKilograms)} kg`,

  /** 429 of a public form: how long to wait, and that a phone call always works. */
  publicWriteLimited: (minutes: number): string =>
    `Too many submissions from your connection. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}, or call us directly.`,
  /** 429 of a job id after too many wrong phones. */
  lookupLocked: (minutes: number): string =>
    `Too many tries for this job. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}, or open the tracking link in your email.`,
  /** 429 of the sign-in after repeated failures. */
  signInLocked: (minutes: number): string =>
    `Too many failed sign-in attempts. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
  /** 429 of the sign-in while failures make it wait: seconds under a minute, else minutes. */
  signInWait: (ms: number): string => {
    const seconds = Math.max(1, Math.ceil(ms / 1000));
    if (seconds >= 60) return MESSAGES.signInLocked(Math.ceil(seconds / 60));
    return `Too many failed sign-in attempts. Please try again in ${seconds} second${seconds === 1 ? '' : 's'}.`;
  },
  /** A job given to an account that is not an active driver. */
  DRIVER_NOT_FOUND: 'No active driver has this account',
  /** A job given by a name two active drivers share. */
  DRIVER_NAME_SHARED: 'Two active drivers share this name: choose the driver by their account',
  /** 429 when the password checks of sign-ins from new devices are all taken. */
  PASSWORD_CHECKS_BUSY: 'Too many sign-ins at once. Please try again in a moment.',

  /** 'Failed to create quote: {reason}', reason defaulting to 'Unknown error'. */
  quoteCreateFailed: (reason?: string): string =>
    `Failed to create quote: ${reason || 'Unknown error'}`,
  /** 'Quote {status}' after a status change. */
  quoteStatusChanged: (status: string): string => `Quote ${status}`,
  /** 'Vehicle "{name}" added successfully to the fleet'. */
  vehicleAdded: (name: string): string => `Vehicle "${name}" added successfully to the fleet`,
  /** Booking Approved toast text naming the new job id (own wording). */
  bookingApproved: (jobId: string): string => `Booking converted to job ${jobId}`,
  /** 'Book Service for {area}' link on the coverage map. */
  bookServiceFor: (area: string): string => `Book Service for ${area}`,
  /** Page title, for example 'About Us | Pilbara Towing & Recovery'. */
  pageTitle: (page: string, productName: string): string => `${page} | ${productName}`,
} as const;

/** Key of a message in {@link MESSAGES}. */
export type MessageKey = keyof typeof MESSAGES;
