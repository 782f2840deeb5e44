/**
 * Badge variants. Variant names follow the spec (destructive, default, secondary, outline); the
 * web maps them to its component library through {@link BADGE_VARIANT_STYLES}.
 */
import { URGENT_CONTACT_SERVICE } from '../constants/services';
import type { QuoteStatus } from '../constants/statuses';
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

/**
 * Job status badge (spec public §4): Emergency destructive; In Progress default; En Route,
 * Completed and Scheduled secondary; anything else outline.
 */
export function jobStatusBadgeVariant(status: string): BadgeVariant {
  if (status === 'Emergency') return 'destructive';
  if (status === 'In Progress') return 'default';
  if (status === 'En Route' || status === 'Completed' || status === 'Scheduled') return 'secondary';
  return 'outline';
}

/** Icon of each job status ("each with its own icon"), named after Tabler icons. */
export function jobStatusIcon(status: string): string {
  switch (status) {
    case 'Emergency':
      return 'alert-triangle';
    case 'In Progress':
      return 'tool';
    case 'En Route':
      return 'truck';
    case 'Completed':
      return 'circle-check';
    case 'Scheduled':
      return 'calendar';
    case 'Cancelled':
      return 'circle-x';
    default:
      return 'clock';
  }
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
