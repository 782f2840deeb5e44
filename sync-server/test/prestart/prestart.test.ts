/**
 * Pre-start checks and defects on the server (issue 21): a driver's phone pushes a check through
 * the sync apply path; the failed critical item raises a defect and takes the truck out of
 * service; both rows reach the driver's and the office's devices through the change log; an
 * admin resolves it with a service record and the truck is back; the history PDF says so.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { PROTOCOL_VERSION, checklistFor, type ChangeEntry } from '@pilbara/shared-schema';
import { getRow } from '../../src/db/rows';
import { buildTestApp, login, tempDir, type TestApp } from '../helper';
import { pdfPages } from '../billing/billing-helper';
import { DRIVER, seedDriverJobs, seedStaffData } from '../staff/fixtures';

const NOW = '2026-11-21T10:00:00.000Z';

async function fleetApp(): Promise<{ app: TestApp; admin: string; driver: string }> {
  const app = await buildTestApp({ now: () => new Date(NOW) });
  seedStaffData(app);
  seedDriverJobs(app);
  return { app, admin: await login(app), driver: await login(app, DRIVER) };
}

/** The answers of a check of Big Red (heavy recovery) with the brakes failed. */
function brakesFailed() {
  return checklistFor('Heavy Recovery').map((item) =>
    item.key === 'brakes'
      ? { key: item.key, result: 'fail', note: 'Pedal goes to the floor', defectId: 7001 }
      : { key: item.key, result: 'pass' },
  );
}

async function pull(app: TestApp, cookie: string, clientId: string): Promise<ChangeEntry[]> {
  const response = await app.inject({
    method: 'POST',
    url: '/api/sync/hello',
    headers: { cookie },
    payload: {
      protocolVersion: PROTOCOL_VERSION,
      schemaVersion: 1,
      clientId,
      cursor: 0,
      ackedSeq: 0,
    },
  });
  expect(response.statusCode).toBe(200);
  expect(response.json().hasMore).toBe(false);
  return response.json().changes as ChangeEntry[];
}

