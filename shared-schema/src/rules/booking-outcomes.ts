/**
 * How a booking or a job ends other than by being done: staff decline a booking they cannot
 * take, or cancel a job, each with a reason the customer is told (by text and email, with the
 * business's phone), and the tracking link shows it. Also the email that confirms a booking was
 * received. The words live here so the screens, the server and the tests share them.
 */

/** The short list staff pick a decline reason from; "Other" asks for their own words. */
export const DECLINE_REASONS = [
  'Outside our service area',
  'No truck available in time',
  'Not a service we offer',
  'Duplicate booking',
  'We could not reach you',
] as const;

/** The short list staff pick a cancel reason from; "Other" asks for their own words. */
export const CANCEL_REASONS = [
  'Customer cancelled',
  'Vehicle already moved',
  'Customer not at the location',
  'Duplicate job',
  'Unsafe to attend',
] as const;

/** The choice that asks for free text instead of a listed reason. */
export const OTHER_REASON = 'Other';

/** How long a reason may be (it goes into a text message). */
export const REASON_MAX = 200;

/** What the customer reads about a declined booking: the email's subject and its words. */
export function bookingDeclinedEmail(facts: {
  reference: string;
  service: string;
  reason: string;
  phone: string;
}): { subject: string; news: string } {
  return {
    subject: `Booking ${facts.reference}: we can't take it`,
    news:
      `Sorry, we can't take your booking ${facts.reference} (${facts.service}). ` +
      `Reason: ${facts.reason}. Please call us on ${facts.phone} and we will help you find ` +
      'another way.',
  };
}

/** What the customer reads about a cancelled job. */
export function jobCancelledEmail(facts: {
  reference: string;
  service: string | null;
  reason: string | null;
  phone: string;
}): { subject: string; news: string } {
  const service = facts.service ? ` (${facts.service})` : '';
  const reason = facts.reason ? ` Reason: ${facts.reason}.` : '';
  return {
    subject: `Job ${facts.reference}: cancelled`,
    news: `Job ${facts.reference}${service} is cancelled.${reason} Questions? Call us on ${facts.phone}.`,
  };
}

/** The booking confirmation email: the reference and the tracking link. */
export function bookingReceivedEmail(facts: { reference: string; service: string }): {
  subject: string;
  news: string;
} {
  return {
    subject: `Booking ${facts.reference} received`,
    news:
      `We have your booking ${facts.reference} (${facts.service}) and will confirm it shortly. ` +
      'Keep this link to follow it: it shows your job as soon as it is approved.',
  };
}

/** The tracking link's words for a declined booking and a cancelled job. */
export const OUTCOME_TEXT = {
  declined: 'Declined',
  declinedNews: (reason: string | null | undefined, phone: string) =>
    `Sorry, we can't take this booking${reason ? `: ${reason}` : ''}. Please call us on ${phone}.`,
  cancelled: 'Cancelled',
  cancelledNews: (reason: string | null | undefined, phone: string) =>
    `This job is cancelled${reason ? `: ${reason}` : ''}. Questions? Call us on ${phone}.`,
} as const;
