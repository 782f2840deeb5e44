import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEFAULT_BUSINESS_PROFILE, MESSAGES } from '@pilbara/shared-schema';
import { buildTestApp, snapshotDatabase, testConfig } from '../helper';
import { contactBody } from '../fixtures';
import { startSmtp } from '../smtp';

describe('POST /api/contact', () => {
  it('stores the message, records the email and delivers it to the business over SMTP', async () => {
    const smtp = await startSmtp();
    const app = await buildTestApp({
      env: { SMTP_URL: smtp.url, BUSINESS_EMAIL: 'office@example.com' },
    });
    const response = await app.inject({
      method: 'POST',
      url: '/api/contact',
      payload: contactBody(),
    });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({
      success: true,
      submission: { firstName: 'Hannah', id: 1 },
    });

    const [mail] = await smtp.waitFor(1);
    expect(mail?.to).toMatchObject({ text: 'office@example.com' });
    expect(mail?.subject).toBe('New contact message from Hannah Price (General Inquiry)');
    expect(mail?.text).toContain('Do you cover Point Samson on weekends?');
    expect(mail?.replyTo?.text).toBe('hannah@example.com');

    const email = app.db.prepare('SELECT * FROM emails').get() as Record<string, unknown>;
    expect(email).toMatchObject({ to: 'office@example.com', sent: 1 });
    expect(JSON.parse(String(email.customerInfo))).toEqual({
      name: 'Hannah Price',
      phone: '0434 567 801',
      email: 'hannah@example.com',
      service: 'General Inquiry',
      message: 'Do you cover Point Samson on weekends?',
    });
    expect(app.db.prepare('SELECT count(*) AS n FROM contact_submissions').get()).toEqual({ n: 1 });
  });

  it('marks an Emergency Towing message URGENT in its subject', async () => {
    const smtp = await startSmtp();
    const app = await buildTestApp({ env: { SMTP_URL: smtp.url } });
    await app.inject({
      method: 'POST',
      url: '/api/contact',
      payload: contactBody({ serviceNeeded: 'Emergency Towing' }),
    });
    const [mail] = await smtp.waitFor(1);
    expect(mail?.subject).toMatch(/^URGENT: /);
    expect(mail?.to).toMatchObject({ text: DEFAULT_BUSINESS_PROFILE.email });
  });

  it('keeps the message Pending when delivery fails, and still answers success', async () => {
    // Nothing listens on port 9 of loopback: the connection is refused at once.
    const app = await buildTestApp({ env: { SMTP_URL: 'smtp://127.0.0.1:9' } });
    const response = await app.inject({
      method: 'POST',
      url: '/api/contact',
      payload: contactBody(),
    });
    expect(response.statusCode).toBe(201);
    expect(app.db.prepare('SELECT sent FROM emails').get()).toEqual({ sent: 0 });
  });

  it('writes an .eml file to DATA_DIR/outbox when no SMTP server is configured', async () => {
    const config = testConfig();
    const app = await buildTestApp({ config });
    await app.inject({ method: 'POST', url: '/api/contact', payload: contactBody() });
    const outbox = path.join(config.dataDir, 'outbox');
    const files = fs.readdirSync(outbox).filter((file) => file.endsWith('.eml'));
    expect(files).toHaveLength(1);
    const eml = fs.readFileSync(path.join(outbox, files[0] as string), 'utf8');
    expect(eml).toContain('Subject: New contact message from Hannah Price');
    expect(eml).toContain(`To: ${DEFAULT_BUSINESS_PROFILE.email}`);
    expect(app.db.prepare('SELECT sent FROM emails').get()).toEqual({ sent: 1 });
  });

  it('escapes HTML the sender typed', async () => {
    const app = await buildTestApp();
    await app.inject({
      method: 'POST',
      url: '/api/contact',
      payload: contactBody({ message: '<script>alert(1)</script> please call' }),
    });
    const { htmlContent } = app.db.prepare('SELECT htmlContent FROM emails').get() as {
      htmlContent: string;
    };
    expect(htmlContent).not.toContain('<script>');
    expect(htmlContent).toContain('&lt;script&gt;');
  });

  it.each([
    [{ phone: '12345' }, 'phone', MESSAGES.PHONE_INVALID],
    [{ email: 'nope' }, 'email', MESSAGES.EMAIL_INVALID],
    [{ firstName: '' }, 'firstName', MESSAGES.FIRST_NAME_REQUIRED],
    [{ lastName: ' ' }, 'lastName', MESSAGES.LAST_NAME_REQUIRED],
    [{ serviceNeeded: '' }, 'serviceNeeded', MESSAGES.SERVICE_SELECT],
    [{ message: '' }, 'message', MESSAGES.MESSAGE_REQUIRED],
  ])('rejects %j with the %s message and writes nothing', async (override, field, message) => {
    const app = await buildTestApp();
    const before = snapshotDatabase(app);
    const response = await app.inject({
      method: 'POST',
      url: '/api/contact',
      payload: contactBody(override),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().fields[field]).toBe(message);
    expect(response.json().error).toBe(message);
    expect(snapshotDatabase(app)).toEqual(before);
  });
});
