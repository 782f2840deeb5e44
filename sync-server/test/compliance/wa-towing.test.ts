/**
 * WA's crash towing law on the server: the Authority to Tow PDF of a crash tow, its copies to
 * the parties (email with the PDF, a text with its link) exactly once, the storage yard's release
 * signature, the records export of a day (CSV and PDF), the authorised officer's pack, the public
 * complaint form and the register's export, and who may fetch each.
 */
import fs from 'node:fs';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { mintIntegerId, mintTextId } from '../../src/db/id-series';
import { compactChangeLog, pruneMutationResults } from '../../src/sync/retention';
import { staffMutation, pdfPages } from '../billing/billing-helper';
import {
  JOB_ID,
  listen,
  makeJpeg,
  makePng,
  recordPhoto,
  recordSignature,
  seedJobs,
  sha256,
  storeBytes,
  tusUpload,
} from '../field-record/field-helper';
import { buildTestApp, login, type TestApp } from '../helper';
import { testNotifier } from '../notifications/notifier-helper';
import { seedStaffData, DRIVER } from '../staff/fixtures';
import { startSmtp } from '../smtp';

const perth = (local: string) => new Date(`${local}+08:00`).toISOString();

/** The job number the server gave the job (what documents print). */
function numberOf(app: TestApp): string {
  return (app.db.prepare('SELECT number FROM jobs WHERE id = ?').get(JOB_ID) as { number: string })
    .number;
}

/**
 * A crash tow with everything recorded before loading: the form's fields, both signatures,
 * the four sides, the damage and the property photographed (files on the server), the dashcam
 * reference and the property list; then loaded.
 */
async function loadedCrashTow(
  app: TestApp,
  authoriser: { email: string; phone: string } = {
    email: 'dana@example.com',
    phone: '0412345678',
  },
) {
  seedJobs(app);
  staffMutation(app, 'crashTow.mark', { jobId: JOB_ID });
  staffMutation(app, 'crashTow.save', {
    jobId: JOB_ID,
    patch: {
      authorisedBy: 'owner_driver',
      authoriserName: 'Dana Reid',
      authoriserPhone: authoriser.phone,
      authoriserEmail: authoriser.email,
      vehicleRegistration: '1ABC234',
      vehicleMake: 'Toyota',
      vehicleModel: 'Corolla',
      destination: 'Pilbara Towing yard, Karratha',
      charges: 'Tow $450 incl. GST; storage $25 a day',
      dashcamCamera: 'Truck 2 front camera',
      dashcamFile: 'REC_20261121_0930.MP4',
      propertyItems: [{ id: 'p1', description: 'Laptop bag', quantity: 1, where: 'Back seat' }],
      t1FormNumber: 'T1-004512',
    },
  });
  const colours = ['#aa3300', '#bb4411', '#0033aa', '#33aa00', '#777777', '#aaaa00'];
  const shots = [
    ['pickup', 'front'],
    ['pickup', 'rear'],
    ['pickup', 'left'],
    ['pickup', 'right'],
    ['damage', null],
    ['other', 'property'],
  ] as const;
  for (const [index, [stage, subject]] of shots.entries()) {
    const bytes = await makeJpeg({ width: 800, height: 600, colour: colours[index] });
    const id = recordPhoto(app, bytes, { stage }, { width: 800, height: 600 });
    app.db.prepare('UPDATE job_photos SET subject = ? WHERE id = ?').run(subject, id);
    await storeBytes(app, bytes);
  }
  const signed = await makePng();
  recordSignature(app, signed, { document: 'authority_to_tow', signerName: 'Dana Reid' });
  await storeBytes(app, signed, 'image/png');
  const worker = await sharp(await makePng())
    .flop()
    .png()
    .toBuffer();
  recordSignature(app, worker, { document: 'att_towing_worker', signerName: 'Alex Morgan' });
  await storeBytes(app, worker, 'image/png');
  staffMutation(app, 'crashTow.markLoaded', {
    jobId: JOB_ID,
    updateId: mintIntegerId(app.db, 'job_updates'),
  });
}

