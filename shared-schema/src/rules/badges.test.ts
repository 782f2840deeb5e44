import { describe, expect, it } from 'vitest';
import { JOB_STATUSES, QUOTE_STATUSES } from '../constants/statuses';
import {
  contactMessageBadges,
  jobStatusBadgeVariant,
  jobStatusIcon,
  quoteStatusBadge,
} from './badges';

const info = { name: 'Jo', phone: '0400', email: 'jo@example.com', message: 'Help' };

describe('job status badges', () => {
  it('follows the spec variants', () => {
    expect(jobStatusBadgeVariant('Emergency')).toBe('destructive');
    expect(jobStatusBadgeVariant('In Progress')).toBe('default');
    expect(jobStatusBadgeVariant('En Route')).toBe('secondary');
    expect(jobStatusBadgeVariant('Completed')).toBe('secondary');
    expect(jobStatusBadgeVariant('Scheduled')).toBe('secondary');
    expect(jobStatusBadgeVariant('Assigned')).toBe('outline');
    expect(jobStatusBadgeVariant('Cancelled')).toBe('outline');
    expect(jobStatusBadgeVariant('something else')).toBe('outline');
  });

  it('gives every status its own icon', () => {
    expect(new Set(JOB_STATUSES.map(jobStatusIcon)).size).toBe(JOB_STATUSES.length);
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
