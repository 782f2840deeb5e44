import { describe, expect, it } from 'vitest';
import { customerTimeline } from './timeline';

const times = { createdAt: '2026-11-21T01:00:00.000Z', updatedAt: '2026-11-21T03:10:00.000Z' };

describe('customerTimeline', () => {
  it('shows only the created entry before the driver leaves', () => {
    for (const status of ['Assigned', 'Scheduled', 'Emergency']) {
      expect(
        customerTimeline({ status: status as 'Assigned', ...times }).map((entry) => entry.key),
      ).toEqual(['created']);
    }
  });

  it('says a cancelled job was cancelled, never that a driver was assigned', () => {
    expect(customerTimeline({ status: 'Cancelled', ...times })).toEqual([
      { key: 'created', message: 'Job created', at: times.createdAt },
      { key: 'cancelled', message: 'Job cancelled', at: times.updatedAt },
    ]);
  });

  it('adds Driver en route 15 minutes after creation once En Route', () => {
    expect(customerTimeline({ status: 'En Route', ...times })).toEqual([
      { key: 'created', message: 'Job created and driver assigned', at: times.createdAt },
      { key: 'en-route', message: 'Driver en route', at: '2026-11-21T01:15:00.000Z' },
    ]);
  });

  it('adds Driver arrived on site 30 minutes after creation once In Progress', () => {
    const entries = customerTimeline({ status: 'In Progress', ...times });
    expect(entries.map((entry) => entry.message)).toEqual([
      'Job created and driver assigned',
      'Driver en route',
      'Driver arrived on site',
    ]);
    expect(entries[2]?.at).toBe('2026-11-21T01:30:00.000Z');
  });

  it('ends with Service completed successfully at the update time', () => {
    const entries = customerTimeline({ status: 'Completed', ...times });
    expect(entries).toHaveLength(4);
    expect(entries[3]).toEqual({
      key: 'completed',
      message: 'Service completed successfully',
      at: times.updatedAt,
    });
  });
});
