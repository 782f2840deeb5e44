import { describe, expect, it } from 'vitest';
import { buildTestApp, snapshotDatabase } from '../helper';
import { bookingBody, contactBody, feedbackBody, insertJob } from '../fixtures';
import { startSmtp } from '../smtp';

describe('Idempotency-Key on public writes', () => {
  it('replays the stored booking answer and books only once', async () => {
    const app = await buildTestApp();
    const headers = { 'idempotency-key': 'outbox-7f3a' };
    const first = await app.inject({
      method: 'POST',
      url: '/api/bookings',
      headers,
      payload: bookingBody(),
    });
    const snapshot = snapshotDatabase(app);
    const second = await app.inject({
      method: 'POST',
      url: '/api/bookings',
      headers,
      payload: bookingBody(),
    });
    expect(first.statusCode).toBe(201);
    expect(second.statusCode).toBe(201);
    expect(second.json()).toEqual(first.json());
    expect(snapshotDatabase(app)).toEqual(snapshot);
    expect(app.db.prepare('SELECT count(*) AS n FROM bookings').get()).toEqual({ n: 1 });
  });

  it('sends a contact message once however often it is retried', async () => {
    const smtp = await startSmtp();
    const app = await buildTestApp({ env: { SMTP_URL: smtp.url } });
    const headers = { 'idempotency-key': 'contact-1' };
    const answers = [];
    for (let i = 0; i < 3; i += 1) {
      answers.push(
        await app.inject({ method: 'POST', url: '/api/contact', headers, payload: contactBody() }),
      );
    }
    expect(new Set(answers.map((a) => a.body)).size).toBe(1);
    expect(app.db.prepare('SELECT count(*) AS n FROM contact_submissions').get()).toEqual({ n: 1 });
    expect(app.db.prepare('SELECT count(*) AS n FROM emails').get()).toEqual({ n: 1 });
    await smtp.waitFor(1);
    // Give a duplicate delivery the chance to show up before counting.
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(smtp.messages).toHaveLength(1);
  });

  it('replays feedback instead of answering 409 on a retry', async () => {
    const app = await buildTestApp();
    const job = insertJob(app, { status: 'Completed', progress: 100 });
    const headers = { 'idempotency-key': 'fb-1' };
    const first = await app.inject({
      method: 'POST',
      url: '/api/feedback',
      headers,
      payload: feedbackBody(job.id),
    });
    const retry = await app.inject({
      method: 'POST',
      url: '/api/feedback',
      headers,
      payload: feedbackBody(job.id),
    });
    expect(retry.statusCode).toBe(first.statusCode);
    expect(retry.json()).toEqual(first.json());
  });

  it('treats different keys as different submissions', async () => {
    const app = await buildTestApp();
    await app.inject({
      method: 'POST',
      url: '/api/bookings',
      headers: { 'idempotency-key': 'a' },
      payload: bookingBody(),
    });
    await app.inject({
      method: 'POST',
      url: '/api/bookings',
      headers: { 'idempotency-key': 'b' },
      payload: bookingBody(),
    });
    expect(app.db.prepare('SELECT count(*) AS n FROM bookings').get()).toEqual({ n: 2 });
  });

  it('keeps keys apart per route', async () => {
    const app = await buildTestApp();
    const headers = { 'idempotency-key': 'same' };
    await app.inject({ method: 'POST', url: '/api/bookings', headers, payload: bookingBody() });
    const contact = await app.inject({
      method: 'POST',
      url: '/api/contact',
      headers,
      payload: contactBody(),
    });
    expect(contact.json()).toMatchObject({ success: true, submission: { firstName: 'Hannah' } });
  });

  it('refuses a key reused for a different body with 422, writing nothing', async () => {
    const app = await buildTestApp();
    const headers = { 'idempotency-key': 'k1' };
    await app.inject({ method: 'POST', url: '/api/bookings', headers, payload: bookingBody() });
    const before = snapshotDatabase(app);
    const other = await app.inject({
      method: 'POST',
      url: '/api/bookings',
      headers,
      payload: bookingBody({ customerName: 'Someone Else' }),
    });
    expect(other.statusCode).toBe(422);
    expect(other.json().error).toMatch(/Idempotency-Key/);
    expect(snapshotDatabase(app)).toEqual(before);
  });

  it('does not remember a rejected request, so the fixed retry goes through', async () => {
    const app = await buildTestApp();
    const headers = { 'idempotency-key': 'k2' };
    const bad = await app.inject({
      method: 'POST',
      url: '/api/bookings',
      headers,
      payload: bookingBody({ phone: '1' }),
    });
    expect(bad.statusCode).toBe(400);
    expect(app.db.prepare('SELECT count(*) AS n FROM idempotency_keys').get()).toEqual({ n: 0 });
  });

  it('rejects a malformed key', async () => {
    const app = await buildTestApp();
    const response = await app.inject({
      method: 'POST',
      url: '/api/bookings',
      headers: { 'idempotency-key': 'x'.repeat(300) },
      payload: bookingBody(),
    });
    expect(response.statusCode).toBe(400);
    expect(app.db.prepare('SELECT count(*) AS n FROM bookings').get()).toEqual({ n: 0 });
  });

  it('replays a booking sent again the next day, when its date is no longer valid', async () => {
    let now = new Date('2026-11-21T02:00:00Z');
    const app = await buildTestApp({ now: () => now });
    const headers = { 'idempotency-key': 'outbox-stale' };
    const payload = bookingBody({ preferredDate: '2026-11-21' });
    const first = await app.inject({ method: 'POST', url: '/api/bookings', headers, payload });
    expect(first.statusCode).toBe(201);
    // The answer was lost; the outbox retries the next day, when 21 Nov is in the past.
    now = new Date('2026-11-22T02:00:00Z');
    const fresh = await app.inject({ method: 'POST', url: '/api/bookings', payload });
    expect(fresh.statusCode).toBe(400);
    const retry = await app.inject({ method: 'POST', url: '/api/bookings', headers, payload });
    expect(retry.statusCode).toBe(201);
    expect(retry.json()).toEqual(first.json());
    expect(app.db.prepare('SELECT count(*) AS n FROM bookings').get()).toEqual({ n: 1 });
  });
});
