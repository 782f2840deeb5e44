/** Reviews as the owners read them: each with its job's number, customer and service. */
import type { Feedback, StaffReview } from '@pilbara/shared-schema';
import type { Db } from '../connection';
import { findRows } from '../rows';
import { statement } from '../statements';

interface JobFacts {
  id: string;
  number: string | null;
  customerName: string;
  phone: string;
  email: string | null;
  service: string;
}

/** The facts of a review's job, or null when the job is gone. */
export function reviewJob(db: Db, jobId: string): JobFacts | null {
  return (
    (statement(
      db,
      'SELECT id, number, customerName, phone, email, service FROM jobs WHERE id = ?',
    ).get(jobId) as JobFacts | undefined) ?? null
  );
}

/** Every review, newest first, with its job. */
export function staffReviews(db: Db): StaffReview[] {
  return findRows<Feedback>(db, 'feedback')
    .sort((a, b) => b.createdAt.localeCompare(a.createdAt) || b.id - a.id)
    .map((review) => {
      const job = reviewJob(db, review.jobId);
      return {
        ...review,
        job: job
          ? {
              number: job.number,
              customerName: job.customerName,
              phone: job.phone,
              email: job.email,
              service: job.service,
            }
          : null,
      };
    });
}
