/**
 * A new device's first download (docs/new-device.md): a snapshot at a log position, sent in
 * bounded pages, the first screen's rows first and then history newest first down to the
 * role's window, resumable page by page, then the log from that position.
 */
import { describe, expect, it } from 'vitest';
import {
  MAX_SNAPSHOT_PAGE,
  PROTOCOL_VERSION,
  SNAPSHOT_PROTOCOL_VERSION,
  type ChangeEntry,
  type ChangesMessage,
} from '@pilbara/shared-schema';
import { buildTestApp, login, seedRow, type TestApp } from '../helper';
import { inTransaction } from '../../src/db/connection';
import { DRIVER, seedStaffData } from '../staff/fixtures';

const NOW = new Date('2026-11-21T10:00:00.000Z');
const DAY = 86_400_000;
/** Days back of each seeded finished job (one a day, for 200 days). */
const DAYS = 200;

const ago = (days: number) => new Date(NOW.getTime() - days * DAY).toISOString();

/** A depot with 200 days of finished jobs and their history, every third one Sam's. */
function seedHistory(app: TestApp): void {
  inTransaction(app.db, () => {
    for (let d = 1; d <= DAYS; d++) {
      const id = `JOB-2026-${1000 + d}`;
      const sams = d % 3 === 0;
      seedRow(
        app.db,
        'jobs',
        {
          id,
          customerName: `Customer ${d}`,
          phone: '0411222333',
          service: 'Emergency Towing',
          location: 'Karratha',
          status: 'Completed',
          progress: 100,
          assignedTo: sams ? DRIVER.name : 'Alex Morgan',
          assignedDriverId: sams ? DRIVER.id : null,
          createdAt: ago(d),
          updatedAt: ago(d),
        },
        ago(d),
      );
      for (const [n, message] of [
        [0, 'On site'],
        [1, 'Job completed'],
      ] as const) {
        seedRow(
          app.db,
          'job_updates',
          { id: 5000 + 2 * d + n, jobId: id, message, status: 'Completed', createdAt: ago(d) },
          ago(d),
        );
      }
    }
    // An open job from half a year ago: on the first screen whatever its age.
    seedRow(
      app.db,
      'jobs',
      {
        id: 'JOB-2026-999',
        customerName: 'Long haul',
        phone: '0411222333',
        service: '4x4 Recovery',
        location: 'Pannawonica',
        status: 'In Progress',
        progress: 50,
        assignedTo: DRIVER.name,
        assignedDriverId: DRIVER.id,
        createdAt: ago(180),
        updatedAt: ago(180),
      },
      ago(180),
    );
    seedRow(
      app.db,
      'job_updates',
      {
        id: 4999,
        jobId: 'JOB-2026-999',
        message: 'On site',
        status: 'In Progress',
        createdAt: ago(180),
      },
      ago(180),
    );
  });
}

async function depot() {
  const app = await buildTestApp({ now: () => NOW });
  seedStaffData(app);
  seedHistory(app);
  return { app, admin: await login(app), driver: await login(app, DRIVER) };
}

type Page = ChangesMessage;

/** A new device's whole snapshot over HTTP, page by page, with what each page carried. */
async function takeSnapshot(
  app: TestApp,
  cookie: string,
  clientId: string,
  { historyDays, stopAfter }: { historyDays?: number | null; stopAfter?: number } = {},
): Promise<Page[]> {
  const hello = await app.inject({
    method: 'POST',
    url: '/api/sync/hello',
    headers: { cookie },
    payload: {
      protocolVersion: PROTOCOL_VERSION,
      schemaVersion: 1,
      clientId,
      cursor: 0,
      ackedSeq: 0,
      ...(historyDays !== undefined ? { historyDays } : {}),
    },
  });
  expect(hello.statusCode).toBe(200);
  const pages: Page[] = [hello.json() as Page];
  return continueSnapshot(app, cookie, clientId, pages, { historyDays, stopAfter });
}

async function continueSnapshot(
  app: TestApp,
  cookie: string,
  clientId: string,
  pages: Page[],
  { historyDays, stopAfter }: { historyDays?: number | null; stopAfter?: number } = {},
): Promise<Page[]> {
  for (;;) {
    const last = pages[pages.length - 1] as Page;
    if (!last.snapshot?.next || (stopAfter !== undefined && pages.length >= stopAfter)) {
      return pages;
    }
    const query = new URLSearchParams({
      clientId,
      cursor: String(last.cursor),
      ackedSeq: '0',
      snapshotHead: String(last.snapshot.head),
      snapshotNext: last.snapshot.next,
    });
    if (historyDays !== undefined) query.set('historyDays', String(historyDays ?? 'all'));
    const pulled = await app.inject({
      method: 'GET',
      url: `/api/sync/pull?${query.toString()}`,
      headers: { cookie },
    });
    expect(pulled.statusCode, pulled.body).toBe(200);
    pages.push(pulled.json() as Page);
  }
}