describe('pre-start checks through the apply path', () => {
  it('a driver’s offline check with a critical failure takes the truck off the road; a service brings it back', async () => {
    const { app, admin, driver } = await fleetApp();
    const pushed = await app.inject({
      method: 'POST',
      url: '/api/sync/push',
      headers: { cookie: driver },
      payload: {
        clientId: 'sam-phone',
        mutations: [
          {
            seq: 1,
            mutationId: 'sam-check-1',
            name: 'prestart.submit',
            args: {
              id: 7000,
              vehicleId: 1,
              checkedAt: '2026-11-21T09:40:00.000Z',
              checkedByName: 'Sam Taylor',
              odometer: 50200,
              items: brakesFailed(),
            },
            createdAt: '2026-11-21T09:40:00.000Z',
          },
        ],
      },
    });
    expect(pushed.statusCode).toBe(200);
    expect(pushed.json().results).toEqual([expect.objectContaining({ seq: 1, status: 'applied' })]);
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
      const changes = await pull(app, cookie, clientId);
      expect(changes.find((c) => c.entity === 'prestart_checks')).toMatchObject({
        rowId: 7000,
        op: 'put',
      });
      expect(changes.find((c) => c.entity === 'vehicle_defects' && c.rowId === 7001)).toMatchObject(
        {
          data: expect.objectContaining({ severity: 'critical', status: 'open' }),
        },
      );
      const vehicle = changes.filter((c) => c.entity === 'vehicles').at(-1);
      expect(vehicle?.data).toMatchObject({ status: 'out_of_service' });
    }

    // The open defect is listed, and what is due says the truck has no problem with today's check.
    const open = await app.inject({
      method: 'GET',
      url: '/api/vehicle-defects?status=open',
      headers: { cookie: admin },
    });
    expect(open.json().defects).toEqual([
      expect.objectContaining({ id: 7001, title: 'Brakes and park brake' }),
      expect.objectContaining({ id: 1, title: 'First-aid kit' }),
    ]);

    const service = await app.inject({
      method: 'POST',
      url: '/api/service-records',
      headers: { cookie: admin },
      payload: {
        vehicleId: 1,
        serviceType: 'Brake Service',
        description: 'Master cylinder replaced',
        servicedBy: 'Pilbara Diesel',
        mileageAtService: 50210,
        totalCost: 120000,
        invoiceDate: '2026-11-21',
      },
    });
    expect(service.statusCode).toBe(201);
    const serviceId = service.json().serviceRecord.id as number;
    const resolved = await app.inject({
      method: 'POST',
      url: '/api/vehicle-defects/7001/resolve',
      headers: { cookie: admin },
      payload: { resolution: 'service', serviceRecordId: serviceId },
    });
    expect(resolved.statusCode, resolved.body).toBe(200);
    expect(resolved.json().defect).toMatchObject({
      status: 'resolved',
      serviceRecordId: serviceId,
    });
    expect(getRow(app.db, 'vehicles', 1)).toMatchObject({ status: 'active' });

    // Resolving twice is refused and changes nothing.
    const again = await app.inject({
      method: 'POST',
      url: '/api/vehicle-defects/7001/resolve',
      headers: { cookie: admin },
      payload: { resolution: 'fixed', note: 'again' },
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toBe('This defect is already resolved');

    // The audit PDF lists the check, the failure and how it was resolved.
    const pdf = await app.inject({
      method: 'GET',
      url: '/api/vehicles/1/history.pdf',
      headers: { cookie: admin },
    });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const text = (await pdfPages(pdf.rawPayload)).join(' ');
    expect(text).toContain('VEHICLE HISTORY');
    expect(text).toContain('1ABC123');
    expect(text).toContain('21/11/2026 17:40'); // the check, in Perth time
    expect(text).toContain('Sam Taylor');
    expect(text).toContain('Brakes and park brake (critical): Pedal goes to the floor');
    expect(text).toContain('by service: Brake Service (2026-11-21)');
    if (process.env.PRESTART_PDF_DIR) {
      // For looking at: `PRESTART_PDF_DIR=/tmp/x npx vitest run test/prestart` then pdftoppm.
      fs.writeFileSync(
        path.join(process.env.PRESTART_PDF_DIR, 'vehicle-history.pdf'),
        pdf.rawPayload,
      );
    }
    const out = path.join(tempDir(), 'page');
    const file = `${out}.pdf`;
    fs.writeFileSync(file, pdf.rawPayload);
    execFileSync('pdftoppm', ['-png', '-r', '40', '-f', '1', '-l', '1', file, out]);
    expect(fs.readdirSync(path.dirname(out)).some((name) => name.endsWith('.png'))).toBe(true);

    // A driver may not download it.
    const asDriver = await app.inject({
      method: 'GET',
      url: '/api/vehicles/1/history.pdf',
      headers: { cookie: driver },
    });
    expect(asDriver.statusCode).toBe(403);
  });

  it('refuses a check missing an item or a failure without a note, writing nothing', async () => {
    const { app, driver } = await fleetApp();
    const items = brakesFailed().map(({ defectId: _unused, ...answer }) => answer);
    const before = getRow(app.db, 'vehicles', 1);
    const missing = await app.inject({
      method: 'POST',
      url: '/api/prestart-checks',
      headers: { cookie: driver },
      payload: {
        vehicleId: 1,
        checkedAt: NOW,
        checkedByName: 'Sam Taylor',
        odometer: 50100,
        items: items.slice(1),
      },
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({
      error: 'Answer every item',
      fields: { items: 'Answer every item' },
    });
    const noNote = await app.inject({
      method: 'POST',
      url: '/api/prestart-checks',
      headers: { cookie: driver },
      payload: {
        vehicleId: 1,
        checkedAt: NOW,
        checkedByName: 'Sam Taylor',
        odometer: 50100,
        items: items.map((answer) => (answer.key === 'brakes' ? { ...answer, note: '' } : answer)),
      },
    });
    expect(noNote.statusCode).toBe(400);
    expect(noNote.json().fields).toEqual({ 'items.2.note': 'Say what is wrong' });
    expect(getRow(app.db, 'vehicles', 1)).toEqual(before);
    expect(app.db.prepare('SELECT count(*) AS n FROM prestart_checks').get()).toEqual({ n: 0 });

    // Over REST the server mints the ids; the answer carries the defect it raised.
    const made = await app.inject({
      method: 'POST',
      url: '/api/prestart-checks',
      headers: { cookie: driver },
      payload: {
        vehicleId: 1,
        checkedAt: NOW,
        checkedByName: 'Sam Taylor',
        odometer: 50100,
        items,
      },
    });
    expect(made.statusCode, made.body).toBe(201);
    expect(made.json().defects).toEqual([
      expect.objectContaining({ severity: 'critical', itemKey: 'brakes' }),
    ]);
  });

  it('assigns a job to a vehicle; the fleet due list flags a truck with a job and no check today', async () => {
    const { app, admin } = await fleetApp();
    const assigned = await app.inject({
      method: 'PUT',
      url: '/api/jobs/JOB-2026-1/vehicle',
      headers: { cookie: admin },
      payload: { vehicleId: 1 },
    });
    expect(assigned.statusCode, assigned.body).toBe(200);
    expect(assigned.json().job).toMatchObject({ vehicleId: 1 });
    const due = await app.inject({
      method: 'GET',
      url: '/api/fleet/due',
      headers: { cookie: admin },
    });
    expect(due.json().items).toContainEqual(
      expect.objectContaining({
        kind: 'prestart',
        text: 'Big Red (1ABC123): no pre-start today and it has a job',
      }),
    );
  });
});
