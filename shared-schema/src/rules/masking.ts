/**
 * Masking of contact details in public answers (docs/security.md): the portal and the dashboard
 * show a job to whoever knows its id or phone, so other contact details are hidden.
 */

/** Masks a phone number, keeping its last three digits: '0400 123 123' → '•••• ••• 123'. */
export function maskPhone(phone: string): string {
  const digits = phone.replace(/\D/g, '');
  return `•••• ••• ${digits.slice(-3)}`.trimEnd();
}

/** Masks an email, keeping the first character and the domain: 'jo@example.com' → 'j•••@example.com'. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at <= 0) return '•••';
  return `${email[0]}•••${email.slice(at)}`;
}

/** A job-like record with its phone and email masked (other fields untouched). */
export function maskJobContact<T extends { phone: string; email: string | null }>(job: T): T {
  return {
    ...job,
    phone: maskPhone(job.phone),
    email: job.email ? maskEmail(job.email) : job.email,
  };
}
