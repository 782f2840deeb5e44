import { describe, expect, it } from 'vitest';
import {
  canRecordComplaintStage,
  complaintDueDates,
  complaintStages,
  nextComplaintStage,
} from './complaints';

const perth = (local: string) => new Date(`${local}+08:00`).toISOString();

const received = {
  receivedAt: perth('2026-11-27T15:00:00'),
  acknowledgedAt: null,
  investigatedAt: null,
  resolvedAt: null,
};

describe('the complaints procedure', () => {
  it('sets each stage a number of business days after the complaint arrived', () => {
    expect(complaintDueDates(received.receivedAt)).toEqual({
      acknowledged: perth('2026-12-01T17:00:00'),
      investigated: perth('2026-12-11T17:00:00'),
      // 20 business days, skipping Christmas and the observed Boxing Day.
      resolved: perth('2026-12-29T17:00:00'),
    });
  });

  it('shows the next stage until the complaint is resolved', () => {
    expect(nextComplaintStage(received, perth('2026-11-30T09:00:00'))).toMatchObject({
      stage: 'acknowledged',
      late: false,
    });
    expect(nextComplaintStage(received, perth('2026-12-02T09:00:00'))).toMatchObject({
      stage: 'acknowledged',
      late: true,
    });
    const done = {
      ...received,
      acknowledgedAt: perth('2026-11-30T10:00:00'),
      investigatedAt: perth('2026-12-04T10:00:00'),
      resolvedAt: perth('2026-12-05T10:00:00'),
    };
    expect(nextComplaintStage(done, perth('2027-01-10T10:00:00'))).toBeNull();
    expect(complaintStages(done, perth('2027-01-10T10:00:00')).every((s) => !s.late)).toBe(true);
  });

  it('records the stages in order, each once', () => {
    expect(canRecordComplaintStage(received, 'acknowledged')).toBe(true);
    expect(canRecordComplaintStage(received, 'resolved')).toBe(false);
    const acknowledged = { ...received, acknowledgedAt: perth('2026-11-30T10:00:00') };
    expect(canRecordComplaintStage(acknowledged, 'acknowledged')).toBe(false);
    expect(canRecordComplaintStage(acknowledged, 'investigated')).toBe(true);
  });
});
