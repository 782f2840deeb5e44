import { describe, expect, it } from 'vitest';
import { customerTimeline, type HistoryStep } from './timeline';

const job = { createdAt: '2026-11-20T23:10:00.000Z' };

/** The history the issue describes: steps recorded at 07:17, 07:17 and 07:28 Perth time. */
const RECORDED: HistoryStep[] = [
  { status: 'Assigned', message: 'Job created', createdAt: job.createdAt },
  { status: 'En Route', message: 'Driver en route', createdAt: '2026-11-20T23:17:00.000Z' },
  { status: 'In Progress', message: 'Service started', createdAt: '2026-11-20T23:17:40.000Z' },
  { status: 'Completed', message: 'Job completed', createdAt: '2026-11-20T23:28:00.000Z' },
];

describe('customerTimeline', () => {
  it('shows each step at the time it was recorded, never a derived one', () => {
    expect(customerTimeline(job, RECORDED)).toEqual([
      { key: 'created', message: 'Job created', at: job.createdAt },
      { key: 'en-route', message: 'Driver en route', at: '2026-11-20T23:17:00.000Z' },
      { key: 'arrived', message: 'Driver arrived on site', at: '2026-11-20T23:17:40.000Z' },
      {
        key: 'completed',
        message: 'Service completed successfully',
        at: '2026-11-20T23:28:00.000Z',
      },
    ]);
  });

  it('shows nothing for a step not taken yet', () => {
    expect(customerTimeline(job, RECORDED.slice(0, 2)).map((entry) => entry.key)).toEqual([
      'created',
      'en-route',
    ]);
    expect(customerTimeline(job, []).map((entry) => entry.key)).toEqual(['created']);
  });

  it('leaves out a step the driver skipped (completed straight from Assigned)', () => {
    const skipped = [RECORDED[0]!, RECORDED[3]!];
    expect(customerTimeline(job, skipped).map((entry) => entry.key)).toEqual([
      'created',
      'completed',
    ]);
  });

  it('takes the first recording of a step, whatever order the history arrives in', () => {
    const late: HistoryStep = {
      status: 'En Route',
      message: 'Status changed to En Route',
      createdAt: '2026-11-20T23:50:00.000Z',
    };
    const entries = customerTimeline(job, [RECORDED[3]!, late, RECORDED[1]!]);
    expect(entries.find((entry) => entry.key === 'en-route')?.at).toBe('2026-11-20T23:17:00.000Z');
    expect(entries.map((entry) => entry.key)).toEqual(['created', 'en-route', 'completed']);
  });

  it('says a cancelled job was cancelled, at the time it was', () => {
    const cancelled = customerTimeline(job, [
      {
        status: 'Cancelled',
        message: 'Status changed to Cancelled',
        createdAt: '2026-11-21T00:05:00.000Z',
      },
    ]);
    expect(cancelled).toEqual([
      { key: 'created', message: 'Job created', at: job.createdAt },
      { key: 'cancelled', message: 'Job cancelled', at: '2026-11-21T00:05:00.000Z' },
    ]);
  });

  it('never shows a time after now when the history holds none', () => {
    const now = Date.parse('2026-11-20T23:30:00.000Z');
    for (const entry of customerTimeline(job, RECORDED))
      expect(Date.parse(entry.at)).toBeLessThanOrEqual(now);
  });
});
