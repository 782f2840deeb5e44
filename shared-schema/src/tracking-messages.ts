/**
 * The tracking page's texts (spec: customer portal), kept out of messages.ts as the public forms'
 * are (public-form-messages.ts): the bundler ships a module whole, and these seven texts brought
 * every message of the product (about 5 KB compressed) onto every tracking link before it could
 * hydrate, on one bar of signal (issue 30). MESSAGES holds them too.
 */
export const TRACKING_MESSAGES = {
  JOB_NOT_FOUND_TITLE: 'No Job Found',
  JOB_NOT_FOUND_DESCRIPTION: 'Please check your job ID or name and try again.',
  JOB_NOT_FOUND_PAGE: 'Job Not Found',
  SEARCH_FAILED_TITLE: 'Search Failed',
  SEARCH_FAILED_DESCRIPTION: 'Unable to search for your job. Please try again.',
  COPY_FAILED_TITLE: 'Failed to copy',
  COPY_FAILED_DESCRIPTION: 'Please copy manually',
} as const;
