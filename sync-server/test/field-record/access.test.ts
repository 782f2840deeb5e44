/**
 * Who sees what of the field record (docs/security.md): staff see every photo and
 * signature; a customer holding their tracking link sees their job's pickup and drop-off photos, in
 * copies without GPS metadata; nobody else sees anything, whatever address they try.
 */
import { MESSAGES } from '@pilbara/shared-schema';
import crypto from 'node:crypto';
import exifr from 'exifr';
import { describe, expect, it } from 'vitest';
import { buildTestApp, login, registerCustomer, type TestApp } from '../helper';
import {
  OTHER_JOB_ID,
  makeJpeg,
  makePng,
  recordPhoto,
  recordSignature,
  seedJobs,
  storeBytes,
} from './field-helper';

interface Scene {
  app: TestApp;
  admin: string;
  token: string;
  otherToken: string;
  pickup: string;
  dropoff: string;
  damage: string;
  onPhone: string;
  otherJobs: string;
  signature: string;
  pickupBytes: Buffer;
}

async function scene(): Promise<Scene> {
  const app = await buildTestApp();
  const { token, otherToken } = seedJobs(app);
  const pickupBytes = await makeJpeg({ gps: true, colour: '#aa3300' });
  const dropoffBytes = await makeJpeg({ gps: true, colour: '#33aa00' });
  const damageBytes = await makeJpeg({ colour: '#0033aa' });
  const otherBytes = await makeJpeg({ colour: '#999999' });
  const onPhoneBytes = await makeJpeg({ colour: '#123456' });
  const signatureBytes = await makePng();
  const pickup = recordPhoto(app, pickupBytes, { stage: 'pickup' });
  const dropoff = recordPhoto(app, dropoffBytes, { stage: 'dropoff' });
  const damage = recordPhoto(app, damageBytes, { stage: 'damage' });
  const onPhone = recordPhoto(app, onPhoneBytes, { stage: 'pickup' });
  const otherJobs = recordPhoto(app, otherBytes, { stage: 'pickup', jobId: OTHER_JOB_ID });
  const signature = recordSignature(app, signatureBytes);
  for (const bytes of [pickupBytes, dropoffBytes, damageBytes, otherBytes])
    await storeBytes(app, bytes);
  await storeBytes(app, signatureBytes, 'image/png');
  return {
    app,
    admin: await login(app),
    token,
    otherToken,
    pickup,
    dropoff,
    damage,
    onPhone,
    otherJobs,
    signature,
    pickupBytes,
  };
}

async function get(app: TestApp, url: string, cookie?: string) {
  return app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });
}

describe('staff', () => {
  it('see every photo of a job in each size, and its signatures', async () => {
    const s = await scene();
    for (const id of [s.pickup, s.dropoff, s.damage, s.otherJobs]) {
      for (const variant of ['thumb', 'medium', 'full']) {
        const response = await get(s.app, `/api/photos/${id}/${variant}`, s.admin);
        expect(response.statusCode, `${id} ${variant}`).toBe(200);
        expect(response.headers['content-type']).toBe('image/jpeg');
      }
    }
    const signature = await get(s.app, `/api/signatures/${s.signature}`, s.admin);
    expect(signature.statusCode).toBe(200);
    expect(signature.headers['content-type']).toBe('image/png');
    // The original keeps what the phone wrote, GPS included: nothing the business needs is lost.
    const original = await get(s.app, `/api/photos/${s.pickup}/full`, s.admin);
    expect(await exifr.gps(original.rawPayload)).toMatchObject({ latitude: expect.any(Number) });
  });

  it('are told a photo still on the phone has not been uploaded', async () => {
    const s = await scene();
    const response = await get(s.app, `/api/photos/${s.onPhone}/thumb`, s.admin);
    expect(response.statusCode).toBe(404);
    expect(response.json().error).toBe(
      'Not uploaded yet: the file is still on the phone that recorded it',
    );
  });
});