/** A job of {@link seedHistory}'s finished ones (numbered from 1001). */
const seeded = (change: ChangeEntry) => Number(String(change.rowId).split('-')[2]) > 1000;

const key = (change: ChangeEntry) => `${change.entity}:${String(change.rowId)}`;
const rowsOf = (pages: Page[]) => pages.flatMap((page) => page.changes);

/** When a history row last changed, as the test seeded it. */
const when = (change: ChangeEntry) =>
  String(change.data?.updatedAt ?? change.data?.createdAt ?? change.data?.dateTime ?? '');

describe("a new device's snapshot", () => {
  it('sends the first screen first, then history newest first, in bounded pages', async () => {
    const { app, admin } = await depot();
    // Enough pages to see the bound: a small page size would hide nothing here.
    const pages = await takeSnapshot(app, admin, 'owner-phone');
    const rows = rowsOf(pages);
    for (const page of pages) expect(page.changes.length).toBeLessThanOrEqual(MAX_SNAPSHOT_PAGE);
    expect(pages.length).toBeGreaterThan(1);
    // Every page but the last leaves the cursor at 0 and says more is coming.
    for (const page of pages.slice(0, -1)) {
      expect(page).toMatchObject({ cursor: 0, hasMore: true, results: [] });
    }
    const last = pages[pages.length - 1] as Page;
    expect(last.snapshot?.next).toBeNull();
    expect(last.cursor).toBe(last.snapshot?.head);
    expect(last.cursor).toBeGreaterThan(0);

    // No row twice.
    expect(new Set(rows.map(key)).size).toBe(rows.length);
    const at = (k: string) => rows.findIndex((change) => key(change) === k);
    // The open job of half a year ago and its history come before any finished job.
    const open = at('jobs:JOB-2026-999');
    expect(open).toBeGreaterThanOrEqual(0);
    expect(at('job_updates:4999')).toBeGreaterThan(open);
    const firstHistory = rows.findIndex(
      (change) => change.entity === 'jobs' && String(change.data?.status) === 'Completed',
    );
    expect(firstHistory).toBeGreaterThan(at('job_updates:4999'));
    // The fleet and the pending bookings are on the first screen too.
    expect(at('bookings:BKG-2026-1')).toBeLessThan(firstHistory);
    const vehicles = rows.filter((change) => change.entity === 'vehicles');
    expect(vehicles.length).toBeGreaterThan(0);
    for (const vehicle of vehicles) expect(at(key(vehicle))).toBeLessThan(firstHistory);

    // History: newest first, and an owner keeps 90 days by default.
    const history = rows
      .slice(firstHistory)
      .filter(
        (change) =>
          change.entity === 'jobs' && change.data?.status === 'Completed' && seeded(change),
      );
    const times = history.map(when);
    expect(times).toEqual([...times].sort().reverse());
    expect(history.length).toBe(90);
    expect(history.every((job) => when(job) >= ago(90))).toBe(true);
    expect(rows.some((change) => key(change) === 'jobs:JOB-2026-1091')).toBe(false);
  });

  it("keeps a driver's fortnight of their own jobs, and what staff chose for an owner", async () => {
    const { app, admin, driver } = await depot();
    const driverRows = rowsOf(await takeSnapshot(app, driver, 'sams-phone'));
    const jobs = driverRows.filter((change) => change.entity === 'jobs');
    const finished = jobs.filter((job) => job.data?.status === 'Completed' && seeded(job));
    // Sam's finished jobs of the last 14 days (every third day), and nobody else's.
    expect(finished.map((job) => String(job.rowId)).sort()).toEqual(
      ['JOB-2026-1003', 'JOB-2026-1006', 'JOB-2026-1009', 'JOB-2026-1012'].sort(),
    );
    expect(jobs.map((job) => String(job.rowId))).toContain('JOB-2026-999');
    expect(driverRows.some((change) => change.entity === 'quotes')).toBe(false);
    // A driver asking for everything gets what a driver may keep: 90 days.
    const asked = rowsOf(await takeSnapshot(app, driver, 'sams-tablet', { historyDays: null }));
    const oldest = asked
      .filter((change) => change.entity === 'jobs' && change.data?.status === 'Completed')
      .map(when)
      .sort()[0];
    expect(oldest && oldest >= ago(90)).toBe(true);

    const everything = rowsOf(await takeSnapshot(app, admin, 'office-pc', { historyDays: null }));
    const all = everything.filter(
      (change) => change.entity === 'jobs' && change.data?.status === 'Completed' && seeded(change),
    );
    expect(all.length).toBe(DAYS);
  });

  it('spends no page on rows no device keeps: lapsed quotes, tables the role never gets', async () => {
    const { app, admin, driver } = await depot();
    // Years of quotes sent and never answered, long lapsed, and two still open.
    inTransaction(app.db, () => {
      for (let i = 1; i <= 9000; i++) {
        seedRow(
          app.db,
          'quotes',
          {
            id: `Q-2025-${i}`,
            customerName: `Quote customer ${i}`,
            customerPhone: '0412345678',
            service: 'Emergency Towing',
            fromLocation: 'Karratha',
            toLocation: 'Dampier',
            items: [],
            status: 'sent',
            validUntil: ago(400).slice(0, 10),
            createdAt: ago(430),
            updatedAt: ago(430),
          },
          ago(430),
        );
      }
      for (const [id, validUntil] of [
        ['Q-2025-open', new Date(NOW.getTime() + 10 * DAY).toISOString().slice(0, 10)],
        ['Q-2025-open-ended', null],
      ] as const) {
        seedRow(
          app.db,
          'quotes',
          {
            id,
            customerName: 'Still deciding',
            customerPhone: '0412345678',
            service: '4x4 Recovery',
            fromLocation: 'Karratha',
            toLocation: 'Roebourne',
            items: [],
            status: 'sent',
            validUntil,
            createdAt: ago(300),
            updatedAt: ago(300),
          },
          ago(300),
        );
      }
    });
    for (const [cookie, device] of [
      [admin, 'office-pc'],
      [driver, 'sams-phone'],
    ] as const) {
      const pages = await takeSnapshot(app, cookie, device);
      expect(
        pages.map((page) => page.changes.length),
        device,
      ).not.toContain(0);
      const quotes = rowsOf(pages).filter(
        (change) => change.entity === 'quotes' && String(change.rowId).startsWith('Q-2025-'),
      );
      expect(quotes.map((quote) => String(quote.rowId)).sort(), device).toEqual(
        device === 'office-pc' ? ['Q-2025-open', 'Q-2025-open-ended'] : [],
      );
    }
  }, 120_000);

  it('resumes where a lost link stopped, and the log brings what changed meanwhile', async () => {
    const { app, admin } = await depot();
    const started = await takeSnapshot(app, admin, 'owner-phone', { stopAfter: 1 });
    const head = started[0]?.snapshot?.head as number;
    expect(started[0]?.snapshot?.next).toBeTruthy();
    // Meanwhile someone edits a finished job of the window the snapshot has not reached yet.
    const received = new Set(rowsOf(started).map(key));
    const day = [...Array(89).keys()]
      .map((d) => d + 1)
      .reverse()
      .find((d) => !received.has(`jobs:JOB-2026-${1000 + d}`)) as number;
    expect(day).toBeGreaterThan(0);
    const edited = `JOB-2026-${1000 + day}`;
    inTransaction(app.db, () => {
      seedRow(
        app.db,
        'jobs',
        {
          id: edited,
          customerName: 'Customer, corrected',
          phone: '0411222333',
          service: 'Emergency Towing',
          location: 'Karratha',
          status: 'Completed',
          progress: 100,
          assignedTo: 'Alex Morgan',
          createdAt: ago(day),
          updatedAt: NOW.toISOString(),
        },
        NOW.toISOString(),
      );
    });
    // The link comes back: the device goes on from the page it stored.
    const pages = await continueSnapshot(app, admin, 'owner-phone', started);
    const rows = rowsOf(pages);
    expect(new Set(rows.map(key)).size).toBe(rows.length);
    // The snapshot is as the log stood at its head: the edited row is left to the log.
    expect(rows.some((change) => key(change) === `jobs:${edited}`)).toBe(false);
    const last = pages[pages.length - 1] as Page;
    expect(last).toMatchObject({ cursor: head, hasMore: true });
    const query = new URLSearchParams({ clientId: 'owner-phone', cursor: String(head) });
    const log = await app.inject({
      method: 'GET',
      url: `/api/sync/pull?${query.toString()}`,
      headers: { cookie: admin },
    });
    const after = log.json() as Page;
    expect(after.changes.map(key)).toEqual([`jobs:${edited}`]);
    expect(after.changes[0]?.data?.customerName).toBe('Customer, corrected');
  });

  it('still sends the whole log to a device of an older protocol', async () => {
    const { app, admin } = await depot();
    const hello = await app.inject({
      method: 'POST',
      url: '/api/sync/hello',
      headers: { cookie: admin },
      payload: {
        protocolVersion: SNAPSHOT_PROTOCOL_VERSION - 1,
        schemaVersion: 1,
        clientId: 'old-phone',
        cursor: 0,
        ackedSeq: 0,
      },
    });
    const page = hello.json() as Page;
    expect(page.snapshot).toBeUndefined();
    expect(page.changes.some((change) => key(change) === 'jobs:JOB-2026-1200')).toBe(true);
  });
});
