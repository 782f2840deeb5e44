// @vitest-environment node
/**
 * The field record's bytes on the device: kept in the same transaction as the
 * mutation that records them, and the full-size copy dropped only once the server's
 * stored_files lists the same hash (the thumbnail stays).
 */
import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { checklistFor } from '@pilbara/shared-schema';
import { aNewVehicleRow } from '@pilbara/shared-schema/testing';
import type { PilbaraDatabase } from '../db/database';
import { freshDb } from './testing/fresh-db';
import type { LocalFieldFile } from '../db/schema';
import { dropConfirmedCopies } from './field-files';
import { mutateLocal } from './local-store';

const HASH = 'a'.repeat(64);
const PHOTO_ID = '1b9d6bcd-bbfd-4b2d-9b5d-ab8dfbbd4bed';

function photoArgs(jobId: string) {
  return {
    id: PHOTO_ID,
    jobId,
    stage: 'pickup',
    takenAt: '2026-11-21T02:05:00.000Z',
    latitude: null,
    longitude: null,
    accuracy: null,
    positionNote: 'denied',
    contentHash: HASH,
    size: 4,
    width: 1600,
    height: 1200,
    mimeType: 'image/jpeg',
  };
}

function localFile(jobId: string): LocalFieldFile {
  return {
    id: PHOTO_ID,
    kind: 'photo',
    jobId,
    contentHash: HASH,
    mimeType: 'image/jpeg',
    full: new Uint8Array([1, 2, 3, 4]).buffer,
    thumb: new Uint8Array([9]).buffer,
    size: 4,
    createdAt: '2026-11-21T02:05:00.000Z',
    uploadedAt: null,
    lastError: null,
  };
}

async function withJob(db: PilbaraDatabase, id = 'JOB-2026-1'): Promise<string> {
  const created = await mutateLocal(db, 'job.create', {
    id,
    updateId: 10,
    customerName: 'Dana Reid',
    phone: '0412345678',
    service: 'Emergency Towing',
    location: 'Karratha',
  });
  expect(created.ok).toBe(true);
  return id;
}

describe('a photo taken on the device', () => {
  it('is recorded and its bytes kept in one commit', async () => {
    const db = freshDb();
    const jobId = await withJob(db);
    const result = await mutateLocal(db, 'photo.add', photoArgs(jobId), undefined, [
      localFile(jobId),
    ]);
    expect(result.ok).toBe(true);
    expect(await db.job_photos.get(PHOTO_ID)).toMatchObject({ jobId, contentHash: HASH });
    expect(await db.outbox.where('seq').equals(2).first()).toMatchObject({ name: 'photo.add' });
    expect((await db.fieldFiles.get(PHOTO_ID))?.full?.byteLength).toBe(4);
  });

  it('keeps no bytes when the mutation is refused', async () => {
    const db = freshDb();
    const result = await mutateLocal(db, 'photo.add', photoArgs('JOB-2026-404'), undefined, [
      localFile('JOB-2026-404'),
    ]);
    expect(result).toMatchObject({ ok: false, code: 'not_found' });
    expect(await db.fieldFiles.count()).toBe(0);
    expect(await db.outbox.count()).toBe(0);
  });

  it('keeps its full copy until stored_files lists its hash and a week after, then only the thumbnail', async () => {
    const db = freshDb();
    const jobId = await withJob(db);
    await mutateLocal(db, 'photo.add', photoArgs(jobId), undefined, [localFile(jobId)]);
    // Another file's confirmation does not count.
    await db.stored_files.put({ id: 'b'.repeat(64), size: 4, mimeType: 'image/jpeg' });
    expect(await dropConfirmedCopies(db)).toBe(0);
    expect((await db.fieldFiles.get(PHOTO_ID))?.full).not.toBeNull();

    await db.stored_files.put({ id: HASH, size: 4, mimeType: 'image/jpeg' });
    const now = () => new Date('2026-11-21T03:00:00.000Z');
    expect(await dropConfirmedCopies(db, now)).toBe(1);
    const confirmed = await db.fieldFiles.get(PHOTO_ID);
    expect(confirmed?.uploadedAt).toBe('2026-11-21T03:00:00.000Z');
    // Kept a week more, for a server restored from a backup older than the upload.
    expect(confirmed?.full).not.toBeNull();
    await dropConfirmedCopies(db, () => new Date('2026-11-27T03:00:00.000Z'));
    expect((await db.fieldFiles.get(PHOTO_ID))?.full).not.toBeNull();
    await dropConfirmedCopies(db, () => new Date('2026-11-28T03:00:01.000Z'));
    const kept = await db.fieldFiles.get(PHOTO_ID);
    expect(kept?.full).toBeNull();
    expect(kept?.thumb.byteLength).toBe(1);
    expect(kept?.uploadedAt).toBe('2026-11-21T03:00:00.000Z');
  });
});

describe('the photo of a failed pre-start item', () => {
  async function withTruck(db: PilbaraDatabase): Promise<number> {
    const truck = aNewVehicleRow({
      vin: null,
      createdAt: '2026-11-20T00:00:00.000Z',
      updatedAt: '2026-11-20T00:00:00.000Z',
    });
    // As a sync page leaves it: the server's row and the visible one.
    await db.confirmed('vehicles').put(truck);
    await db.vehicles.put(truck);
    return truck.id;
  }

  function checkArgs(vehicleId: number, defectId: number) {
    return {
      id: 40,
      vehicleId,
      checkedAt: '2026-11-21T01:00:00.000Z',
      checkedByName: 'Kim Driver',
      odometer: 50_100,
      items: checklistFor('Heavy Recovery').map((item) =>
        item.key === 'brakes'
          ? {
              key: item.key,
              result: 'fail',
              note: 'Leaking',
              defectId,
              photos: [
                { contentHash: HASH, size: 4, width: 800, height: 600, mimeType: 'image/jpeg' },
              ],
            }
          : { key: item.key, result: 'pass' },
      ),
      latitude: null,
      longitude: null,
      accuracy: null,
      positionNote: 'denied',
    };
  }

  function defectFile(defectId: number): LocalFieldFile {
    return {
      ...localFile('unused'),
      id: `defect:${defectId}:${HASH}`,
      kind: 'defect-photo',
      defectId,
    } as LocalFieldFile;
  }

  it('is kept with the check in one commit, under its defect, and never without it', async () => {
    const db = freshDb();
    const vehicleId = await withTruck(db);
    const kept = await mutateLocal(db, 'prestart.submit', checkArgs(vehicleId, 41), undefined, [
      defectFile(41),
    ]);
    expect(kept).toMatchObject({ ok: true });
    expect(await db.vehicle_defects.get(41)).toMatchObject({ photos: [{ contentHash: HASH }] });
    expect(await db.fieldFiles.get(`defect:41:${HASH}`)).toMatchObject({
      kind: 'defect-photo',
      defectId: 41,
    });

    // The same check again is refused (its id exists): no second copy of the bytes.
    const again = await mutateLocal(db, 'prestart.submit', checkArgs(vehicleId, 42), undefined, [
      defectFile(42),
    ]);
    expect(again).toMatchObject({ ok: false, code: 'conflict' });
    expect(await db.fieldFiles.count()).toBe(1);
  });
});
