import { describe, expect, it } from 'vitest';
import { MESSAGES, bookingSchema } from '@pilbara/shared-schema';
import { buildTestApp, snapshotDatabase } from '../helper';
import { bookingBody } from '../fixtures';
import { onChanges, pullChanges } from '../../src/db/change-log';

// 2026-11-21 10:00 in Perth.
const now = () => new Date('2026-11-21T02:00:00Z');

describe('POST /api/bookings', () => {
  it('stores a pending booking with a server-minted id', async () => {
    const app = await buildTestApp({ now });
    const response = await app.inject({
      method: 'POST',
      url: '/api/bookings',
      payload: bookingBody(),
    });
    expect(response.statusCode).toBe(201);
    const { booking } = response.json();
    expect(bookingSchema.parse(booking)).toBeTruthy();
    expect(booking).toMatchObject({
      id: 'BKG-2026-1',
      status: 'pending',
      customerName: 'Chris Evans',
      vehicleDetails: null,
      createdAt: '2026-11-21T02:00:00.000Z',
    });
    const second = await app.inject({
      method: 'POST',
      url: '/api/bookings',
      payload: bookingBody(),
    });
    expect(second.json().booking.id).toBe('BKG-2026-2');
  });

  it('mints the id and tracking token itself, ignoring any id the guest sends', async () => {
    const app = await buildTestApp({ now });
    const payload = bookingBody({ id: 'BKG-2026-501', vehicleDetails: 'Hilux' });
    const response = await app.inject({ method: 'POST', url: '/api/bookings', payload });
    expect(response.statusCode).toBe(201);
    const body = response.json();
    expect(body).toMatchObject({ success: true, id: 'BKG-2026-1' });
    expect(body.trackingToken).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(body.booking).toMatchObject({
      id: 'BKG-2026-1',
      vehicleDetails: 'Hilux',
      trackingToken: body.trackingToken,
    });
    const again = await app.inject({ method: 'POST', url: '/api/bookings', payload });
    expect(again.statusCode).toBe(201);
    expect(again.json().id).toBe('BKG-2026-2');
    expect(again.json().trackingToken).not.toBe(body.trackingToken);
  });

  it('ignores a status the caller tries to set', async () => {
    const app = await buildTestApp({ now });
    const response = await app.inject({
      method: 'POST',
      url: '/api/bookings',
      payload: bookingBody({ status: 'approved' }),
    });
    expect(response.json().booking.status).toBe('pending');
  });

  it('accepts today (Perth) and refuses yesterday', async () => {
    const app = await buildTestApp({ now });
    const today = await app.inject({
      method: 'POST',
      url: '/api/bookings',
      payload: bookingBody({ preferredDate: '2026-11-21' }),
    });
    expect(today.statusCode).toBe(201);
    const yesterday = await app.inject({
      method: 'POST',
      url: '/api/bookings',
      payload: bookingBody({ preferredDate: '2026-11-20' }),
    });
    expect(yesterday.statusCode).toBe(400);
    expect(yesterday.json().fields.preferredDate).toBe(MESSAGES.PREFERRED_DATE_PAST);
  });

  it.each([
    [{ customerName: 'A' }, 'customerName', MESSAGES.NAME_MIN],
    [{ phone: '123' }, 'phone', MESSAGES.PHONE_INVALID],
    [{ email: 'bad' }, 'email', MESSAGES.EMAIL_INVALID],
    [{ service: '' }, 'service', MESSAGES.SERVICE_SELECT],
    [{ location: 'Road' }, 'location', MESSAGES.LOCATION_DETAILED],
    [{ preferredDate: '' }, 'preferredDate', MESSAGES.PREFERRED_DATE_REQUIRED],
    [{ preferredTime: '' }, 'preferredTime', MESSAGES.PREFERRED_TIME_REQUIRED],
    [{ urgency: 'whenever' }, 'urgency', MESSAGES.URGENCY_INVALID],
    [{ description: 'short' }, 'description', MESSAGES.DESCRIPTION_DETAILS],
    [{ phone: '2026-11-21 10:00' }, 'phone', MESSAGES.PHONE_INVALID],
    [{ preferredDate: '2027-02-30' }, 'preferredDate', MESSAGES.PREFERRED_DATE_REQUIRED],
    [{ preferredDate: '2026-11-22T00:00:00Z' }, 'preferredDate', MESSAGES.PREFERRED_DATE_REQUIRED],
    [{ preferredDate: '2027-11-22' }, 'preferredDate', MESSAGES.PREFERRED_DATE_TOO_FAR],
  ])('rejects %j with the %s message and writes nothing', async (override, field, message) => {
    const app = await buildTestApp({ now });
    const before = snapshotDatabase(app);
    const response = await app.inject({
      method: 'POST',
      url: '/api/bookings',
      payload: bookingBody(override),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().fields).toHaveProperty(field);
    if (message) expect(response.json().fields[field]).toBe(message);
    expect(snapshotDatabase(app)).toEqual(before);
  });

  it('reaches staff devices at once: logged for sync and connected devices poked', async () => {
    const app = await buildTestApp({ now });
    let pokes = 0;
    onChanges(app.db, () => (pokes += 1));
    const response = await app.inject({
      method: 'POST',
      url: '/api/bookings',
      payload: bookingBody(),
    });
    expect(response.statusCode).toBe(201);
    const page = pullChanges(app.db, 0, 100);
    const logged = page.changes.filter((c) => c.entity === 'bookings');
    expect(logged).toHaveLength(1);
    expect(logged[0]).toMatchObject({
      op: 'put',
      rowId: 'BKG-2026-1',
      data: { status: 'pending' },
    });
    expect(pokes).toBe(1);
  });
});
