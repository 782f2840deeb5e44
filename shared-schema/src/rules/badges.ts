/**
 * Badge variants. Variant names follow the spec (destructive, default, secondary, outline); the
 * web maps them to its component library through {@link BADGE_VARIANT_STYLES}.
 */
import { URGENT_CONTACT_SERVICE } from '../constants/services';
import type { JobStatus, QuoteStatus } from '../constants/statuses';
import type { EmailRecord } from '../entities/email-record';

/** The spec's badge variants. */
export type BadgeVariant = 'destructive' | 'default' | 'secondary' | 'outline';

/** Suggested look of each variant (Mantine variant and colour). */
export const BADGE_VARIANT_STYLES: Readonly<
  Record<BadgeVariant, { variant: 'filled' | 'light' | 'outline'; color: string }>
> = {
  destructive: { variant: 'filled', color: 'red' },
  default: { variant: 'filled', color: 'blue' },
  secondary: { variant: 'light', color: 'gray' },
  outline: { variant: 'outline', color: 'gray' },
};

/** The icons a job status shows, named after Tabler icons (the web maps each to its component). */
export type JobStatusIcon =
  'alert-triangle' | 'tool' | 'truck' | 'circle-check' | 'calendar' | 'circle-x' | 'clock';

/**
 * Job status badges (spec public §4), one row per status, each with its own icon: Emergency
 * destructive; In Progress default; En Route, Completed and Scheduled secondary; the rest outline.
 */
const JOB_STATUS_BADGES: Readonly<
  Record<JobStatus, { variant: BadgeVariant; icon: JobStatusIcon }>
> = {
  Emergency: { variant: 'destructive', icon: 'alert-triangle' },
  'In Progress': { variant: 'default', icon: 'tool' },
  'En Route': { variant: 'secondary', icon: 'truck' },
  Completed: { variant: 'secondary', icon: 'circle-check' },
  Scheduled: { variant: 'secondary', icon: 'calendar' },
  Cancelled: { variant: 'outline', icon: 'circle-x' },
  Assigned: { variant: 'outline', icon: 'clock' },
};

/** A job status's badge: the spec variant, its look and its icon; a status not known is outline. */
export function jobStatusBadge(status: string): {
  variant: BadgeVariant;
  icon: JobStatusIcon;
  look: (typeof BADGE_VARIANT_STYLES)[BadgeVariant];
} {
  const row = Object.hasOwn(JOB_STATUS_BADGES, status)
    ? JOB_STATUS_BADGES[status as JobStatus]
    : { variant: 'outline' as const, icon: 'clock' as const };
  return { ...row, look: BADGE_VARIANT_STYLES[row.variant] };
}

/**
 * Quote status badge (the spec shows no colours; this product's choice): draft outline, sent
 * secondary, accepted default, rejected destructive, expired outline; label capitalised.
 */
export function quoteStatusBadge(status: QuoteStatus): {
  variant: BadgeVariant;
  label: string;
  color: string;
} {
  const label = status.charAt(0).toUpperCase() + status.slice(1);
  switch (status) {
    case 'draft':
      return { variant: 'outline', label, color: 'gray' };
    case 'sent':
      return { variant: 'secondary', label, color: 'blue' };
    case 'accepted':
      return { variant: 'default', label, color: 'green' };
    case 'rejected':
      return { variant: 'destructive', label, color: 'red' };
    case 'expired':
      return { variant: 'outline', label, color: 'orange' };
  }
}

/** Contact message badges: Sent or Pending, and URGENT or Normal. */
export interface ContactBadges {
  delivery: 'Sent' | 'Pending';
  priority: 'URGENT' | 'Normal';
}

/**
 * Badges of a contact message (email record). It is URGENT when the service the customer needs is
 * 'Emergency Towing' (the contact form's emergency option); anything else is Normal.
 */
export function contactMessageBadges(
  email: Pick<EmailRecord, 'sent' | 'customerInfo'>,
): ContactBadges {
  return {
    delivery: email.sent ? 'Sent' : 'Pending',
    priority: email.customerInfo?.service === URGENT_CONTACT_SERVICE ? 'URGENT' : 'Normal',
  };
}
