/**
 * Spec §8 texts of the public forms, kept apart from the outbox code so pages load them cheaply:
 * from PUBLIC_FORM_MESSAGES, not MESSAGES, which would bring every message of the product.
 */
import { COMPLAINT_PAGE_TEXT, PUBLIC_FORM_MESSAGES as MESSAGES } from '@pilbara/shared-schema';
import type { PublicFormKind } from '../../db/schema';

export interface KindTexts {
  successTitle: string;
  successMessage: string;
  failureTitle: string;
  /** The failure message; `detail` is the server's own message when there is one. */
  failureMessage: (detail: string | undefined) => string;
  /** Noun for the "saved earlier has now been sent" notice. */
  noun: string;
}

export const PUBLIC_FORM_TEXTS: Record<PublicFormKind, KindTexts> = {
  contact: {
    successTitle: MESSAGES.CONTACT_SENT_TITLE,
    successMessage: MESSAGES.CONTACT_SENT_DESCRIPTION,
    failureTitle: MESSAGES.CONTACT_FAILED_TITLE,
    failureMessage: (detail) => detail ?? MESSAGES.CONTACT_FAILED_DESCRIPTION,
    noun: 'message',
  },
  booking: {
    successTitle: MESSAGES.BOOKING_SUBMITTED_TITLE,
    successMessage: MESSAGES.BOOKING_SUBMITTED_DESCRIPTION,
    failureTitle: MESSAGES.BOOKING_FAILED_TITLE,
    failureMessage: () => MESSAGES.BOOKING_FAILED_DESCRIPTION,
    noun: 'booking',
  },
  accountBooking: {
    successTitle: MESSAGES.BOOKING_SUBMITTED_TITLE,
    successMessage: MESSAGES.BOOKING_SUBMITTED_DESCRIPTION,
    failureTitle: MESSAGES.BOOKING_FAILED_TITLE,
    failureMessage: (detail) => detail ?? MESSAGES.BOOKING_FAILED_DESCRIPTION,
    noun: 'booking',
  },
  feedback: {
    successTitle: MESSAGES.FEEDBACK_SUBMITTED_TITLE,
    successMessage: MESSAGES.FEEDBACK_SUBMITTED_DESCRIPTION,
    failureTitle: MESSAGES.FEEDBACK_FAILED_TITLE,
    failureMessage: () => MESSAGES.FEEDBACK_FAILED_DESCRIPTION,
    noun: 'feedback',
  },
  complaint: {
    successTitle: 'Complaint recorded',
    successMessage: COMPLAINT_PAGE_TEXT.sent,
    failureTitle: 'Complaint not sent',
    failureMessage: (detail) => detail ?? 'Please try again, or call us.',
    noun: 'complaint',
  },
};

export const SAVED_OFFLINE_TITLE = 'Saved on this device';
