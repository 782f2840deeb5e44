/**
 * Reviews read and answered, through the real notifier and a real SMTP server on loopback: a
 * review of 2 stars or less emails the owners once (a replayed log and a restart send nothing
 * more), a good one does not; the owners list every review with its job and the average; an
 * owner's answer goes to the customer and is kept with the review. Only admins may read them.
 */
import { describe, expect, it } from 'vitest';
import { lowReviewAlert, type Feedback, type StaffReview } from '@pilbara/shared-schema';
import type { Config } from '../../src/config';
import { getRow } from '../../src/db/rows';
import { createNotifier, notifierDepsOf } from '../../src/services/notifier';
import { buildTestApp, login, onTestEnd, registerCustomer, signedIn, testConfig } from '../helper';
import { feedbackBody, insertJob } from '../fixtures';
import { startSmtp } from '../smtp';

const OWNERS = 'owners@pilbaratow.example';

async function serverOn(config: Config) {
  const app = await buildTestApp({ config });
  const notifier = createNotifier(notifierDepsOf(app), { pollMs: 600_000, afterChangeMs: 600_000 });
  onTestEnd(() => notifier.stop());
  await notifier.run();
  return { app, notifier, admin: await login(app) };
}

describe('reviews for the owners', () => {
  it(
    'emails the owners once about a review of 2 stars or less, never about a good one',
    { timeout: 60_000 },
    async () => {
      const smtp = await startSmtp();
      const config = testConfig({ SMTP_URL: smtp.url, BUSINESS_EMAIL: OWNERS });
      let server = await serverOn(config);
      const poor = insertJob(server.app, {
        status: 'Completed',
        progress: 100,
        number: 'JOB-2026-7',
      });
      const good = insertJob(server.app, { status: 'Completed', progress: 100 });
      for (const [job, rating] of [
        [poor, 2],
        [good, 5],
      ] as const) {
        const posted = await server.app.inject({
          method: 'POST',
          url: '/api/feedback',
          payload: feedbackBody(job.id, {
            rating,
            comments: `Rated ${rating}: the truck came late.`,
          }),
        });
        expect(posted.statusCode, posted.body).toBe(201);
      }
      await server.notifier.run();
      await server.notifier.run();
      await server.app.close();
      server = await serverOn(config);
      await server.notifier.run();

      const toOwners = (await smtp.waitFor(1)).filter((mail) =>
        (mail.to as { text: string }).text.includes(OWNERS),
      );
      expect(toOwners).toHaveLength(1);
      const alert = lowReviewAlert({
        rating: 2,
        jobRef: getRow<{ number: string }>(server.app.db, 'jobs', poor.id)!.number,
        customerName: 'Jo Smith',
        phone: '0412 345 678',
        comments: 'Rated 2: the truck came late.',
      });
      expect(toOwners[0]?.subject).toBe(alert.subject);
      expect(toOwners[0]?.text).toContain('Their phone: 0412 345 678');
      expect(
        server.app.db
          .prepare("SELECT count(*) AS n FROM notifications WHERE event = 'staff_low_review'")
          .get(),
      ).toEqual({ n: 1 });
    },
  );

  it('lists every review with its job and the average, for admins only', async () => {
    const { app, admin } = await serverOn(testConfig());
    const first = insertJob(app, { status: 'Completed', progress: 100, email: null });
    const second = insertJob(app, { status: 'Completed', progress: 100, email: null });
    for (const [job, rating] of [
      [first, 4],
      [second, 5],
    ] as const) {
      await app.inject({
        method: 'POST',
        url: '/api/feedback',
        payload: feedbackBody(job.id, { rating }),
      });
    }
    const listed = await signedIn(app, admin).get('/api/feedback');
    expect(listed.statusCode).toBe(200);
    const body = listed.json() as { reviews: StaffReview[]; count: number; average: number };
    expect(body.count).toBe(2);
    expect(body.average).toBe(4.5);
    expect(body.reviews.map((review) => [review.rating, review.job?.customerName])).toEqual([
      [5, 'Jo Smith'],
      [4, 'Jo Smith'],
    ]);
    expect(body.reviews[1]?.job?.number).toBe(
      getRow<{ number: string }>(app.db, 'jobs', first.id)!.number,
    );

    expect((await app.inject({ method: 'GET', url: '/api/feedback' })).statusCode).toBe(401);
    const customer = await registerCustomer(app);
    expect((await signedIn(app, customer).get('/api/feedback')).statusCode).toBe(403);
  });

  it("emails an owner's answer to the customer and keeps it with the review", async () => {
    const smtp = await startSmtp();
    const { app, admin } = await serverOn(
      testConfig({ SMTP_URL: smtp.url, BUSINESS_EMAIL: OWNERS }),
    );
    const job = insertJob(app, { status: 'Completed', progress: 100 });
    const number = getRow<{ number: string }>(app.db, 'jobs', job.id)!.number;
    const posted = await app.inject({
      method: 'POST',
      url: '/api/feedback',
      payload: feedbackBody(job.id, { rating: 3 }),
    });
    const { feedback } = posted.json() as { feedback: Feedback };
    const answer = await signedIn(app, admin).post(`/api/feedback/${feedback.id}/reply`, {
      text: 'Sorry about the wait; the next tow is on us.',
    });
    expect(answer.statusCode, answer.body).toBe(200);
    const mails = await smtp.waitFor(1);
    const reply = mails.find(
      (mail) => (mail.to as { text: string }).text === 'jo.smith@example.com',
    );
    expect(reply?.subject).toBe(`Re: your review of job ${number} with Pilbara Towing & Recovery`);
    expect(reply?.text).toContain('Sorry about the wait; the next tow is on us.');
    expect(getRow<Feedback>(app.db, 'feedback', feedback.id)?.replies).toEqual([
      expect.objectContaining({
        by: 'Admin',
        status: 'sent',
        text: 'Sorry about the wait; the next tow is on us.',
      }),
    ]);
  });
});
