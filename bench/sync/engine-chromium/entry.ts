/**
 * The page side of the in-browser engine benchmark (../engine-chromium.ts): the web app's own
 * `SyncEngine` and Dexie database on Chromium's IndexedDB, served by the bench server itself, so
 * the socket and the HTTP fallback reach it on the page's own origin with the browser's own
 * session cookie, as the installed app does.
 *
 * Three steps, so the driver measures the browser's CPU around the sync alone:
 * `window.queueDevice(count)` makes a fresh device with `count` queued fuel records,
 * `window.syncDevice({ transport, count })` syncs it and answers the times (engine-device.ts),
 * `window.dropDevice()` deletes its database.
 */
import type { PilbaraDatabase } from '../../../web/src/db/database';
import { httpConnector, socketConnector } from '../../../web/src/sync/transport';
import { queuedDevice, syncDevice, type DeviceRun } from '../engine-device';

declare global {
  interface Window {
    queueDevice: (count: number) => Promise<void>;
    syncDevice: (options: { transport: 'socket' | 'http'; count: number }) => Promise<DeviceRun>;
    dropDevice: () => Promise<void>;
  }
}

let device: PilbaraDatabase | null = null;

window.queueDevice = async (count) => {
  device = await queuedDevice(`bench-${Date.now()}`, count);
};

window.syncDevice = async ({ transport, count }) => {
  if (!device) throw new Error('no device queued');
  const origin = window.location.origin;
  return syncDevice(
    device,
    transport === 'socket' ? socketConnector(origin) : httpConnector(origin),
    count,
  );
};

window.dropDevice = async () => {
  device?.close();
  await device?.delete();
  device = null;
};
