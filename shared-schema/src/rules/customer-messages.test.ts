import { describe, expect, it } from 'vitest';
import {
  feedbackUrl,
  notificationsOffered,
  pushMessageFor,
  REVIEW_REQUEST_DELAY_MS,
  reviewRequestDueAt,
  reviewRequestText,
} from './customer-messages';
import { enRouteMessage } from './arrival';

describe('pushMessageFor', () => {
  const url = 'https://tow.example.com/customer-portal?token=abc';

  it('tells the customer who is on the way and when, linking to the tracking page', () => {
    const enRoute = enRouteMessage({
      jobId: 'JOB-2026-7',
      driverName: 'Dana Reid',
      estimate: { kind: 'manual', text: 'Within the hour' },
    });
    expect(pushMessageFor('job_en_route', 'JOB-2026-7', url, enRoute)).toEqual({
      title: 'Dana Reid is on the way',
      body: 'Job JOB-2026-7. Estimated arrival: Within the hour. Tap to see where the truck is.',
      url,
      tag: 'job-JOB-2026-7',
    });
    expect(pushMessageFor('job_en_route', 'JOB-2026-7', url).title).toBe(
      'Your driver is on the way',
    );
  });

  it('says the job is complete, under the same tag so it replaces the first', () => {
    const done = pushMessageFor('job_completed', 'JOB-2026-7', url);
    expect(done.title).toBe('Job complete');
    expect(done.body).toContain('JOB-2026-7 is complete');
    expect(done.tag).toBe(pushMessageFor('job_en_route', 'JOB-2026-7', url).tag);
  });
});

describe('review request', () => {
  it('is due three hours after completion', () => {
    expect(REVIEW_REQUEST_DELAY_MS).toBe(3 * 3_600_000);
    expect(reviewRequestDueAt('2026-11-21T10:41:38.000Z')).toBe('2026-11-21T13:41:38.000Z');
  });

  it('links to the feedback page with the job preselected, and its token as the proof', () => {
    expect(feedbackUrl('https://tow.example.com/', 'JOB-2026-7')).toBe(
      'https://tow.example.com/feedback?job=JOB-2026-7',
    );
    expect(feedbackUrl('https://tow.example.com', 'JOB-2026-7', 'abc_DEF-123')).toBe(
      'https://tow.example.com/feedback?job=JOB-2026-7&token=abc_DEF-123',
    );
  });

  it('names the job and the service', () => {
    const text = reviewRequestText('JOB-2026-7', '4x4 Recovery');
    expect(text.subject).toBe('How did we go with job JOB-2026-7?');
    expect(text.news).toContain('job JOB-2026-7 (4x4 Recovery)');
    expect(reviewRequestText('JOB-2026-7', null).news).not.toContain('(');
  });
});

describe('notificationsOffered', () => {
  it('offers notifications while the driver has yet to set off or finish', () => {
    for (const status of ['Assigned', 'Scheduled', 'Emergency', 'En Route', 'In Progress'] as const)
      expect(notificationsOffered(status), status).toBe(true);
  });

  it('offers nothing once the job is finished', () => {
    expect(notificationsOffered('Completed')).toBe(false);
    expect(notificationsOffered('Cancelled')).toBe(false);
  });
});
