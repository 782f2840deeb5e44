import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { freshDb } from './testing/fresh-db';
import { META, mutateLocal } from './local-store';
import {
  DEVICE_MARKER_KEY,
  OFFLINE_DATA_META,
  askPersistenceOnce,
  detectClearedData,
  readDeviceMarker,
  readPersistence,
  rememberDevice,
} from './offline-data';

const job = (n: number) => ({
  id: `JOB-2026-${n}`,
  updateId: n * 10,
  customerName: 'Dana Reid',
  phone: '0412345678',
  service: 'Emergency Towing',
  location: 'Karratha',
});

/** A browser's StorageManager: `persist` answers `grants`; `persisted` what was granted. */
function stubStorage(grants: boolean | 'missing') {
  let granted = false;
  const persist = vi.fn(async () => {
    granted = grants === true;
    return granted;
  });
  const storage = grants === 'missing' ? {} : { persist, persisted: vi.fn(async () => granted) };
  vi.stubGlobal('navigator', { ...navigator, storage });
  return persist;
}

beforeEach(() => localStorage.clear());

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('noticing that the browser cleared the offline data', () => {
  it('remembers the device id and what waits to be sent', async () => {
    const db = freshDb();
    await db.meta.put({ key: META.clientId, value: 'device-1' });
    const saved = await mutateLocal(db, 'job.create', job(1));
    expect(saved.ok).toBe(true);
    await rememberDevice(db);
    expect(readDeviceMarker()).toEqual({ clientId: 'device-1', pending: ['job.create'] });
  });

  it('finds nothing on a first start, or when the data is still there', async () => {
    const db = freshDb();
    expect(await detectClearedData(db)).toBeNull();
    await db.meta.put({ key: META.clientId, value: 'device-1' });
    await rememberDevice(db);
    expect(await detectClearedData(db)).toBeNull();
    expect(readDeviceMarker()?.clientId).toBe('device-1');
  });

  it('names the unsent changes when the data is gone but the marker is not', async () => {
    const before = freshDb();
    await before.meta.put({ key: META.clientId, value: 'device-1' });
    await mutateLocal(before, 'job.create', job(1));
    await mutateLocal(before, 'job.markEnRoute', { id: 'JOB-2026-1', updateId: 11 });
    await rememberDevice(before);
    // The browser clears IndexedDB (WebKit after days unused); localStorage keeps the marker.
    before.close();
    await before.delete();

    const after = freshDb();
    const notice = await detectClearedData(after, () => new Date('2026-11-27T01:00:00Z'));
    expect(notice).toEqual({
      at: '2026-11-27T01:00:00.000Z',
      lostMutations: ['job.create', 'job.markEnRoute'],
    });
    expect((await after.meta.get(OFFLINE_DATA_META.cleared))?.value).toEqual(notice);
    // Told once: the marker goes, and the next start finds nothing.
    expect(localStorage.getItem(DEVICE_MARKER_KEY)).toBeNull();
    expect(await detectClearedData(after)).toBeNull();
  });
});

describe('asking the browser to keep the data', () => {
  it('reads the promise without asking, and asks once when there is unsent work', async () => {
    const persist = stubStorage(true);
    const db = freshDb();
    expect(await readPersistence(db)).toBe('not-asked');
    expect(persist).not.toHaveBeenCalled();
    expect(await askPersistenceOnce(db)).toBe('granted');
    expect(await askPersistenceOnce(db)).toBe('granted');
    expect(persist).toHaveBeenCalledTimes(1);
    expect(await readPersistence(db)).toBe('granted');
  });

  it('records a refusal and does not ask again', async () => {
    const persist = stubStorage(false);
    const db = freshDb();
    expect(await askPersistenceOnce(db)).toBe('refused');
    expect(await askPersistenceOnce(db)).toBe('refused');
    expect(persist).toHaveBeenCalledTimes(1);
    expect(await readPersistence(db)).toBe('refused');
    expect((await db.meta.get(OFFLINE_DATA_META.persistence))?.value).toMatchObject({
      promise: 'refused',
    });
  });

  it('reads a question still waiting for the person as no promise, not a refusal', async () => {
    // Firefox asks the person; until they answer, persist() does not settle.
    const persist = vi.fn(() => new Promise<boolean>(() => undefined));
    vi.stubGlobal('navigator', {
      ...navigator,
      storage: { persist, persisted: vi.fn(async () => false) },
    });
    const db = freshDb();
    void askPersistenceOnce(db, () => new Date('2026-11-27T01:00:00Z'));
    await vi.waitFor(() => expect(persist).toHaveBeenCalledTimes(1));
    expect(await readPersistence(db)).toBe('not-asked');
    expect((await db.meta.get(OFFLINE_DATA_META.persistence))?.value).toEqual({
      promise: 'not-asked',
      askedAt: '2026-11-27T01:00:00.000Z',
    });
    // Asked once: a new start does not ask again while the first question is open.
    expect(await askPersistenceOnce(db)).toBe('not-asked');
    expect(persist).toHaveBeenCalledTimes(1);
  });

  it('asks again once the app is installed, never once the browser agreed', async () => {
    const persist = stubStorage(false);
    const db = freshDb();
    expect(await askPersistenceOnce(db)).toBe('refused');
    expect(await askPersistenceOnce(db, undefined, { again: true })).toBe('refused');
    expect(persist).toHaveBeenCalledTimes(2);
    const granting = stubStorage(true);
    expect(await askPersistenceOnce(db, undefined, { again: true })).toBe('granted');
    expect(await askPersistenceOnce(db, undefined, { again: true })).toBe('granted');
    expect(granting).toHaveBeenCalledTimes(1);
  });

  it('says so when the browser has no way to ask', async () => {
    stubStorage('missing');
    const db = freshDb();
    expect(await askPersistenceOnce(db)).toBe('unsupported');
    expect(await readPersistence(db)).toBe('unsupported');
  });
});
