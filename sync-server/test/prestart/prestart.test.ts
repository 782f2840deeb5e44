/**
 * Pre-start checks and defects on the server: a driver's phone pushes a check through
 * the sync apply path; the failed critical item raises a defect and takes the truck out of
 * service; both rows reach the driver's and the office's devices through the change log; the
 * photo of the failed item is uploaded once and an admin sees it on the defect; an admin's
 * service record resolves the defect in the same step (or, refused, leaves neither) and the truck
 * is back; the history PDF says so.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import {
  MESSAGES,
  PROTOCOL_VERSION,
  checklistFor,
  defectPhotoUrl,
  type ChangeEntry,
} from '@pilbara/shared-schema';
import { getRow } from '../../src/db/rows';
import {
  buildTestApp,
  login,
  registerCustomer,
  snapshotDatabase,
  tempDir,
  type TestApp,
} from '../helper';
import { pdfPages } from '../billing/billing-helper';
import {
  bodyOf,
  listen,
  makeJpeg,
  sha256,
  statusOf,
  tusUpload,
} from '../field-record/field-helper';
import { DRIVER, seedDriverJobs, seedStaffData } from '../staff/fixtures';

const NOW = '2026-11-21T10:00:00.000Z';

interface Fleet {
  app: TestApp;
  admin: string;
  driver: string;
  /** A JSON call as the user of `cookie` (none: a guest). */
  call: (
    cookie: string | null,
    method: 'GET' | 'POST' | 'PUT',
    url: string,
    payload?: object,
  ) => Promise<LightMyRequestResponse>;
}

async function fleetApp(): Promise<Fleet> {
  const app = await buildTestApp({ now: () => new Date(NOW) });
  seedStaffData(app);
  seedDriverJobs(app);
  return {
    app,
    admin: await login(app),
    driver: await login(app, DRIVER),
    call: (cookie, method, url, payload) =>
      app.inject({ method, url, payload, headers: cookie ? { cookie } : {} }),
  };
}

/** What the phone knows of a photo it took: its hash, size, pixel size and type. */
function photoOf(bytes: Buffer) {
  return {
    contentHash: sha256(bytes),
    size: bytes.length,
    width: 640,
    height: 480,
    mimeType: 'image/jpeg' as const,
  };
}

/** The answers of a check of Big Red (heavy recovery) with the brakes failed (and photographed). */
function brakesFailed(photo?: ReturnType<typeof photoOf>) {
  return checklistFor('Heavy Recovery').map((item) =>
    item.key === 'brakes'
      ? {
          key: item.key,
          result: 'fail',
          note: 'Pedal goes to the floor',
          defectId: 7001,
          photos: photo ? [photo] : [],
        }
      : { key: item.key, result: 'pass' },
  );
}

/** The check a driver's phone made offline at 09:40 UTC, as `prestart.submit` arguments. */
function checkArgs(items: ReturnType<typeof brakesFailed>) {
  return {
    id: 7000,
    vehicleId: 1,
    checkedAt: '2026-11-21T09:40:00.000Z',
    checkedByName: 'Sam Taylor',
    odometer: 50200,
    items,
  };
}

/** The workshop's brake job on Big Red, as the service form sends it. */
const BRAKE_SERVICE = {
  vehicleId: 1,
  serviceType: 'Brake Service',
  description: 'Master cylinder replaced',
  servicedBy: 'Pilbara Diesel',
  mileageAtService: 50210,
  totalCost: 120000,
  invoiceDate: '2026-11-21',
};

async function push(fleet: Fleet, cookie: string, clientId: string, name: string, args: object) {
  const pushed = await fleet.call(cookie, 'POST', '/api/sync/push', {
    clientId,
    mutations: [{ seq: 1, mutationId: `${clientId}-1`, name, args, createdAt: NOW }],
  });
  expect(pushed.statusCode, pushed.body).toBe(200);
  return pushed.json().results[0] as { status: string; code?: string; fields?: object };
}

