import { tableOfItems } from './price-list';
import { describe, expect, it } from 'vitest';
import type { Job } from '../entities/job';
import { quoteSchema } from '../entities/quote';
import {
  allowedJobActions,
  autoQuoteForCompletedJob,
  canChangeJobStatus,
  canDeleteJob,
  isActiveStatus,
  isJobActionAllowed,
  JOB_ACTION_TARGETS,
} from './job-flow';

const job: Job = {
  id: 'JOB-2026-7',
  customerName: 'Jo Bloggs',
  phone: '0400 123 456',
  email: 'jo@example.com',
  status: 'In Progress',
  service: '4x4 Recovery',
  location: 'Tom Price',
  estimatedArrival: null,
  progress: 50,
  assignedTo: 'Sam',
  notes: null,
  trackingToken: 'job-token-0123456789abcdef',
  createdAt: '2026-11-20T01:00:00.000Z',
  updatedAt: '2026-11-20T02:00:00.000Z',
};

describe('job actions', () => {
  it('sets progress 25, 50, 100', () => {
    expect(JOB_ACTION_TARGETS.markEnRoute).toEqual({ status: 'En Route', progress: 25 });
    expect(JOB_ACTION_TARGETS.startService).toEqual({ status: 'In Progress', progress: 50 });
    expect(JOB_ACTION_TARGETS.complete).toEqual({ status: 'Completed', progress: 100 });
  });

  it('offers every action before the driver leaves', () => {
    for (const status of ['Assigned', 'Scheduled', 'Emergency']) {
      expect(allowedJobActions(status)).toEqual([
        'markEnRoute',
        'startService',
        'complete',
        'reassign',
      ]);
    }
  });

  it('offers En Route only before it, Start Service only before In Progress', () => {
    expect(allowedJobActions('En Route')).toEqual(['startService', 'complete', 'reassign']);
    expect(allowedJobActions('In Progress')).toEqual(['complete', 'reassign']);
  });

  it('rejects every action and reassignment of a completed or cancelled job', () => {
    expect(allowedJobActions('Completed')).toEqual([]);
    expect(allowedJobActions('Cancelled')).toEqual([]);
    expect(isJobActionAllowed('Completed', 'reassign')).toBe(false);
  });

  it('checks status changes against the same table', () => {
    expect(canChangeJobStatus('Assigned', 'En Route')).toBe(true);
    expect(canChangeJobStatus('In Progress', 'En Route')).toBe(false);
    expect(canChangeJobStatus('Completed', 'In Progress')).toBe(false);
    expect(canChangeJobStatus('Emergency', 'Completed')).toBe(true);
    expect(canChangeJobStatus('En Route', 'Cancelled')).toBe(true);
    expect(canChangeJobStatus('Cancelled', 'Cancelled')).toBe(false);
    expect(canChangeJobStatus('Assigned', 'Scheduled')).toBe(false);
  });

  it('deletes only finished jobs', () => {
    expect(canDeleteJob('Completed')).toBe(true);
    expect(canDeleteJob('Cancelled')).toBe(true);
    for (const status of ['Assigned', 'En Route', 'In Progress', 'Emergency', 'Scheduled'])
      expect(canDeleteJob(status)).toBe(false);
  });

  it('treats everything but Completed and Cancelled as active', () => {
    expect(isActiveStatus('Scheduled')).toBe(true);
    expect(isActiveStatus('Emergency')).toBe(true);
    expect(isActiveStatus('Completed')).toBe(false);
    expect(isActiveStatus('Cancelled')).toBe(false);
  });
});

describe('autoQuoteForCompletedJob', () => {
  const quote = autoQuoteForCompletedJob(
    { ...job, status: 'Completed' },
    '2026-11-21T00:00:00.000Z',
    'Q-2026-40',
  );

  it('is a valid draft quote of $200 × 1 with no discount', () => {
    expect(quoteSchema.parse(quote)).toEqual(quote);
    expect(quote.status).toBe('draft');
    expect(quote.items).toEqual([
      {
        id: 'Q-2026-40-1',
        description: '4x4 Recovery',
        quantity: 1,
        unitPrice: 20000,
        total: 20000,
        category: 'service',
        priceKey: 'auto-quote.completed-job',
      },
    ]);
    expect(quote.discountPercent).toBe(0);
    expect(quote.finalPrice).toBe(20000);
  });

  it('is valid for 30 days and carries the customer', () => {
    expect(quote.validUntil).toBe('2026-12-21T00:00:00.000Z');
    expect(quote.customerName).toBe('Jo Bloggs');
    expect(quote.customerPhone).toBe('0400 123 456');
    expect(quote.customerEmail).toBe('jo@example.com');
  });

  it('is priced from the price list in force when one is given', () => {
    const prices = tableOfItems([
      {
        key: 'auto-quote.completed-job',
        label: 'Completed job',
        unit: 'each',
        amount: 23500,
        category: null,
        note: null,
      },
    ]);
    const listed = autoQuoteForCompletedJob(
      { ...job, status: 'Completed', accountId: 7, siteId: 's1', poNumber: 'PO-88' },
      '2026-11-21T00:00:00.000Z',
      'Q-2026-41',
      prices,
    );
    expect(listed.finalPrice).toBe(23500);
    expect(listed).toMatchObject({ accountId: 7, siteId: 's1', poNumber: 'PO-88' });
  });

  it('applies no location multiplier even for a remote job', () => {
    expect(quote.basePrice).toBe(20000);
    expect(quote.notes).toContain('Tom Price');
  });
});
