/**
 * The job sheet: GET /api/jobs/:id/sheet.pdf parsed back, and the customer's copy
 * attached to the completion email, which waits for photos still uploading.
 */
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { putLogged } from '../../src/db/change-log';
import { testNotifier } from '../notifications/notifier-helper';
import { pdfPages } from '../billing/billing-helper';
import { buildTestApp, login, type TestApp } from '../helper';
import { startSmtp } from '../smtp';

/** The job number the customer reads on the sheet and the email. */
function numberOf(app: TestApp): string {
  return (app.db.prepare('SELECT number FROM jobs WHERE id = ?').get(JOB_ID) as { number: string })
    .number;
}
import {
  JOB_ID,
  makeJpeg,
  makePng,
  recordPhoto,
  recordSignature,
  seedJobs,
  storeBytes,
} from './field-helper';

/** A job with four photos (one still on the phone), both signatures and its history. */
async function recordedJob(app: TestApp): Promise<void> {
  seedJobs(app);
  putLogged(
    app.db,
    'job_updates',
    {
      id: 1,
      jobId: JOB_ID,
      status: 'Assigned',
      message: 'Job created',
      createdAt: '2026-11-21T01:00:00.000Z',
    },
    '2026-11-21T01:00:00.000Z',
  );
  putLogged(
    app.db,
    'job_updates',
    {
      id: 2,
      jobId: JOB_ID,
      status: 'In Progress',
      message: 'Service started on site',
      createdAt: '2026-11-21T02:00:00.000Z',
    },
    '2026-11-21T01:00:00.000Z',
  );
  const stamps = [
    ['pickup', '2026-11-21T02:05:00.000Z', '#aa3300'],
    ['pickup', '2026-11-21T02:06:00.000Z', '#bb4411'],
    ['damage', '2026-11-21T02:07:00.000Z', '#0033aa'],
    ['dropoff', '2026-11-21T05:40:00.000Z', '#33aa00'],
  ] as const;
  for (const [index, [stage, takenAt, colour]] of stamps.entries()) {
    const bytes = await makeJpeg({ width: 1600, height: 1200, colour });
    recordPhoto(
      app,
      bytes,
      { stage, takenAt, position: index !== 3 },
      { width: 1600, height: 1200 },
    );
    if (index !== 1) await storeBytes(app, bytes);
  }
  const tow = await makePng();
  recordSignature(app, tow, { document: 'authority_to_tow', signerName: 'Dana Reid' });
  await storeBytes(app, tow, 'image/png');
  const release = await sharp(await makePng())
    .flop()
    .png()
    .toBuffer();
  recordSignature(app, release, {
    document: 'vehicle_release',
    signerName: 'Sam Collector',
  });
}

describe('GET /api/jobs/:id/sheet.pdf', () => {
  it('prints the job, its history, the photos by stage with their stamps and both signatures', async () => {
    const app = await buildTestApp();
    await recordedJob(app);
    const cookie = await login(app);
    const response = await app.inject({
      method: 'GET',
      url: `/api/jobs/${JOB_ID}/sheet.pdf`,
      headers: { cookie },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="Job-sheet-${numberOf(app)}.pdf"`,
    );
    const text = (await pdfPages(response.rawPayload)).join(' ');
    for (const expected of [
      'JOB SHEET',
      numberOf(app),
      'Dana Reid',
      'Status history',
      '21 Nov 2026, 10:00 am In Progress Service started on site',
      'Condition photos',
      'Pickup 1 of 2',
      'Pickup 2 of 2',
      'Damage 1 of 1',
      'Drop-off 1 of 1',
      '21 Nov 2026, 10:05 am',
      '-20.73611, 116.84633 (±8 m)',
      'No position (location not allowed)',
      'Not uploaded yet',
      'Signed by: Sam Collector 21 Nov 2026, 10:10 am',
      '1 photo is still on the phone that took it and will appear once uploaded.',
      'Authority to tow',
      'Vehicle release',
      'Signed by: Dana Reid',
      'Signed by: Sam Collector',
    ]) {
      expect(text).toContain(expected);
    }
    // Medium copies, not originals: four 1600 px photos make a sheet well under a megabyte.
    expect(response.rawPayload.length).toBeLessThan(1024 * 1024);
    if (process.env.JOB_SHEET_OUT) {
      fs.mkdirSync(path.dirname(process.env.JOB_SHEET_OUT), { recursive: true });
      fs.writeFileSync(process.env.JOB_SHEET_OUT, response.rawPayload);
    }
  });

  it('answers 404 for a job that does not exist', async () => {
    const app = await buildTestApp();
    const cookie = await login(app);
    const response = await app.inject({
      method: 'GET',
      url: '/api/jobs/JOB-2026-404/sheet.pdf',
      headers: { cookie },
    });
    expect(response.statusCode).toBe(404);
    expect(response.json().error).toBe('Job not found');
  });
});

describe('the completion email', () => {
  it('waits for photos still uploading, then carries the customer’s copy of the job sheet', async () => {
    const smtp = await startSmtp();
    let now = new Date('2026-11-21T06:00:00.000Z');
    const app = await buildTestApp({ env: { SMTP_URL: smtp.url }, now: () => now });
    await recordedJob(app);
    const notifier = testNotifier(app, {
      jobSheet: { files: app.fieldFiles, profile: app.profile, pdf: app.pdf },
    });
    await notifier.run();
    const cookie = await login(app);
    const completed = await app.inject({
      method: 'PATCH',
      url: `/api/jobs/${JOB_ID}`,
      headers: { cookie },
      payload: { status: 'Completed', progress: 100 },
    });
    expect(completed.statusCode).toBe(200);

    // A photo and a signature are still on the phone: the email waits.
    await notifier.run();
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(smtp.messages).toHaveLength(0);

    // Half an hour on, it goes with what the server holds.
    now = new Date(now.getTime() + 31 * 60 * 1000);
    await notifier.run();
    const [mail] = await smtp.waitFor(1);
    expect(mail?.subject).toBe(`Job ${numberOf(app)}: completed`);
    const attachment = mail?.attachments.find(
      (a) => a.filename === `Job-sheet-${numberOf(app)}.pdf`,
    );
    expect(attachment?.contentType).toBe('application/pdf');
    const text = (await pdfPages(attachment?.content ?? Buffer.alloc(0))).join(' ');
    expect(text).toContain('Pickup 1 of 2');
    expect(text).toContain('Drop-off 1 of 1');
    expect(text).toContain('Signed by: Dana Reid');
    expect(text).toContain('Signed by: Sam Collector');
    // The customer's copy: no damage photos and no positions.
    expect(text).not.toContain('Damage');
    expect(text).not.toContain('-20.73611');
    expect(text).not.toContain('No position');
  });
});
