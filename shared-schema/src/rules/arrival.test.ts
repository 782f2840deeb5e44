import { describe, expect, it } from 'vitest';
import { arrivalEstimate, arrivalShortText, arrivalText, enRouteMessage } from './arrival';

const NOW = new Date('2026-11-24T02:10:00.000Z');
const KARRATHA_FIX = {
  latitude: -20.7364,
  longitude: 116.8463,
  recordedAt: '2026-11-24T02:09:00.000Z',
};
const DEPOT = { name: 'Karratha', latitude: -20.7364, longitude: 116.8463 };
const job = {
  status: 'En Route',
  estimatedArrival: null,
  location: 'GPS -20.77810, 117.14560 (in Roebourne)',
};

describe('arrivalEstimate', () => {
  it('measures from the truck once it shares where it is', () => {
    const estimate = arrivalEstimate(job, KARRATHA_FIX, NOW, DEPOT);
    expect(estimate).toEqual({ kind: 'live', minutes: 27, km: 31.5 });
    expect(arrivalText(estimate)).toBe(
      'About 27 min (31.5 km in a straight line at 70 km/h average)',
    );
  });

  it('measures from the depot while the job waits for its truck, and says so', () => {
    const far = { ...job, status: 'Emergency', location: 'Port Hedland, Great Northern Hwy' };
    const estimate = arrivalEstimate(far, null, NOW, DEPOT);
    expect(estimate).toEqual({
      kind: 'depot',
      km: 189.3,
      minutes: 162,
      depot: 'Karratha',
      started: false,
    });
    expect(arrivalText(estimate)).toBe(
      'About 162 min once a driver sets off (189.3 km from Karratha in a straight line at 70 km/h average)',
    );
    // A job 60 km out is not "30-45 minutes": the figure follows the distance.
    const near = arrivalEstimate(
      { ...far, status: 'Assigned', location: 'Roebourne' },
      null,
      NOW,
      DEPOT,
    );
    expect(near).toMatchObject({ kind: 'depot', minutes: 27 });
    // On its way but sharing no position: from the depot, without "once a driver sets off".
    const going = arrivalEstimate(job, null, NOW, DEPOT);
    expect(arrivalText(going)).toBe(
      'About 27 min (31.5 km from Karratha in a straight line at 70 km/h average)',
    );
  });

  it('follows an estimate staff set by hand over the rule, truck or depot', () => {
    const set = { ...job, estimatedArrival: ' 40 minutes, roadworks at the bridge ' };
    expect(arrivalEstimate(set, KARRATHA_FIX, NOW, DEPOT)).toEqual({
      kind: 'manual',
      text: '40 minutes, roadworks at the bridge',
    });
    expect(arrivalText(arrivalEstimate({ ...set, status: 'Emergency' }, null, NOW, DEPOT))).toBe(
      '40 minutes, roadworks at the bridge',
    );
  });

  it('says "to be confirmed" where no honest figure exists', () => {
    // A place the rule cannot find, no depot, or a scheduled job without its time.
    expect(arrivalEstimate({ ...job, location: 'Mine gate 4' }, null, NOW, DEPOT).kind).toBe(
      'unknown',
    );
    expect(
      arrivalEstimate({ ...job, location: 'Mine gate 4' }, KARRATHA_FIX, NOW, DEPOT).kind,
    ).toBe('unknown');
    expect(arrivalEstimate({ ...job, status: 'Emergency' }, null, NOW, null).kind).toBe('unknown');
    expect(
      arrivalText(
        arrivalEstimate({ ...job, status: 'Scheduled', estimatedArrival: ' ' }, null, NOW, DEPOT),
      ),
    ).toBe('To be confirmed');
  });

  it('guesses nothing while the truck is out of coverage', () => {
    const old = { ...KARRATHA_FIX, recordedAt: '2026-11-24T01:50:00.000Z' };
    expect(arrivalEstimate(job, old, NOW, DEPOT)).toEqual({ kind: 'out-of-coverage' });
  });

  it('gives no arrival once the driver is there or the job is over', () => {
    expect(arrivalText(arrivalEstimate({ ...job, status: 'In Progress' }, null, NOW, DEPOT))).toBe(
      'Your driver is on site',
    );
    expect(arrivalEstimate({ ...job, status: 'Completed' }, KARRATHA_FIX, NOW, DEPOT).kind).toBe(
      'completed',
    );
    expect(arrivalEstimate({ ...job, status: 'Cancelled' }, null, NOW, DEPOT).kind).toBe(
      'cancelled',
    );
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
    expect(arrivalShortText({ kind: 'manual', text: 'Within 4-6 hours' })).toBe('Within 4-6 hours');
    expect(
      arrivalShortText({ kind: 'depot', minutes: 45, km: 52, depot: 'Karratha', started: false }),
    ).toBe('about 45 min once a driver sets off');
    expect(arrivalShortText({ kind: 'out-of-coverage' })).toBeNull();
    expect(arrivalShortText({ kind: 'unknown' })).toBeNull();
  });
});
