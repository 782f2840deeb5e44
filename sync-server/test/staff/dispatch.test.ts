/**
 * Dispatch on the server: where the map's tiles come from, the operator's own PMTiles file
 * served with range requests, drivers' shift records through the mutation path (their own
 * only), and a week of them as the payroll CSV.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEFAULT_MAP_STYLE_URL, MAP_PMTILES_PATH, mapConfigSchema } from '@pilbara/shared-schema';
import { findRows } from '../../src/db/rows';
import { buildTestApp, login, signedIn, syncCall, tempDir, type TestApp } from '../helper';
import { DRIVER, seedStaffData } from './fixtures';

describe('GET /api/map-config', () => {
  it('names the free default style when nothing is configured', async () => {
    const app = await buildTestApp();
    const body = mapConfigSchema.parse((await app.inject({ url: '/api/map-config' })).json());
    expect(body).toEqual({ kind: 'style', styleUrl: DEFAULT_MAP_STYLE_URL });
  });

  it('names a configured style, or the server’s own PMTiles file over a style', async () => {
    const styled = await buildTestApp({ env: { MAP_STYLE_URL: 'http://127.0.0.1:9/style.json' } });
    expect((await styled.inject({ url: '/api/map-config' })).json()).toEqual({
      kind: 'style',
      styleUrl: 'http://127.0.0.1:9/style.json',
    });
    const own = await buildTestApp({
      env: { MAP_PMTILES_FILE: '/nowhere/pilbara.pmtiles', MAP_STYLE_URL: 'http://127.0.0.1:9/s' },
    });
    expect((await own.inject({ url: '/api/map-config' })).json()).toEqual({
      kind: 'pmtiles',
      pmtilesUrl: MAP_PMTILES_PATH,
      glyphsUrl: null,
    });
  });
});

describe('GET /map/tiles.pmtiles', () => {
  function withFile() {
    const file = path.join(tempDir(), 'pilbara.pmtiles');
    fs.writeFileSync(file, Buffer.from(Array.from({ length: 200 }, (_, i) => i)));
    return buildTestApp({ env: { MAP_PMTILES_FILE: file } });
  }

  it('answers a byte range with 206 and just those bytes, as a PMTiles reader asks', async () => {
    const app = await withFile();
    const response = await app.inject({ url: MAP_PMTILES_PATH, headers: { range: 'bytes=10-19' } });
    expect(response.statusCode).toBe(206);
    expect(response.headers['content-range']).toBe('bytes 10-19/200');
    expect([...response.rawPayload]).toEqual([10, 11, 12, 13, 14, 15, 16, 17, 18, 19]);
    const tail = await app.inject({ url: MAP_PMTILES_PATH, headers: { range: 'bytes=-5' } });
    expect([...tail.rawPayload]).toEqual([195, 196, 197, 198, 199]);
  });

  it('answers the whole file without a range, and 416 for a range past its end', async () => {
    const app = await withFile();
    const whole = await app.inject({ url: MAP_PMTILES_PATH });
    expect(whole.statusCode).toBe(200);
    expect(whole.headers['accept-ranges']).toBe('bytes');
    expect(whole.rawPayload).toHaveLength(200);
    const past = await app.inject({ url: MAP_PMTILES_PATH, headers: { range: 'bytes=500-600' } });
    expect(past.statusCode).toBe(416);
  });

  it('is 404 when no file is set up', async () => {
    const app = await buildTestApp();
    expect((await app.inject({ url: MAP_PMTILES_PATH })).statusCode).toBe(404);
  });
});

async function recordShift(app: TestApp, cookie: string, events: [number, string, string][]) {
  const answer = await syncCall(app, cookie, 'push', {
    clientId: 'driver-phone',
    mutations: events.map(([id, kind, at], index) => ({
      seq: index + 1,
      mutationId: `driver-phone-${index + 1}`,
      name: 'shift.record',
      args: { id, kind, userName: DRIVER.name },
      createdAt: at,
    })),
  });
  expect(answer.statusCode).toBe(200);
  return (answer.json() as { results: { status: string }[] }).results;
}

describe('shift records and the timesheet CSV', () => {
  // Monday 7 December 2026 in Perth (UTC+8).
  const WEEK = [
    [1, 'shift_start', '2026-12-06T22:00:00.000Z'],
    [2, 'break_start', '2026-12-07T02:00:00.000Z'],
    [3, 'break_end', '2026-12-07T02:30:00.000Z'],
    [4, 'shift_end', '2026-12-07T06:15:00.000Z'],
  ] as [number, string, string][];

  async function setUp() {
    const app = await buildTestApp({ now: () => new Date('2026-12-10T00:00:00.000Z') });
    seedStaffData(app);
    return { app, admin: await login(app), driver: await login(app, DRIVER) };
  }

  it('keeps a driver’s records at the device’s time under their own account', async () => {
    const { app, driver } = await setUp();
    const results = await recordShift(app, driver, WEEK);
    expect(results.map((r) => r.status)).toEqual(['applied', 'applied', 'applied', 'applied']);
    const rows = findRows(app.db, 'driver_shift_events', { userId: DRIVER.id });
    expect(rows.map((row) => [row.kind, row.at])).toEqual(WEEK.map(([, kind, at]) => [kind, at]));
  });

  it('gives payroll the week with decimal hours, neutralising a cell that starts a formula', async () => {
    const { app, admin, driver } = await setUp();
    await recordShift(app, driver, WEEK);
    app.db.prepare("UPDATE users SET firstName = '=HYPERLINK(1)' WHERE id = ?").run(DRIVER.id);
    const response = await signedIn(app, admin).get(
      `/api/timesheet.csv?userId=${DRIVER.id}&week=2026-12-07`,
    );
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/csv/);
    const lines = response.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe('Driver,Date,Started,Finished,Work hours,Break hours');
    expect(lines[1]).toBe("'=HYPERLINK(1) Taylor,2026-12-07,06:00,14:15,7.75,0.50");
    expect(lines[2]).toBe("'=HYPERLINK(1) Taylor,Week of 2026-12-07,,,7.75,0.50");
  });

  it('lets a driver read their own week only, and refuses a week not starting on a Monday', async () => {
    const { app, driver } = await setUp();
    const own = await signedIn(app, driver).get(
      `/api/timesheet.csv?userId=${DRIVER.id}&week=2026-12-07`,
    );
    expect(own.statusCode).toBe(200);
    const other = await signedIn(app, driver).get('/api/timesheet.csv?userId=1&week=2026-12-07');
    expect(other.statusCode).toBe(403);
    const tuesday = await signedIn(app, driver).get(
      `/api/timesheet.csv?userId=${DRIVER.id}&week=2026-12-08`,
    );
    expect(tuesday.statusCode).toBe(400);
    expect(tuesday.json()).toMatchObject({ fields: { week: 'The week starts on a Monday' } });
    expect(
      (await app.inject({ url: '/api/timesheet.csv?userId=2&week=2026-12-07' })).statusCode,
    ).toBe(401);
  });
});
