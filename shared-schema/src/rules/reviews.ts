/**
 * Reviews as the owners read them: the average and the count on the admin panel, which reviews
 * alert the owners (2 stars or less: an unhappy customer is called back the same day), and the
 * words of that alert and of an owner's emailed answer.
 */

import { formatDate } from './date-format';
import { documentRef, type NumberedRow } from './document-number';

/** A review at or below this many stars alerts the owners. */
export const LOW_RATING_MAX = 2;

/** Whether a review's overall rating alerts the owners. */
export function isLowRating(rating: number): boolean {
  return rating <= LOW_RATING_MAX;
}

/** How many reviews there are and their average rating, to one decimal (null for none). */
export function reviewSummary(reviews: readonly { rating: number }[]): {
  count: number;
  average: number | null;
} {
  if (reviews.length === 0) return { count: 0, average: null };
  const total = reviews.reduce((sum, review) => sum + review.rating, 0);
  return { count: reviews.length, average: Math.round((total / reviews.length) * 10) / 10 };
}

/** The owners' email about a low review. */
export function lowReviewAlert(review: {
  rating: number;
  jobRef: string;
  customerName: string | null;
  phone: string | null;
  comments: string;
}): { subject: string; text: string } {
  const who = review.customerName ? ` from ${review.customerName}` : '';
  const call = review.phone ? `\nTheir phone: ${review.phone}` : '';
  return {
    subject: `${review.rating}-star review for job ${review.jobRef}`,
    text:
      `A ${review.rating}-star review came in for job ${review.jobRef}${who}.${call}\n\n` +
      `What they wrote:\n${review.comments}\n\n` +
      'Answer it from the admin panel (Reviews), or call them back.',
  };
}

/** An owner's answer to a review: its subject. */
export function reviewReplySubject(jobRef: string, business: string): string {
  return `Re: your review of job ${jobRef} with ${business}`;
}

/** A job as the review form offers it: its id, and the words the person picks it by. */
export interface ReviewableJob {
  id: string;
  label: string;
}

/**
 * The jobs a customer can still review, as the feedback form lists them: the completed ones
 * without their one review (the server answers 409 to a second), each named by its service,
 * number and day. The page with script and the page the server answers without script list
 * the same jobs in the same words.
 */
export function reviewableJobs(
  jobs: readonly (NumberedRow & {
    id: string;
    status: string;
    service: string;
    createdAt: string;
  })[],
  reviewedJobIds: readonly string[],
): ReviewableJob[] {
  const reviewed = new Set(reviewedJobIds);
  return jobs
    .filter((job) => job.status === 'Completed' && !reviewed.has(job.id))
    .map((job) => ({
      id: job.id,
      label: `${job.service} – ${documentRef(job)} (${formatDate(job.createdAt)})`,
    }));
}
