/**
 * A driver signs in on a new phone to a server that holds months of their finished jobs: the
 * phone downloads a snapshot (docs/new-device.md) whose first rows are the day's work (their
 * open job and its history), then their history newest first, and keeps only a driver's
 * window of it (14 days): a job finished five days ago is on the phone, one finished forty days
 * ago is not.
 */
import Database from 'better-sqlite3';
import type { ChangeEntry } from '@pilbara/shared-schema';
import { expect, test } from '../fixtures/server';
import { openPhone } from '../page-models/app-shell';
import { DriverScreen } from '../page-models/driver';
import {
  addDriverWithJob,
  driverAccount,
  queryRows,
  uniqueCustomer,
} from '../page-models/test-data';

const DAY = 86_400_000;

/**
 * A finished job of `days` ago, written into the server's database as ten years of running
 * leave it: the row, and its entry in the change log dated when it last changed.
 */
function finishedJob(dbFile: string, template: Record<string, unknown>, id: string, days: number) {
  const at = new Date(Date.now() - days * DAY).toISOString();
  const row = {
    ...template,
    id,
    number: null,
    trackingToken: null,
    status: 'Completed',
    progress: 100,
    createdAt: at,
    updatedAt: at,
  };
  const db = new Database(dbFile, { fileMustExist: true });
  try {
    db.pragma('busy_timeout = 10000');
    const columns = Object.keys(row);
    db.transaction(() => {
      db.prepare(
        `INSERT INTO jobs (${columns.map((c) => `"${c}"`).join(', ')}) VALUES (${columns.map(() => '?').join(', ')})`,
      ).run(...columns.map((c) => (row as Record<string, unknown>)[c]));
      db.prepare(
        "INSERT INTO changes (entity, rowId, op, data, scope, createdAt) VALUES ('jobs', ?, 'put', ?, 'staff', ?)",
      ).run(id, JSON.stringify(row), at);
    })();
  } finally {
    db.close();
  }
}

test("a driver's new phone gets the day's work first and keeps a fortnight of history", async ({
  browser,
  baseURL,
  playwright,
  server,
}) => {
  test.setTimeout(180_000);
  const api = await playwright.request.newContext({ baseURL });
  const driver = driverAccount('Jo', 'newphone');
  const customer = uniqueCustomer('Newphone');
  const phone = await openPhone(browser, baseURL, { deviceScaleFactor: 1 });
  try {
    const open = await addDriverWithJob(api, driver, {
      customerName: customer.name,
      phone: customer.phone,
      service: 'Emergency Towing',
      location: 'Dampier Highway, Karratha',
    });
    const [template] = queryRows<Record<string, unknown>>(
      server.dbFile,
      'SELECT * FROM jobs WHERE id = ?',
      open.id,
    );
    if (!template) throw new Error('the open job is not in the database');
    const stamp = String(Date.now()).slice(-7);
    const recent = `JOB-2001-${stamp}1`;
    const old = `JOB-2001-${stamp}2`;
    finishedJob(server.dbFile, template, recent, 5);
    finishedJob(server.dbFile, template, old, 40);

    // Every row the phone receives, in the order it arrives.
    const received: ChangeEntry[] = [];
    const page = await phone.newPage();
    await page.addInitScript(() => localStorage.setItem('installCardDismissed', '1'));
    await page.routeWebSocket('**/api/sync/ws', (socket) => {
      const upstream = socket.connectToServer();
      upstream.onMessage((message) => {
        const parsed = JSON.parse(String(message)) as { type: string; changes?: ChangeEntry[] };
        if (parsed.type === 'changes') received.push(...(parsed.changes ?? []));
        socket.send(message);
      });
    });

    const screen = new DriverScreen(page);
    await screen.signIn(driver);
    await expect(screen.job(open.id)).toBeVisible({ timeout: 15_000 });
    await screen.waitSynced();

    const at = (entity: string, id: string) =>
      received.findIndex((change) => change.entity === entity && String(change.rowId) === id);
    const openAt = at('jobs', open.id);
    const openHistoryAt = received.findIndex(
      (change) => change.entity === 'job_updates' && change.data?.jobId === open.id,
    );
    const recentAt = at('jobs', recent);
    expect(openAt).toBeGreaterThanOrEqual(0);
    expect(openHistoryAt).toBeGreaterThan(openAt);
    // The day's work first, history after it.
    expect(recentAt).toBeGreaterThan(openHistoryAt);
    // A driver's phone keeps a fortnight: the job of forty days ago never came.
    expect(at('jobs', old)).toBe(-1);

    const onPhone = await page.evaluate(async () => {
      const db = await new Promise<IDBDatabase>((resolve, reject) => {
        const request = indexedDB.open('pilbara');
        request.onsuccess = () => resolve(request.result);
        request.onerror = () => reject(request.error);
      });
      const keys = await new Promise<IDBValidKey[]>((resolve, reject) => {
        const request = db.transaction('jobs').objectStore('jobs').getAllKeys();
        request.onsuccess = () => resolve(request.result);
        request.onerror = () => reject(request.error);
      });
      db.close();
      return keys.map(String);
    });
    expect(onPhone).toContain(open.id);
    expect(onPhone).toContain(recent);
    expect(onPhone).not.toContain(old);
  } finally {
    await phone.close();
    await api.dispose();
  }
});
