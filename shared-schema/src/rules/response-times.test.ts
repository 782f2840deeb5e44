import { describe, expect, it } from 'vitest';
import {
  RESPONSE_MIN_JOBS,
  responseAreaOf,
  responseBasisText,
  responseFigureText,
  responseTimes,
} from './response-times';

const NOW = '2026-12-06T02:00:00.000Z';
const minutesAfter = (iso: string, minutes: number) =>
  new Date(Date.parse(iso) + minutes * 60_000).toISOString();

/** A call-out taken in the admin panel `daysAgo` days ago, the truck on site `minutes` later. */
function callOut(id: string, location: string, daysAgo: number, minutes: number) {
  const createdAt = new Date(Date.parse(NOW) - daysAgo * 86_400_000).toISOString();
  return {
    job: { id, location, createdAt },
    arrived: { jobId: id, status: 'In Progress', createdAt: minutesAfter(createdAt, minutes) },
  };
}

describe('responseAreaOf', () => {
  it('places a job by the town its location names, or where its GPS fix is', () => {
    expect(responseAreaOf('Dampier Road near the salt ponds, Dampier')).toBe('Dampier');
    expect(responseAreaOf('Pegs Creek, Karratha')).toBe('Karratha');
    expect(responseAreaOf('GPS -20.77810, 117.14560 (in Roebourne)')).toBe('Roebourne');
    // 60 km out on the highway: the wider area, not the nearest town.
    expect(responseAreaOf('GPS -21.20000, 116.90000 (52 km from Karratha)')).toBe('Mining Sites');
    expect(responseAreaOf('Tom Price turn-off')).toBe('Mining Sites');
    expect(responseAreaOf('Mine gate 4, haul road')).toBe('Mining Sites');
    expect(responseAreaOf('Behind the red shed')).toBeNull();
  });
});

describe('responseTimes', () => {
  it('gives each area the median of its recorded arrivals, with how many jobs that is', () => {
    const calls = [
      callOut('J1', 'Karratha', 1, 20),
      callOut('J2', 'Bulgarra, Karratha', 3, 34),
      callOut('J3', 'Karratha airport, Karratha', 10, 41),
      callOut('J4', 'Karratha', 40, 30),
      callOut('J5', 'Roebourne', 2, 52),
      // Older than the window: not counted.
      callOut('J6', 'Karratha', 120, 5),
    ];
    const figures = responseTimes(
      calls.map((c) => c.job),
      calls.map((c) => c.arrived),
      [],
      NOW,
    );
    const karratha = figures.areas.find((area) => area.area === 'Karratha')!;
    expect(karratha).toEqual({ area: 'Karratha', jobs: 4, medianMinutes: 32 });
    expect(responseFigureText(karratha)).toBe('32 min');
    expect(responseBasisText(karratha, figures.sinceDays)).toBe(
      'Median of 4 jobs in the last 90 days, from the call to the truck on site',
    );
    // One job is no figure: the page shows none rather than a guess.
    const roebourne = figures.areas.find((area) => area.area === 'Roebourne')!;
    expect(roebourne).toEqual({ area: 'Roebourne', jobs: 1, medianMinutes: null });
    expect(responseFigureText(roebourne)).toBeNull();
    expect(figures.overall).toEqual({ area: 'All areas', jobs: 5, medianMinutes: 34 });
    expect(figures.areas.map((area) => area.area)).toEqual([
      'Karratha',
      'Dampier',
      'Wickham',
      'Roebourne',
      'Point Samson',
      'Mining Sites',
    ]);
  });

  it('measures from the booking for a booked emergency, and leaves scheduled bookings out', () => {
    const asked = '2026-12-05T01:00:00.000Z';
    const jobs = [
      { id: 'J1', location: 'Wickham', createdAt: minutesAfter(asked, 10) },
      { id: 'J2', location: 'Wickham', createdAt: minutesAfter(asked, 10) },
    ];
    const updates = jobs.map((job) => ({
      jobId: job.id,
      status: 'In Progress',
      createdAt: minutesAfter(asked, 45),
    }));
    const bookings = [
      { approvedJobId: 'J1', urgency: 'emergency' as const, createdAt: asked },
      { approvedJobId: 'J2', urgency: 'scheduled' as const, createdAt: asked },
    ];
    const figures = responseTimes(jobs, updates, bookings, NOW);
    expect(figures.overall.jobs).toBe(1);
    expect(figures.areas.find((area) => area.area === 'Wickham')?.jobs).toBe(1);
  });

  it('needs at least the minimum of recorded arrivals for a figure', () => {
    const calls = Array.from({ length: RESPONSE_MIN_JOBS }, (_, n) =>
      callOut(`J${n}`, 'Dampier', n + 1, 30 + n),
    );
    const figures = responseTimes(
      calls.map((c) => c.job),
      calls.map((c) => c.arrived),
      [],
      NOW,
    );
    expect(figures.areas.find((area) => area.area === 'Dampier')?.medianMinutes).toBe(31);
  });
});