async function pull(fleet: Fleet, cookie: string, clientId: string): Promise<ChangeEntry[]> {
  const response = await fleet.call(cookie, 'POST', '/api/sync/hello', {
    protocolVersion: PROTOCOL_VERSION,
    schemaVersion: 1,
    clientId,
    cursor: 0,
    ackedSeq: 0,
  });
  expect(response.statusCode).toBe(200);
  expect(response.json().hasMore).toBe(false);
  return response.json().changes as ChangeEntry[];
}

function defectPhotoMetadata(bytes: Buffer, defectId = 7001): Record<string, string> {
  return {
    kind: 'defect-photo',
    recordId: String(defectId),
    sha256: sha256(bytes),
    filetype: 'image/jpeg',
  };
}

function storedFiles(app: TestApp): unknown[] {
  return app.db.prepare('SELECT id FROM stored_files').all();
}

describe('pre-start checks through the apply path', () => {
  it('a driver’s offline check with a critical failure and a photo takes the truck off the road; a service brings it back', async () => {
    const fleet = await fleetApp();
    const { app, admin, driver, call } = fleet;
    const jpeg = await makeJpeg({ colour: '#7a3b1d' });
    const result = await push(
      fleet,
      driver,
      'sam-phone',
      'prestart.submit',
      checkArgs(brakesFailed(photoOf(jpeg))),
    );
    expect(result).toMatchObject({ status: 'applied' });
    expect(getRow(app.db, 'vehicles', 1)).toMatchObject({
      status: 'out_of_service',
      mileage: 50200,
    });
    expect(getRow(app.db, 'prestart_checks', 7000)).toMatchObject({
      checkedBy: DRIVER.id,
      failedCount: 1,
    });

    // Both devices receive the check, the defect and the vehicle's new status.
    for (const [cookie, clientId] of [
      [driver, 'sam-phone-2'],
      [admin, 'office-1'],
    ] as const) {
      const changes = await pull(fleet, cookie, clientId);
      expect(changes.find((c) => c.entity === 'prestart_checks')).toMatchObject({
        rowId: 7000,
        op: 'put',
      });
      expect(changes.find((c) => c.entity === 'vehicle_defects' && c.rowId === 7001)).toMatchObject(
        { data: expect.objectContaining({ severity: 'critical', status: 'open' }) },
      );
      const vehicle = changes.filter((c) => c.entity === 'vehicles').at(-1);
      expect(vehicle?.data).toMatchObject({ status: 'out_of_service' });
    }

    // The photo's bytes: not on the server until the phone sends them, then once, by the driver.
    const thumb = defectPhotoUrl(7001, sha256(jpeg), 'thumb');
    expect((await call(admin, 'GET', thumb)).statusCode).toBe(404);
    const baseUrl = await listen(app);
    await tusUpload({ baseUrl, cookie: driver, bytes: jpeg, metadata: defectPhotoMetadata(jpeg) });
    expect(storedFiles(app)).toEqual([{ id: sha256(jpeg) }]);
    const seen = await call(admin, 'GET', thumb);
    expect(seen.statusCode).toBe(200);
    expect(seen.headers['content-type']).toBe('image/jpeg');
    expect(seen.rawPayload.subarray(0, 2)).toEqual(Buffer.from([0xff, 0xd8]));
    const full = await call(admin, 'GET', defectPhotoUrl(7001, sha256(jpeg), 'full'));
    expect(full.rawPayload.equals(jpeg)).toBe(true);
    // Staff only, and only a photo the defect lists.
    expect((await call(null, 'GET', thumb)).statusCode).toBe(401);
    expect((await call(await registerCustomer(app), 'GET', thumb)).statusCode).toBe(403);
    expect((await call(admin, 'GET', defectPhotoUrl(1, sha256(jpeg), 'thumb'))).statusCode).toBe(
      404,
    );

    // The open defects are listed.
    const open = await call(admin, 'GET', '/api/vehicle-defects?status=open');
    expect(open.json().defects.map((d: { id: number }) => d.id)).toEqual([7001, 2, 1]);

    // One service record resolves the defect in the same step: the truck is back.
    const service = await call(admin, 'POST', '/api/service-records', {
      ...BRAKE_SERVICE,
      resolvesDefects: [7001],
    });
    expect(service.statusCode, service.body).toBe(201);
    const serviceId = service.json().serviceRecord.id as number;
    expect(service.json().serviceRecord).not.toHaveProperty('resolvesDefects');
    expect(getRow(app.db, 'vehicle_defects', 7001)).toMatchObject({
      status: 'resolved',
      resolution: 'service',
      serviceRecordId: serviceId,
    });
    expect(getRow(app.db, 'vehicles', 1)).toMatchObject({ status: 'active' });

    // Resolving twice is refused and changes nothing.
    const again = await call(admin, 'POST', '/api/vehicle-defects/7001/resolve', {
      resolution: 'fixed',
      note: 'again',
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toBe('This defect is already resolved');

    // The audit PDF lists the check, the failure and how it was resolved.
    const pdf = await call(admin, 'GET', '/api/vehicles/1/history.pdf');
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const text = (await pdfPages(pdf.rawPayload)).join(' ');
    expect(text).toContain('VEHICLE HISTORY');
    expect(text).toContain('1ABC123');
    expect(text).toContain('21 Nov 2026, 5:40 pm'); // the check, in Perth time
    expect(text).toContain('Sam Taylor');
    expect(text).toContain('Brakes and park brake (critical): Pedal goes to the floor');
    expect(text).toContain('by service: Brake Service (21 Nov 2026)');
    if (process.env.PRESTART_PDF_DIR) {
      // For looking at: `PRESTART_PDF_DIR=/tmp/x npx vitest run test/prestart` then pdftoppm.
      fs.writeFileSync(
        path.join(process.env.PRESTART_PDF_DIR, 'vehicle-history.pdf'),
        pdf.rawPayload,
      );
    }
    const out = path.join(tempDir(), 'page');
    fs.writeFileSync(`${out}.pdf`, pdf.rawPayload);
    execFileSync('pdftoppm', ['-png', '-r', '40', '-f', '1', '-l', '1', `${out}.pdf`, out]);
    expect(fs.readdirSync(path.dirname(out)).some((name) => name.endsWith('.png'))).toBe(true);

    // A driver may not download it.
    expect((await call(driver, 'GET', '/api/vehicles/1/history.pdf')).statusCode).toBe(403);
  });

  it('a defect photo upload is refused, storing nothing, for an unknown defect, another file or a customer', async () => {
    const fleet = await fleetApp();
    const { app, driver } = fleet;
    const jpeg = await makeJpeg();
    await push(
      fleet,
      driver,
      'sam-phone',
      'prestart.submit',
      checkArgs(brakesFailed(photoOf(jpeg))),
    );
    const baseUrl = await listen(app);
    const other = await makeJpeg({ colour: '#123456' });
    const customer = await registerCustomer(app);
    for (const [cookie, bytes, metadata, status, message] of [
      [driver, jpeg, defectPhotoMetadata(jpeg, 7999), 404, 'There is no defect with that id yet'],
      [driver, other, defectPhotoMetadata(other), 400, 'The upload is not the file recorded'],
      [customer, jpeg, defectPhotoMetadata(jpeg), 403, MESSAGES.STAFF_REQUIRED],
      [
        driver,
        jpeg,
        { ...defectPhotoMetadata(jpeg), recordId: 'abc' },
        400,
        'Expected a defect id',
      ],
    ] as const) {
      const error = await tusUpload({ baseUrl, cookie, bytes, metadata, retryDelays: null }).then(
        () => null,
        (refused: unknown) => refused,
      );
      expect(statusOf(error), JSON.stringify(metadata)).toBe(status);
      expect(bodyOf(error)).toContain(message);
    }
    expect(storedFiles(app)).toEqual([]);
  });

  it('a service record that cannot resolve every listed defect is refused whole: no record, no resolution', async () => {
    const fleet = await fleetApp();
    const { app, admin, call } = fleet;
    await push(fleet, fleet.driver, 'sam-phone', 'prestart.submit', checkArgs(brakesFailed()));
    const fixed = await call(admin, 'POST', '/api/vehicle-defects/1/resolve', {
      resolution: 'fixed',
      note: 'New burn gel packed',
    });
    expect(fixed.statusCode).toBe(200);
    const before = snapshotDatabase(app);

    // Over REST: defect 1 is already resolved, so 7001 stays open and no service is recorded.
    const refused = await call(admin, 'POST', '/api/service-records', {
      ...BRAKE_SERVICE,
      resolvesDefects: [7001, 1],
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      error: 'This defect is already resolved',
      fields: { resolvesDefects: 'This defect is already resolved' },
    });
    // Over the sync path, from an admin's phone: the same refusal, and a defect of no vehicle.
    expect(
      await push(fleet, admin, 'office-phone', 'service.add', {
        ...BRAKE_SERVICE,
        id: 8000,
        resolvesDefects: [7001, 9999],
      }),
    ).toMatchObject({ status: 'rejected', code: 'not_found' });
    const after = snapshotDatabase(app);
    // The push is remembered as settled (exactly once); no fleet row changed.
    for (const table of ['service_records', 'vehicle_defects', 'vehicles', 'change_log'])
      expect(after[table], table).toEqual(before[table]);
    expect(getRow(app.db, 'vehicle_defects', 7001)).toMatchObject({ status: 'open' });
    expect(getRow(app.db, 'vehicles', 1)).toMatchObject({ status: 'out_of_service' });
  });

  it('refuses a check missing an item or a failure without a note, writing nothing', async () => {
    const { app, driver, call } = await fleetApp();
    const items = brakesFailed().map(({ defectId: _unused, ...answer }) => answer);
    const check = { vehicleId: 1, checkedAt: NOW, checkedByName: 'Sam Taylor', odometer: 50100 };
    const before = getRow(app.db, 'vehicles', 1);
    const missing = await call(driver, 'POST', '/api/prestart-checks', {
      ...check,
      items: items.slice(1),
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({
      error: 'Answer every item',
      fields: { items: 'Answer every item' },
    });
    const noNote = await call(driver, 'POST', '/api/prestart-checks', {
      ...check,
      items: items.map((answer) => (answer.key === 'brakes' ? { ...answer, note: '' } : answer)),
    });
    expect(noNote.statusCode).toBe(400);
    expect(noNote.json().fields).toEqual({ 'items.2.note': 'Say what is wrong' });
    expect(getRow(app.db, 'vehicles', 1)).toEqual(before);
    expect(app.db.prepare('SELECT count(*) AS n FROM prestart_checks').get()).toEqual({ n: 0 });

    // Over REST the server mints the ids; the answer carries the defect it raised.
    const made = await call(driver, 'POST', '/api/prestart-checks', { ...check, items });
    expect(made.statusCode, made.body).toBe(201);
    expect(made.json().defects).toEqual([
      expect.objectContaining({ severity: 'critical', itemKey: 'brakes' }),
    ]);
  });

  it('assigns a job to a vehicle; the fleet due list flags a truck with a job and no check today', async () => {
    const { admin, call } = await fleetApp();
    const assigned = await call(admin, 'PUT', '/api/jobs/JOB-2026-1/vehicle', { vehicleId: 1 });
    expect(assigned.statusCode, assigned.body).toBe(200);
    expect(assigned.json().job).toMatchObject({ vehicleId: 1 });
    const due = await call(admin, 'GET', '/api/fleet/due');
    expect(due.json().items).toContainEqual(
      expect.objectContaining({
        kind: 'prestart',
        text: 'Big Red (1ABC123): no pre-start today and it has a job',
      }),
    );
  });
});
