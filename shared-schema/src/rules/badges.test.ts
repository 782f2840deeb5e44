import { describe, expect, it } from 'vitest';
import { JOB_STATUSES, QUOTE_STATUSES } from '../constants/statuses';
import {
  BADGE_VARIANT_STYLES,
  contactMessageBadges,
  jobStatusBadge,
  quoteStatusBadge,
} from './badges';

const info = { name: 'Jo', phone: '0400', email: 'jo@example.com', message: 'Help' };

describe('job status badges', () => {
  const variant = (status: string) => jobStatusBadge(status).variant;

  it('follows the spec variants', () => {
    expect(variant('Emergency')).toBe('destructive');
    expect(variant('In Progress')).toBe('default');
    expect(variant('En Route')).toBe('secondary');
    expect(variant('Completed')).toBe('secondary');
    expect(variant('Scheduled')).toBe('secondary');
    expect(variant('Assigned')).toBe('outline');
    expect(variant('Cancelled')).toBe('outline');
  });

  it('gives every status its own icon', () => {
    const icons = JOB_STATUSES.map((status) => jobStatusBadge(status).icon);
    expect(new Set(icons).size).toBe(JOB_STATUSES.length);
  });

  it('shows a status it does not know as an outline clock, whatever its name', () => {
    for (const status of ['something else', 'constructor', 'toString', '']) {
      expect(jobStatusBadge(status)).toEqual({
        variant: 'outline',
        icon: 'clock',
        look: BADGE_VARIANT_STYLES.outline,
      });
    }
  });

  it('gives the look of its variant', () => {
    expect(jobStatusBadge('Emergency').look).toEqual({ variant: 'filled', color: 'red' });
    expect(jobStatusBadge('En Route').look).toEqual(BADGE_VARIANT_STYLES.secondary);
  });
});

describe('quote status badges', () => {
  it('labels every status and marks rejected destructive', () => {
    expect(QUOTE_STATUSES.map((status) => quoteStatusBadge(status).label)).toEqual([
      'Draft',
      'Sent',
      'Accepted',
      'Rejected',
      'Expired',
    ]);
    expect(quoteStatusBadge('rejected').variant).toBe('destructive');
    expect(quoteStatusBadge('accepted').color).toBe('green');
  });
});

describe('contact message badges', () => {
  it('is URGENT for Emergency Towing and Normal otherwise', () => {
    expect(
      contactMessageBadges({ sent: true, customerInfo: { ...info, service: 'Emergency Towing' } }),
    ).toEqual({ delivery: 'Sent', priority: 'URGENT' });
    expect(
      contactMessageBadges({ sent: false, customerInfo: { ...info, service: 'General Inquiry' } }),
    ).toEqual({ delivery: 'Pending', priority: 'Normal' });
    expect(contactMessageBadges({ sent: false, customerInfo: null }).priority).toBe('Normal');
  });
});
