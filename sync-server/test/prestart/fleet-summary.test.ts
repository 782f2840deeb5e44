/**
 * The owners' daily fleet summary over a real SMTP server on loopback: sent once per
 * Perth day from 05:00, to the active admins only, listing exactly what is due in the test data
 * and the open defect the staff fixtures seed.
 */
import { describe, expect, it } from 'vitest';
import { createFleetSummary } from '../../src/services/fleet-summary';
import { seedRow, buildTestApp, onTestEnd, testConfig } from '../helper';
import { startSmtp } from '../smtp';
import { BIG_RED, T0, seedDriverJobs, seedStaffData } from '../staff/fixtures';

describe('daily fleet summary email', () => {
  it('arrives once, at the start of the Perth day, listing exactly the due items', async () => {
    const smtp = await startSmtp();
    let now = new Date('2026-11-23T20:00:00.000Z'); // 24 Nov 04:00 in Perth
    const config = testConfig({ SMTP_URL: smtp.url });
    const app = await buildTestApp({ config, now: () => now });
    seedStaffData(app);
    seedDriverJobs(app);
    app.db.prepare("UPDATE users SET email = 'owners@pilbara.example' WHERE role = 'admin'").run();
    // Big Red goes out on a job with no check today; yesterday's check does not count.
    app.db.prepare("UPDATE jobs SET vehicleId = 1 WHERE id = 'JOB-2026-1'").run();
    seedRow(app.db, 'prestart_checks', {
      id: 1,
      vehicleId: 1,
      checklist: 'heavy_recovery',
      checkedAt: '2026-11-23T15:30:00.000Z', // 23 Nov 23:30 in Perth
      perthDay: '2026-11-23',
      checkedBy: 1,
      checkedByName: 'Sam Taylor',
      odometer: 50000,
      items: [],
      failedCount: 0,
      createdAt: T0,
    });
    // Dusty: registration runs out in 10 days and a service is due by date in 5.
    seedRow(app.db, 'vehicles', {
      ...BIG_RED,
      id: 2,
      name: 'Dusty',
      registration: '1DST-202',
      vin: 'VIN0002',
      type: '4x4 Recovery',
      lastServiceDate: '2026-11-01',
      nextService: '2026-11-29',
      registrationExpiry: '2026-12-04',
      insuranceExpiry: '2027-08-01',
    });
    // A parked truck with lapsed insurance is not on the road: not listed.
    seedRow(app.db, 'vehicles', {
      ...BIG_RED,
      id: 3,
      name: 'Old Blue',
      registration: '1OLD-003',
      vin: 'VIN0003',
      isActive: false,
      insuranceExpiry: '2026-10-01',
    });
    app.db.prepare("UPDATE vehicles SET lastServiceDate = '2026-11-20' WHERE id = 1").run();

    const summary = createFleetSummary(
      { db: app.db, mailer: app.mailer, now: () => now },
      { pollMs: 60_000 },
    );
    onTestEnd(() => summary.stop());
    expect(await summary.run()).toBe(false); // 04:00 Perth: not yet

    now = new Date('2026-11-23T22:30:00.000Z'); // 06:30 Perth
    expect(await summary.run()).toBe(true);
    const [mail] = await smtp.waitFor(1);
    expect(mail?.to).toMatchObject({ text: 'owners@pilbara.example' });
    expect(mail?.subject).toBe('Fleet: what is due on 2026-11-24');
    expect(mail?.text?.trim()).toBe(
      [
        'Fleet summary for 2026-11-24',
        '',
        'Due:',
        '- [!] Big Red (1ABC123): no pre-start today and it has a job',
        '- Dusty (1DST-202): service due in 5 days',
        '- Dusty (1DST-202): registration expires on 4 Dec 2026 (in 10 days)',
        '',
        'Open defects:',
        '- Big Red: minor defect open: Lights and beacons',
        '- Big Red: minor defect open: First-aid kit',
      ].join('\n'),
    );

    // Later ticks the same day, and a second server on the same database, send nothing more.
    now = new Date('2026-11-24T09:00:00.000Z');
    expect(await summary.run()).toBe(false);
    const second = createFleetSummary(
      { db: app.db, mailer: app.mailer, now: () => now },
      { pollMs: 60_000 },
    );
    onTestEnd(() => second.stop());
    expect(await second.run()).toBe(false);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(smtp.messages).toHaveLength(1);
    expect(app.db.prepare('SELECT perthDay, status, itemCount FROM fleet_summaries').all()).toEqual(
      [{ perthDay: '2026-11-24', status: 'sent', itemCount: 3 }],
    );

    // The next Perth day gets its own.
    now = new Date('2026-11-24T21:10:00.000Z'); // 25 Nov 05:10 Perth
    expect(await summary.run()).toBe(true);
    await smtp.waitFor(2);
    expect(smtp.messages[1]?.subject).toBe('Fleet: what is due on 2026-11-25');
  });

  it('goes to the business address when no admin has an email, and never to a driver', async () => {
    const smtp = await startSmtp();
    const now = new Date('2026-11-23T22:30:00.000Z'); // 06:30 Perth
    const app = await buildTestApp({ config: testConfig({ SMTP_URL: smtp.url }), now: () => now });
    seedStaffData(app);
    seedDriverJobs(app);
    app.db.prepare("UPDATE users SET email = NULL WHERE role = 'admin'").run();
    app.db.prepare("UPDATE users SET email = 'sam@pilbara.example' WHERE role = 'driver'").run();
    const summary = createFleetSummary(
      { db: app.db, mailer: app.mailer, now: () => now, fallbackTo: 'jobs@pilbara.example' },
      { pollMs: 60_000 },
    );
    onTestEnd(() => summary.stop());
    expect(await summary.run()).toBe(true);
    const [mail] = await smtp.waitFor(1);
    expect(mail?.to).toMatchObject({ text: 'jobs@pilbara.example' });
  });
});