describe('the Authority to Tow', () => {
  it('prints the form’s fields, the property, both signatures and the stamped photos', async () => {
    const app = await buildTestApp();
    await loadedCrashTow(app);
    const cookie = await login(app);
    const response = await app.inject({
      method: 'GET',
      url: `/api/jobs/${JOB_ID}/authority-to-tow.pdf`,
      headers: { cookie },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="Authority-to-tow-${numberOf(app)}.pdf"`,
    );
    const text = (await pdfPages(response.rawPayload)).join(' ');
    for (const expected of [
      'AUTHORITY TO TOW',
      'approved Authority to Tow form T1-004512',
      'Authorised by: Owner or driver of the vehicle',
      'Towed to: Pilbara Towing yard, Karratha',
      'Charges: Tow $450 incl. GST; storage $25 a day',
      'Dashboard camera: Truck 2 front camera',
      '1 x Laptop bag (Back seat)',
      'Person who authorised the tow',
      'Signed by: Dana Reid',
      'Towing worker',
      'Signed by: Alex Morgan',
      'Front 1 of 1',
      'Left side 1 of 1',
      'Damage 1 of 1',
      'Personal property 1 of 1',
      '-20.73611, 116.84633 (±8 m)',
    ]) {
      expect(text).toContain(expected);
    }
    // To look at it: ATT_PDF_OUT=/tmp/att.pdf, then pdftoppm -png.
    if (process.env.ATT_PDF_OUT) fs.writeFileSync(process.env.ATT_PDF_OUT, response.rawPayload);
  });

  it('is a crash tow’s only, and another driver’s job is not theirs to fetch', async () => {
    const app = await buildTestApp();
    seedStaffData(app);
    await loadedCrashTow(app);
    const admin = await login(app);
    const plain = await app.inject({
      method: 'GET',
      url: '/api/jobs/JOB-2026-8/authority-to-tow.pdf',
      headers: { cookie: admin },
    });
    expect(plain.statusCode).toBe(404);
    expect(plain.json().error).toBe('This job is not a crash tow');
    const driver = await login(app, DRIVER);
    const theirs = await app.inject({
      method: 'GET',
      url: `/api/jobs/${JOB_ID}/authority-to-tow.pdf`,
      headers: { cookie: driver },
    });
    // The crash tow is assigned to Mick, not to Sam.
    expect(theirs.statusCode).toBe(403);
    const guest = await app.inject({
      method: 'GET',
      url: `/api/jobs/${JOB_ID}/authority-to-tow.pdf`,
    });
    expect(guest.statusCode).toBe(401);
  });

  it('goes to the parties once: an email with the PDF, a text with its link', async () => {
    const smtp = await startSmtp();
    const app = await buildTestApp({ env: { SMTP_URL: smtp.url } });
    const notifier = testNotifier(app, {
      jobSheet: { files: app.fieldFiles, profile: app.profile, pdf: app.pdf },
      sms: {
        sender: app.sms,
        budgets: app.config.sms.budgets,
        countryCodes: app.config.sms.countryCodes,
        business: app.profile.tradingName,
        payLinkKey: app.payLinkKey,
      },
    });
    // The notifier reads what happens after its first run.
    await notifier.run();
    // The authoriser is someone else than the job's customer (Dana Reid, dana@example.com).
    await loadedCrashTow(app, { email: 'kelly.driver@example.com', phone: '0499888777' });
    await notifier.run();
    const mails = await smtp.waitFor(2);
    expect(mails.map((mail) => (mail.to as { text: string }).text).sort()).toEqual([
      'dana@example.com',
      'kelly.driver@example.com',
    ]);
    for (const mail of mails) {
      expect(mail.subject).toBe(`Authority to Tow: job ${numberOf(app)} (1ABC234)`);
      const attachment = mail.attachments.find((a) => a.contentType === 'application/pdf');
      const text = (await pdfPages(attachment?.content ?? Buffer.alloc(0))).join(' ');
      expect(text).toContain('Signed by: Dana Reid');
      // The parties' copy: no staff photos, no positions.
      expect(text).not.toContain('Front 1 of 1');
      expect(text).not.toContain('-20.73611');
    }
    const texts = app.db
      .prepare(
        "SELECT recipientPhone, message FROM notifications WHERE type = 'sms' AND event = 'att_copy'",
      )
      .all() as { recipientPhone: string; message: string }[];
    expect(texts.map((text) => text.recipientPhone).sort()).toEqual([
      '+61412345678',
      '+61499888777',
    ]);
    const link = /\/api\/track\/[^/\s]+\/authority-to-tow\.pdf/.exec(texts[0]?.message ?? '')?.[0];
    expect(link).toBeDefined();
    const copy = await app.inject({ method: 'GET', url: link ?? '' });
    expect(copy.statusCode).toBe(200);
    expect((await pdfPages(copy.rawPayload)).join(' ')).toContain('Signed by: Alex Morgan');
    const unknown = await app.inject({
      method: 'GET',
      url: '/api/track/not-a-real-token-aaaaaaaaaa/authority-to-tow.pdf',
    });
    expect(unknown.statusCode).toBe(404);
    // Run again: nothing more is sent.
    await notifier.run();
    expect(
      app.db.prepare("SELECT count(*) AS n FROM notifications WHERE event LIKE 'att_copy%'").get(),
    ).toEqual({ n: 4 });
  });
});

describe('the storage yard, the records and the officer’s pack', () => {
  /** The crash tow booked into the yard, moved, visited, paid for and released. */
  async function yardDay(app: TestApp, baseUrl: string, cookie: string) {
    const step = () => ({ eventId: mintIntegerId(app.db, 'yard_events'), byName: 'Sam Owner' });
    staffMutation(app, 'yard.bookIn', {
      ...step(),
      id: 1,
      jobId: JOB_ID,
      bay: 'A3',
      registration: '1ABC234',
      ownerName: 'Dana Reid',
      timeIn: perth('2026-11-24T09:30:00'),
    });
    staffMutation(app, 'yard.move', { ...step(), id: 1, toBay: 'C1', reason: 'Room for a truck' });
    staffMutation(app, 'yard.access', {
      ...step(),
      id: 1,
      visitorName: 'Dana Reid',
      visitorDocument: 'Driver licence WA1234567',
      itemsTaken: 'Laptop bag',
    });
    staffMutation(app, 'yard.recordPayment', {
      ...step(),
      id: 1,
      invoiceId: mintTextId(app.db, 'INV', app.now()),
      paymentId: mintIntegerId(app.db, 'payments'),
      method: 'card-on-site',
      towingCents: 45000,
      paidAt: perth('2026-11-24T16:30:00'),
    });
    const signature = await makePng();
    staffMutation(app, 'yard.release', {
      ...step(),
      id: 1,
      collectorName: 'Dana Reid',
      documentType: 'drivers_licence',
      documentNumber: 'WA1234567',
      authority: 'owner',
      signedAt: perth('2026-11-24T17:10:00'),
      contentHash: sha256(signature),
      size: signature.length,
      width: 600,
      height: 200,
      mimeType: 'image/png',
    });
    // The collector's signature travels like every other file: resumable, checked by its hash.
    await tusUpload({
      baseUrl,
      cookie,
      bytes: signature,
      metadata: {
        kind: 'yard-signature',
        recordId: '1',
        sha256: sha256(signature),
        filetype: 'image/png',
      },
    });
  }

  it('exports a day’s records as CSV and PDF, listing every step', async () => {
    const app = await buildTestApp({ now: () => new Date(perth('2026-11-24T18:00:00')) });
    await loadedCrashTow(app);
    const baseUrl = await listen(app);
    const cookie = await login(app);
    await yardDay(app, baseUrl, cookie);

    const image = await app.inject({
      method: 'GET',
      url: '/api/yard/1/release-signature',
      headers: { cookie },
    });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');

    const csv = await app.inject({
      method: 'GET',
      url: '/api/compliance/records.csv?from=2026-11-21&to=2026-11-24',
      headers: { cookie },
    });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-disposition']).toContain(
      'wa-towing-records-2026-11-21-to-2026-11-24.csv',
    );
    for (const step of [
      'Authority to Tow signed',
      'Vehicle loaded',
      'Into storage',
      'Moved in the yard',
      'Property access visit',
      'Charges paid',
      'Released from storage',
    ]) {
      expect(csv.body).toContain(step);
    }
    expect(csv.body).toContain('Release due by 25/11/2026 12:30');
    expect(csv.body).toContain('Collected by Dana Reid');

    const pdf = await app.inject({
      method: 'GET',
      url: '/api/compliance/records.pdf?from=2026-11-24&to=2026-11-24',
      headers: { cookie },
    });
    expect(pdf.statusCode).toBe(200);
    const text = (await pdfPages(pdf.rawPayload)).join(' ');
    expect(text).toContain('Released from storage');
    expect(text).toContain('Act s. 16; reg 11');

    const pack = await app.inject({
      method: 'GET',
      url: `/api/compliance/officer-pack.pdf?jobId=${JOB_ID}`,
      headers: { cookie },
    });
    expect(pack.statusCode).toBe(200);
    const pages = await pdfPages(pack.rawPayload);
    expect(pages[0]).toContain('authorised officer');
    expect(pages.join(' ')).toContain('AUTHORITY TO TOW');
    expect(pages.join(' ')).toContain('Property access visit');

    const period = await app.inject({
      method: 'GET',
      url: '/api/compliance/officer-pack.pdf?from=2026-11-24&to=2026-11-24',
      headers: { cookie },
    });
    expect(period.statusCode).toBe(200);
    expect((await pdfPages(period.rawPayload)).join(' ')).toContain('AUTHORITY TO TOW');
  });

  it('keeps the records through the server’s housekeeping', async () => {
    const app = await buildTestApp({ now: () => new Date(perth('2026-11-24T18:00:00')) });
    await loadedCrashTow(app);
    const baseUrl = await listen(app);
    const cookie = await login(app);
    await yardDay(app, baseUrl, cookie);
    const count = (table: string) =>
      (app.db.prepare(`SELECT count(*) AS n FROM ${table}`).get() as { n: number }).n;
    const before = ['crash_tows', 'yard_vehicles', 'yard_events'].map(count);
    compactChangeLog(app.db);
    pruneMutationResults(app.db, 'any-device', 1_000_000, new Date('2030-01-01T00:00:00Z'));
    expect(['crash_tows', 'yard_vehicles', 'yard_events'].map(count)).toEqual(before);
    expect(before).toEqual([1, 1, 5]);
  });

  it('is the owners’: a driver gets 403, a guest 401, a bad range 400', async () => {
    const app = await buildTestApp();
    seedStaffData(app);
    const driver = await login(app, DRIVER);
    for (const url of [
      '/api/compliance/records.csv?from=2026-11-24&to=2026-11-24',
      '/api/compliance/complaints.csv',
      '/api/compliance/officer-pack.pdf?from=2026-11-24&to=2026-11-24',
    ]) {
      expect(
        (await app.inject({ method: 'GET', url, headers: { cookie: driver } })).statusCode,
      ).toBe(403);
      expect((await app.inject({ method: 'GET', url })).statusCode).toBe(401);
    }
    const admin = await login(app);
    const bad = await app.inject({
      method: 'GET',
      url: '/api/compliance/records.csv?from=2026-11-25&to=2026-11-24',
      headers: { cookie: admin },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toHaveProperty('from');
  });
});

describe('complaints', () => {
  const complaint = {
    name: 'Chris Tran',
    email: 'chris@example.com',
    reference: 'Blue Hilux, towed Tuesday',
    details: 'The yard was closed when I came to collect my car at 2 pm on Tuesday.',
  };

  it('takes a complaint from the public form once per key, numbered by the server', async () => {
    const app = await buildTestApp();
    const key = 'complaint-key-1';
    const first = await app.inject({
      method: 'POST',
      url: '/api/complaints',
      headers: { 'idempotency-key': key },
      payload: { ...complaint, id: 999 },
    });
    expect(first.statusCode).toBe(201);
    const again = await app.inject({
      method: 'POST',
      url: '/api/complaints',
      headers: { 'idempotency-key': key },
      payload: { ...complaint, id: 999 },
    });
    expect(again.json()).toEqual(first.json());
    const rows = app.db.prepare('SELECT id, channel, name FROM complaints').all();
    expect(rows).toEqual([{ id: first.json().complaintId, channel: 'web', name: 'Chris Tran' }]);
    expect(first.json().complaintId).not.toBe(999);
    // It reaches the staff devices through the change log.
    expect(
      app.db.prepare("SELECT count(*) AS n FROM changes WHERE entity = 'complaints'").get(),
    ).toEqual({ n: 1 });
  });

  it('answers 400 naming the field, and writes nothing', async () => {
    const app = await buildTestApp();
    const response = await app.inject({
      method: 'POST',
      url: '/api/complaints',
      payload: { name: 'C', details: 'short' },
    });
    expect(response.statusCode).toBe(400);
    expect(Object.keys(response.json().fields).sort()).toEqual(['details', 'email', 'name']);
    const noContact = await app.inject({
      method: 'POST',
      url: '/api/complaints',
      payload: { ...complaint, email: '' },
    });
    expect(noContact.statusCode).toBe(400);
    expect(noContact.json().fields.email).toBe('Give a phone number or an email so we can reply');
    expect(app.db.prepare('SELECT count(*) AS n FROM complaints').get()).toEqual({ n: 0 });
  });

  it('exports the register with each stage’s due and done times', async () => {
    const app = await buildTestApp({ now: () => new Date(perth('2026-11-27T15:00:00')) });
    const created = await app.inject({
      method: 'POST',
      url: '/api/complaints',
      payload: complaint,
    });
    const id = created.json().complaintId as number;
    staffMutation(app, 'complaint.advance', { id, stage: 'acknowledged', by: 'Sam Owner' });
    staffMutation(app, 'complaint.advance', {
      id,
      stage: 'investigated',
      findings: 'Sign was old',
    });
    staffMutation(app, 'complaint.advance', {
      id,
      stage: 'resolved',
      outcome: 'Apologised; the day’s storage refunded',
    });
    const cookie = await login(app);
    const csv = await app.inject({
      method: 'GET',
      url: '/api/compliance/complaints.csv',
      headers: { cookie },
    });
    expect(csv.statusCode).toBe(200);
    expect(csv.body).toContain('Chris Tran');
    expect(csv.body).toContain('01/12/2026 17:00');
    expect(csv.body).toContain('Apologised; the day’s storage refunded');
    expect(csv.body).toContain('2028-11-27');
  });
});
