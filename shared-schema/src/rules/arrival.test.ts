import { describe, expect, it } from 'vitest';
import { arrivalEstimate, arrivalShortText, arrivalText, enRouteMessage } from './arrival';

const NOW = new Date('2026-11-24T02:10:00.000Z');
const KARRATHA_FIX = {
  latitude: -20.7364,
  longitude: 116.8463,
  recordedAt: '2026-11-24T02:09:00.000Z',
};
const job = {
  status: 'En Route',
  estimatedArrival: 'Within 4-6 hours',
  location: 'GPS -20.77810, 117.14560 (in Roebourne)',
};

describe('arrivalEstimate', () => {
  it('gives the truck’s estimate, not the office’s, once the truck shares where it is', () => {
    const estimate = arrivalEstimate(job, KARRATHA_FIX, NOW);
    expect(estimate).toEqual({ kind: 'live', minutes: 27, km: 31.5 });
    expect(arrivalText(estimate)).toBe(
      'About 27 min (31.5 km in a straight line at 70 km/h average)',
    );
  });

  it('keeps the office’s estimate until a position is shared', () => {
    expect(arrivalText(arrivalEstimate(job, null, NOW))).toBe('Within 4-6 hours');
    expect(arrivalText(arrivalEstimate({ ...job, status: 'Assigned' }, KARRATHA_FIX, NOW))).toBe(
      'Within 4-6 hours',
    );
    expect(arrivalText(arrivalEstimate({ ...job, estimatedArrival: ' ' }, null, NOW))).toBe(
      'To be confirmed',
    );
  });

  it('guesses nothing while the truck is out of coverage', () => {
    const old = { ...KARRATHA_FIX, recordedAt: '2026-11-24T01:50:00.000Z' };
    expect(arrivalEstimate(job, old, NOW)).toEqual({ kind: 'out-of-coverage' });
  });

  it('falls back to the office’s estimate when the customer’s place is unknown', () => {
    expect(arrivalEstimate({ ...job, location: 'Mine gate 4' }, KARRATHA_FIX, NOW)).toEqual({
      kind: 'planned',
      text: 'Within 4-6 hours',
    });
  });

  it('gives no arrival once the driver is there or the job is over', () => {
    expect(arrivalText(arrivalEstimate({ ...job, status: 'In Progress' }, null, NOW))).toBe(
      'Your driver is on site',
    );
    expect(arrivalEstimate({ ...job, status: 'Completed' }, KARRATHA_FIX, NOW).kind).toBe(
      'completed',
    );
    expect(arrivalEstimate({ ...job, status: 'Cancelled' }, null, NOW).kind).toBe('cancelled');
  });
});

describe('enRouteMessage', () => {
  it('names the driver and gives the estimate in every channel', () => {
    const message = enRouteMessage({
      jobId: 'JOB-2026-5',
      service: 'Towing',
      driverName: 'Dana Reid',
      estimate: { kind: 'live', minutes: 27, km: 31.5 },
    });
    expect(message.subject).toBe('Job JOB-2026-5: Dana Reid is on the way');
    expect(message.news).toBe(
      'Dana Reid is on the way for job JOB-2026-5 (Towing). Estimated arrival: About 27 min (31.5 km in a straight line at 70 km/h average).',
    );
    expect(message.pushTitle).toBe('Dana Reid is on the way');
    expect(message.pushBody).toContain('Estimated arrival: About 27 min');
    expect(message.sms('https://x.test/t')).toBe(
      'Dana Reid is on the way for job JOB-2026-5. Estimated arrival: About 27 min (31.5 km in a straight line at 70 km/h average). Track: https://x.test/t',
    );
  });

  it('says "Your driver" when nobody (or both owners) is named', () => {
    for (const driverName of [null, '', 'Both'])
      expect(
        enRouteMessage({ jobId: 'JOB-2026-5', driverName, estimate: { kind: 'unknown' } }).news,
      ).toBe('Your driver is on the way for job JOB-2026-5. Estimated arrival: To be confirmed.');
  });
});

describe('arrivalShortText', () => {
  it('gives a text message the estimate in a few words, or nothing', () => {
    expect(arrivalShortText({ kind: 'live', minutes: 27, km: 31.5 })).toBe('about 27 min');
    expect(arrivalShortText({ kind: 'planned', text: 'Within 4-6 hours' })).toBe(
      'Within 4-6 hours',
    );
    expect(arrivalShortText({ kind: 'out-of-coverage' })).toBeNull();
    expect(arrivalShortText({ kind: 'unknown' })).toBeNull();
  });
});
