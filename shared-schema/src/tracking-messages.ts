/**
 * The tracking page's texts (spec: customer portal), kept out of messages.ts as the public forms'
 * are (public-form-messages.ts): the bundler ships a module whole, and these few texts brought
 * every message of the product onto every tracking link, and the job lookup onto the feedback
 * page, before they could hydrate, on one bar of signal.
 * MESSAGES holds them too.
 */
export const TRACKING_MESSAGES = {
  JOB_NOT_FOUND_TITLE: 'No Job Found',
  JOB_NOT_FOUND_DESCRIPTION: 'Please check your job ID or name and try again.',
  JOB_NOT_FOUND_PAGE: 'Job Not Found',
  SEARCH_FAILED_TITLE: 'Search Failed',
  SEARCH_FAILED_DESCRIPTION: 'Unable to search for your job. Please try again.',
  COPY_FAILED_TITLE: 'Failed to copy',
  COPY_FAILED_DESCRIPTION: 'Please copy manually',
  PHONE_PROOF_REQUIRED: 'Enter the last 4 digits of the phone number you booked with',
} as const;

/** The dashboard's answer to a lookup that found nothing (its page and the server's). */
export function dashboardNotFoundText(lookup: string): string {
  return `We couldn't find any jobs for “${lookup}”. Check the number or job ID and try again.`;
}
