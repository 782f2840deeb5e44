/**
 * Which jobs belong to a customer (spec public §5): the phone is equal or the customer name is
 * equal ignoring case. Phones compare by their digits, so '0400 123 456' equals '0400123456';
 * names compare trimmed. Used by the server for the public dashboard and portal lookups.
 */
import type { Job } from '../entities/job';
import { isSeriesId } from './ids';

/** Who a customer is, as the dashboard knows them. */
export interface CustomerIdentity {
  name: string;
  phone: string;
}

function phoneDigits(phone: string): string {
  return phone.replace(/\D/g, '');
}

/** Whether two phone numbers are the same number (same digits, and not empty). */
export function samePhone(a: string, b: string): boolean {
  const digits = phoneDigits(a);
  return digits !== '' && digits === phoneDigits(b);
}

/** Whether two names are equal ignoring case and surrounding spaces (and not empty). */
export function sameName(a: string, b: string): boolean {
  const name = a.trim().toLowerCase();
  return name !== '' && name === b.trim().toLowerCase();
}

/** Whether a job belongs to the customer: phone equal, or name equal ignoring case. */
export function jobBelongsToCustomer(
  job: Pick<Job, 'customerName' | 'phone'>,
  customer: CustomerIdentity,
): boolean {
  return samePhone(job.phone, customer.phone) || sameName(job.customerName, customer.name);
}

/** The customer's jobs, newest first. */
export function jobsForCustomer<T extends Pick<Job, 'customerName' | 'phone' | 'createdAt'>>(
  jobs: readonly T[],
  customer: CustomerIdentity,
): T[] {
  return jobs
    .filter((job) => jobBelongsToCustomer(job, customer))
    .sort((a, b) => b.createdAt.localeCompare(a.createdAt));
}

/** Result of a dashboard lookup. */
export interface CustomerLookupResult<T> {
  customer: (CustomerIdentity & { email: string }) | null;
  jobs: T[];
}

/**
 * Dashboard lookup by a phone number or a job id. A job id finds its job and then every job of
 * that customer; a phone finds the jobs with that phone and the customer of the newest. No match
 * gives no customer and no jobs.
 */
export function lookupCustomerJobs<
  T extends Pick<Job, 'id' | 'customerName' | 'phone' | 'email' | 'createdAt'>,
>(jobs: readonly T[], lookup: string): CustomerLookupResult<T> {
  const text = lookup.trim();
  const anchor = isSeriesId(text.toUpperCase(), 'job')
    ? jobs.find((job) => job.id.toUpperCase() === text.toUpperCase())
    : [...jobs]
        .sort((a, b) => b.createdAt.localeCompare(a.createdAt))
        .find((job) => samePhone(job.phone, text));
  if (!anchor) return { customer: null, jobs: [] };
  const customer = { name: anchor.customerName, phone: anchor.phone, email: anchor.email ?? '' };
  return { customer, jobs: jobsForCustomer(jobs, customer) };
}

/**
 * Portal search: an exact job id (ignoring case), else the newest job whose customer name equals
 * the text ignoring case, else the newest job with that phone. Undefined when nothing matches.
 */
export function findJobForPortal<
  T extends Pick<Job, 'id' | 'customerName' | 'phone' | 'createdAt'>,
>(jobs: readonly T[], query: string): T | undefined {
  const text = query.trim();
  if (text === '') return undefined;
  const byId = jobs.find((job) => job.id.toUpperCase() === text.toUpperCase());
  if (byId) return byId;
  const newest = [...jobs].sort((a, b) => b.createdAt.localeCompare(a.createdAt));
  return (
    newest.find((job) => sameName(job.customerName, text)) ??
    newest.find((job) => samePhone(job.phone, text))
  );
}
