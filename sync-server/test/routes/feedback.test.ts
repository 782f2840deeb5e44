import { describe, expect, it } from 'vitest';
import { MESSAGES, feedbackSchema } from '@pilbara/shared-schema';
import { buildTestApp, snapshotDatabase } from '../helper';
import { feedbackBody, insertJob } from '../fixtures';

describe('POST /api/feedback', () => {
  it('stores feedback for a completed job', async () => {
    const app = await buildTestApp();
    const job = insertJob(app, { status: 'Completed', progress: 100 });
    const response = await app.inject({
      method: 'POST',
      url: '/api/feedback',
      payload: feedbackBody(job.id),
    });
    expect(response.statusCode).toBe(201);
    const { feedback } = response.json();
    expect(feedbackSchema.parse(feedback)).toMatchObject({
      jobId: job.id,
      rating: 5,
      improvements: null,
    });
  });

  it('accepts only one review per job', async () => {
    const app = await buildTestApp();
    const job = insertJob(app, { status: 'Completed', progress: 100 });
    await app.inject({ method: 'POST', url: '/api/feedback', payload: feedbackBody(job.id) });
    const again = await app.inject({
      method: 'POST',
      url: '/api/feedback',
      payload: feedbackBody(job.id),
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toBe('Feedback has already been submitted for this job');
    expect(app.db.prepare('SELECT count(*) AS n FROM feedback').get()).toEqual({ n: 1 });
  });

  it('refuses a job that is not completed, and a job that does not exist', async () => {
    const app = await buildTestApp();
    const active = insertJob(app, { status: 'In Progress', progress: 50 });
    const cancelled = insertJob(app, { status: 'Cancelled' });
    for (const jobId of [active.id, cancelled.id]) {
      const response = await app.inject({
        method: 'POST',
        url: '/api/feedback',
        payload: feedbackBody(jobId),
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().error).toBe('Feedback can only be left for a completed job');
    }
    const missing = await app.inject({
      method: 'POST',
      url: '/api/feedback',
      payload: feedbackBody('JOB-2026-404'),
    });
    // An unknown job is the same 404 as a wrong phone.
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({
      error: MESSAGES.JOB_NOT_FOUND,
      fields: { jobId: MESSAGES.JOB_NOT_FOUND },
    });
    expect(app.db.prepare('SELECT count(*) AS n FROM feedback').get()).toEqual({ n: 0 });
  });

  it.each([
    [{ jobId: '' }, 'jobId', MESSAGES.FEEDBACK_JOB_REQUIRED],
    [{ rating: 0 }, 'rating', MESSAGES.RATING_REQUIRED],
    [{ rating: 6 }, 'rating', MESSAGES.RATING_RANGE],
    [{ rating: 'five' }, 'rating', MESSAGES.RATING_REQUIRED],
    [{ serviceQuality: 9 }, 'serviceQuality', MESSAGES.RATING_RANGE],
    [{ responseTime: 0 }, 'responseTime', MESSAGES.RATING_RANGE],
    [{ communication: 2.5 }, 'communication', MESSAGES.RATING_RANGE],
    [{ value: null }, 'value', MESSAGES.RATING_RANGE],
    [{ comments: 'meh' }, 'comments', MESSAGES.COMMENTS_DETAILED],
    [{ recommend: 'perhaps' }, 'recommend', MESSAGES.RECOMMEND_REQUIRED],
  ])('rejects %j with the %s message and writes nothing', async (override, field, message) => {
    const app = await buildTestApp();
    const job = insertJob(app, { status: 'Completed', progress: 100 });
    const before = snapshotDatabase(app);
    const response = await app.inject({
      method: 'POST',
      url: '/api/feedback',
      payload: feedbackBody(job.id, override),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().fields[field]).toBe(message);
    expect(snapshotDatabase(app)).toEqual(before);
  });
});