describe('anyone else on the staff addresses', () => {
  it('is refused: a guest 401, a customer 403 (the job sheet 404), an unknown id 404', async () => {
    const s = await scene();
    const customer = await registerCustomer(s.app);
    const urls = [
      `/api/photos/${s.pickup}/thumb`,
      `/api/photos/${s.pickup}/full`,
      `/api/signatures/${s.signature}`,
    ];
    for (const url of urls) {
      expect((await get(s.app, url)).statusCode, url).toBe(401);
      const asCustomer = await get(s.app, url, customer);
      expect(asCustomer.statusCode, url).toBe(403);
      expect(asCustomer.json().error).toBe(MESSAGES.JOB_FILES_FORBIDDEN);
    }
    // The job sheet's address is a job id anyone can count: "not yours" is "no such job".
    const sheet = '/api/jobs/JOB-2026-7/sheet.pdf';
    expect((await get(s.app, sheet)).statusCode).toBe(401);
    const asCustomer = await get(s.app, sheet, customer);
    expect(asCustomer.statusCode).toBe(404);
    expect(asCustomer.json().error).toBe(MESSAGES.JOB_NOT_FOUND);
    expect((await get(s.app, `/api/photos/${crypto.randomUUID()}/full`, s.admin)).statusCode).toBe(
      404,
    );
    // Ids are UUIDs, never counters: a number is not an address of anything.
    expect((await get(s.app, '/api/photos/1/full', s.admin)).statusCode).toBe(404);
  });
});

describe('a customer with their tracking link', () => {
  it('sees their pickup and drop-off photos, and no one else’s', async () => {
    const s = await scene();
    const list = await get(s.app, `/api/track/${s.token}/photos`);
    expect(list.statusCode).toBe(200);
    const photos = list.json().photos as { id: string; stage: string }[];
    expect(photos.map((photo) => [photo.id, photo.stage]).sort()).toEqual(
      [
        [s.pickup, 'pickup'],
        [s.dropoff, 'dropoff'],
      ].sort(),
    );
    // Stage and time only: no position, no staff details.
    expect(Object.keys(photos[0] ?? {}).sort()).toEqual([
      'height',
      'id',
      'stage',
      'takenAt',
      'width',
    ]);
    const other = await get(s.app, `/api/track/${s.otherToken}/photos`);
    expect((other.json().photos as { id: string }[]).map((photo) => photo.id)).toEqual([
      s.otherJobs,
    ]);
  });

  it('gets copies without GPS metadata', async () => {
    const s = await scene();
    for (const variant of ['thumb', 'full']) {
      const response = await get(s.app, `/api/track/${s.token}/photos/${s.pickup}/${variant}`);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('image/jpeg');
      expect(await exifr.gps(response.rawPayload)).toBeUndefined();
      expect(await exifr.parse(response.rawPayload)).toBeUndefined();
    }
    // The stored original did carry a position.
    expect(await exifr.gps(s.pickupBytes)).toMatchObject({ latitude: expect.any(Number) });
  });

  it('is refused every other photo with the same 404', async () => {
    const s = await scene();
    const refusedUrls = [
      `/api/track/${s.token}/photos/${s.damage}/full`,
      `/api/track/${s.token}/photos/${s.otherJobs}/full`,
      `/api/track/${s.otherToken}/photos/${s.pickup}/thumb`,
      `/api/track/${s.token}/photos/${s.onPhone}/thumb`,
      `/api/track/not-a-real-token-at-all-xx/photos/${s.pickup}/full`,
      `/api/track/${s.token}/photos/${crypto.randomUUID()}/full`,
      `/api/track/${s.token}/photos/${s.pickup}/original`,
    ];
    for (const url of refusedUrls) {
      const response = await get(s.app, url);
      expect(response.statusCode, url).toBe(404);
    }
    expect((await get(s.app, '/api/track/not-a-real-token-at-all-xx/photos')).statusCode).toBe(404);
  });
});
