/**
 * Masks contact details in public answers (DESIGN.md §7): a phone keeps its last three digits
 * (`•••• ••• 123`), an email its first letter and domain (`j•••@example.com`). A public lookup
 * shows a phone in full only when it is the very number the caller typed.
 */
import type { Job } from '@pilbara/shared-schema';

export function maskPhone(phone: string): string {
  const digits = phone.replace(/\D/g, '');
  return `•••• ••• ${digits.slice(-3)}`;
}

export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at < 1) return '•••';
  return `${email[0]}•••${email.slice(at)}`;
}

/** Digits only, so '0400 000 001' and '0400-000-001' are the same number. */
export function normalisePhone(phone: string): string {
  return phone.replace(/\D/g, '');
}

/**
 * The job as a public caller may see it: email always masked, phone masked unless it is
 * `knownPhone` (the number the caller searched with). Free-text notes are staff-only.
 */
export function maskJob(job: Job, knownPhone?: string): Job {
  const phoneKnown =
    knownPhone !== undefined &&
    normalisePhone(knownPhone).length > 0 &&
    normalisePhone(knownPhone) === normalisePhone(job.phone);
  return {
    ...job,
    phone: phoneKnown ? job.phone : maskPhone(job.phone),
    email: job.email ? maskEmail(job.email) : null,
    notes: null,
  };
}
