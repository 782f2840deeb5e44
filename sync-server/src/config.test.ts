import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { OTHER_BUSINESS_ENV } from '../test/business-env';
import { ConfigError, REPO_ROOT, cardPaymentsEnabled, loadConfig } from './config';

describe('loadConfig', () => {
  it('gives the embedded defaults when nothing is set', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 3000,
      host: '127.0.0.1',
      dataDir: path.join(REPO_ROOT, 'data'),
      webDist: path.join(REPO_ROOT, 'web', 'dist'),
      adminUsername: 'admin',
      adminPassword: undefined,
      smtpUrl: undefined,
      publicUrl: 'http://127.0.0.1:3000',
      demoData: true,
      logLevel: 'info',
    });
    expect(config.databaseFile).toBe(path.join(REPO_ROOT, 'data', 'pilbara.sqlite'));
    expect(cardPaymentsEnabled(config)).toBe(false);
  });

  it('reads every variable', () => {
    const config = loadConfig({
      PORT: '8080',
      HOST: '0.0.0.0',
      DATA_DIR: '/tmp/pilbara-data',
      WEB_DIST: '/tmp/pilbara-web',
      ADMIN_USERNAME: 'boss',
      ADMIN_PASSWORD: 'long-enough-password',
      SESSION_SECRET: 'a-session-secret-of-some-length',
      SMTP_URL: 'smtp://127.0.0.1:2525',
      MAIL_FROM: 'Pilbara <jobs@example.com>',
      PUBLIC_URL: 'https://towing.example.com/',
      DEMO_DATA: 'false',
      STRIPE_SECRET_KEY: 'sk_test_1',
      STRIPE_PUBLISHABLE_KEY: 'pk_test_1',
      STRIPE_WEBHOOK_SECRET: 'whsec_1',
      STRIPE_API_BASE: 'http://127.0.0.1:12111',
      ...OTHER_BUSINESS_ENV,
      LOG_LEVEL: 'warn',
    });
    expect(config).toMatchObject({
      port: 8080,
      host: '0.0.0.0',
      dataDir: '/tmp/pilbara-data',
      webDist: '/tmp/pilbara-web',
      adminUsername: 'boss',
      adminPassword: 'long-enough-password',
      smtpUrl: 'smtp://127.0.0.1:2525',
      mailFrom: 'Pilbara <jobs@example.com>',
      publicUrl: 'https://towing.example.com',
      demoData: false,
      stripe: {
        secretKey: 'sk_test_1',
        publishableKey: 'pk_test_1',
        webhookSecret: 'whsec_1',
        apiBase: 'http://127.0.0.1:12111',
      },
      business: {
        name: 'Red Dirt Towing',
        email: 'office@example.com',
        abn: '12 345 678 901',
        owner1Name: 'Jo',
        owner1Phone: '0400 111 111',
        owner2Name: 'Kim',
        owner2Phone: '0400 222 222',
      },
      logLevel: 'warn',
    });
    expect(cardPaymentsEnabled(config)).toBe(true);
  });

  it('treats empty variables as unset', () => {
    const config = loadConfig({ PORT: '', SMTP_URL: ' ', ADMIN_PASSWORD: '' });
    expect(config.port).toBe(3000);
    expect(config.smtpUrl).toBeUndefined();
    expect(config.adminPassword).toBeUndefined();
  });

  it('accepts the usual spellings of true and false for DEMO_DATA', () => {
    expect(loadConfig({ DEMO_DATA: '0' }).demoData).toBe(false);
    expect(loadConfig({ DEMO_DATA: 'no' }).demoData).toBe(false);
    expect(loadConfig({ DEMO_DATA: 'TRUE' }).demoData).toBe(true);
    expect(loadConfig({ DEMO_DATA: '1' }).demoData).toBe(true);
  });

  it('texts to the outbox by default, and through Twilio when it is set up in full', () => {
    expect(loadConfig({}).sms).toEqual({
      provider: null,
      accountSid: undefined,
      authToken: undefined,
      from: undefined,
      apiBase: undefined,
      budgets: {
        'booking-ack': {
          perHour: 20,
          perNumberPerHour: 8,
          perAddressPerDay: 3,
          newNumberPerDay: 1,
        },
        'job-updates': { perHour: 60, perNumberPerHour: 8 },
        'staff-alerts': { perHour: 60 },
      },
      countryCodes: ['61'],
    });
    const twilio = {
      SMS_PROVIDER: 'twilio',
      TWILIO_ACCOUNT_SID: `AC${'a1'.repeat(16)}`,
      TWILIO_AUTH_TOKEN: 'token',
      SMS_FROM: '+61480000000',
    };
    expect(
      loadConfig({
        ...twilio,
        TWILIO_API_BASE: 'http://127.0.0.1:4010',
        SMS_PER_NUMBER_PER_HOUR: '3',
        SMS_PER_HOUR: '100',
        SMS_BOOKING_ACK_PER_HOUR: '5',
        SMS_BOOKING_ACK_PER_ADDRESS_PER_DAY: '2',
        SMS_BOOKING_ACK_PER_NUMBER_PER_DAY: '0',
        STAFF_SMS_PER_HOUR: '40',
        SMS_COUNTRY_CODES: '61, +64',
      }).sms,
    ).toEqual({
      provider: 'twilio',
      accountSid: twilio.TWILIO_ACCOUNT_SID,
      authToken: 'token',
      from: '+61480000000',
      apiBase: 'http://127.0.0.1:4010',
      budgets: {
        'booking-ack': { perHour: 5, perNumberPerHour: 3, perAddressPerDay: 2, newNumberPerDay: 0 },
        'job-updates': { perHour: 100, perNumberPerHour: 3 },
        'staff-alerts': { perHour: 40 },
      },
      countryCodes: ['61', '64'],
    });
    expect(loadConfig({ ...twilio, SMS_FROM: 'PilbaraTow' }).sms.from).toBe('PilbaraTow');
    expect(() => loadConfig({ ...twilio, TWILIO_AUTH_TOKEN: '' })).toThrow(/TWILIO_AUTH_TOKEN/);
    expect(() => loadConfig({ SMS_PROVIDER: 'twilio' })).toThrow(/TWILIO_ACCOUNT_SID/);
    expect(() => loadConfig({ ...twilio, SMS_FROM: '0412 345 678' })).toThrow(/SMS_FROM/);
    expect(() => loadConfig({ ...twilio, SMS_FROM: 'Pilbara Towing' })).toThrow(/SMS_FROM/);
    expect(() => loadConfig({ ...twilio, TWILIO_ACCOUNT_SID: 'AC123' })).toThrow(
      /TWILIO_ACCOUNT_SID/,
    );
    expect(() => loadConfig({ SMS_PROVIDER: 'pigeon' })).toThrow(/SMS_PROVIDER/);
    expect(() => loadConfig({ SMS_PER_HOUR: '0' })).toThrow(/SMS_PER_HOUR/);
    expect(() => loadConfig({ SMS_COUNTRY_CODES: 'AU' })).toThrow(/SMS_COUNTRY_CODES/);
    expect(() => loadConfig({ SMS_BOOKING_ACK_PER_HOUR: '-1' })).toThrow(
      /SMS_BOOKING_ACK_PER_HOUR/,
    );
  });

  it('backs up hourly beside the data folder by default, and off the machine only with a key', () => {
    const plain = loadConfig({ DATA_DIR: '/srv/pilbara/data' });
    expect(plain.backup).toMatchObject({
      dir: '/srv/pilbara/data-backups',
      everyMinutes: 60,
      keepHourly: 48,
      keepDaily: 35,
      keepMonthly: 60,
      offsiteSchedule: 'daily',
      offsiteDir: undefined,
      s3: undefined,
      key: undefined,
    });
    const key = Buffer.alloc(32, 7);
    const full = loadConfig({
      BACKUP_DIR: '/mnt/disk2/backups',
      BACKUP_EVERY_MINUTES: '30',
      BACKUP_OFFSITE_DIR: '/mnt/usb',
      BACKUP_OFFSITE_SCHEDULE: 'hourly',
      BACKUP_S3_BUCKET: 'depot',
      BACKUP_S3_PREFIX: '/karratha/',
      BACKUP_S3_ENDPOINT: 'https://s3.example.com',
      BACKUP_S3_ACCESS_KEY_ID: 'AKIA1',
      BACKUP_S3_SECRET_ACCESS_KEY: 'secret',
      BACKUP_KEY: key.toString('hex'),
    });
    expect(full.backup).toMatchObject({
      dir: '/mnt/disk2/backups',
      everyMinutes: 30,
      offsiteDir: '/mnt/usb',
      offsiteSchedule: 'hourly',
      s3: { bucket: 'depot', prefix: 'karratha', endpoint: 'https://s3.example.com' },
    });
    expect(full.backup.key?.equals(key)).toBe(true);
    expect(loadConfig({ BACKUP_KEY: key.toString('base64') }).backup.key?.equals(key)).toBe(true);

    expect(() => loadConfig({ BACKUP_OFFSITE_DIR: '/mnt/usb' })).toThrow(
      /BACKUP_KEY: Required with BACKUP_OFFSITE_DIR or BACKUP_S3_BUCKET/,
    );
    expect(() => loadConfig({ BACKUP_KEY: 'short' })).toThrow(
      /BACKUP_KEY: Expected 32 random bytes/,
    );
    expect(() =>
      loadConfig({
        BACKUP_S3_BUCKET: 'b',
        BACKUP_KEY: key.toString('hex'),
        BACKUP_S3_ACCESS_KEY_ID: 'x',
      }),
    ).toThrow(/BACKUP_S3_SECRET_ACCESS_KEY: Required/);
  });

  it('trusts a proxy by hop count or by its addresses, never every X-Forwarded-For entry', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'false' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '0' }).trustProxy).toBe(false);
    // `true` (the old spelling) means the one proxy in front, not "believe every entry".
    expect(loadConfig({ TRUST_PROXY: 'true' }).trustProxy).toBe(1);
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, 127.0.0.1,fd00::/8' }).trustProxy).toEqual([
      '10.0.0.0/8',
      '127.0.0.1',
      'fd00::/8',
    ]);
    expect(loadConfig({ TRUST_PROXY: 'loopback' }).trustProxy).toEqual(['loopback']);
    for (const bad of ['maybe', '11', '10.0.0.0/33', '10.0.0.1,example.com', '1.2.3.4/8/1']) {
      expect(() => loadConfig({ TRUST_PROXY: bad }), bad).toThrow(/TRUST_PROXY: Expected false/);
    }
  });

  it('hashes passwords at the standard cost unless a test server on loopback asks for less', () => {
    expect(loadConfig({}).passwordHashCost).toBe('standard');
    expect(loadConfig({ PASSWORD_HASH_COST: 'low' }).passwordHashCost).toBe('low');
    expect(
      loadConfig({ PASSWORD_HASH_COST: 'low', HOST: '::1', PUBLIC_URL: 'http://localhost:3000' })
        .passwordHashCost,
    ).toBe('low');
    expect(() => loadConfig({ PASSWORD_HASH_COST: 'cheap' })).toThrow(/PASSWORD_HASH_COST/);
  });

  it('refuses the low password cost on a server others can reach', () => {
    const refused = (env: Record<string, string>) => () =>
      loadConfig({ PASSWORD_HASH_COST: 'low', ...env });
    expect(refused({ HOST: '0.0.0.0' })).toThrow(/PASSWORD_HASH_COST: .*HOST is 0\.0\.0\.0/);
    expect(refused({ HOST: '192.168.1.20' })).toThrow(/HOST is 192\.168\.1\.20/);
    expect(refused({ PUBLIC_URL: 'https://towing.example.com' })).toThrow(
      /PUBLIC_URL is https:\/\/towing\.example\.com/,
    );
    expect(refused({ PUBLIC_URL: 'https://127.0.0.1:3000' })).toThrow(/PUBLIC_URL/);
    expect(refused({ TRUST_PROXY: 'true' })).toThrow(/TRUST_PROXY is on/);
  });

  it('rejects bad values and names each variable', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(ConfigError);
    expect(() => loadConfig({ PORT: '70000' })).toThrow(/PORT/);
    expect(() => loadConfig({ DEMO_DATA: 'maybe' })).toThrow(/DEMO_DATA/);
    expect(() => loadConfig({ SMTP_URL: 'not a url' })).toThrow(/SMTP_URL/);
    expect(() => loadConfig({ ADMIN_PASSWORD: 'short' })).toThrow(/ADMIN_PASSWORD/);
    expect(() => loadConfig({ LOG_LEVEL: 'loud' })).toThrow(/LOG_LEVEL/);
    expect(() => loadConfig({ BUSINESS_EMAIL: 'nope' })).toThrow(/BUSINESS_EMAIL/);
  });
});
