/**
 * The public forms' toasts (contact, booking, feedback), kept out of messages.ts as
 * app-shell-messages.ts is: the bundler ships a module whole, and these few texts were bringing
 * every message of the product onto the contact, booking and feedback
 * pages before their forms could work, on one bar of signal. MESSAGES holds them too.
 */
import { PROMISE_TEXTS } from './promise-texts';

export const PUBLIC_FORM_MESSAGES = {
  CONTACT_FAILED_TITLE: 'Failed to send message',
  CONTACT_FAILED_DESCRIPTION: 'Please try again later.',
  CONTACT_SENT_TITLE: 'Message sent successfully!',
  CONTACT_SENT_DESCRIPTION: PROMISE_TEXTS.contactSent,
  BOOKING_FAILED_TITLE: 'Booking Failed',
  BOOKING_FAILED_DESCRIPTION: 'Please try again or call us directly for immediate assistance.',
  BOOKING_SUBMITTED_TITLE: 'Booking Submitted',
  BOOKING_SUBMITTED_DESCRIPTION: PROMISE_TEXTS.bookingSubmitted,
  FEEDBACK_FAILED_TITLE: 'Submission Failed',
  FEEDBACK_FAILED_DESCRIPTION: 'Please try again or contact us directly.',
  FEEDBACK_SUBMITTED_TITLE: 'Feedback Submitted',
  FEEDBACK_SUBMITTED_DESCRIPTION: 'Thank you for helping us improve our service.',
} as const;
