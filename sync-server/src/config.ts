/**
 * Server configuration, read from environment variables and parsed once with zod.
 *
 * Every variable has a default that makes `npm start` work on a fresh machine: data lives in
 * `<repo root>/data`, the PWA is served from `<repo root>/web/dist`, mail goes to `.eml` files
 * when no SMTP server is configured (docs/operations.md), and card payments are off without keys.
 */
import path from 'node:path';
import ipaddr from 'ipaddr.js';
import { z } from 'zod';
import {
  BACKUP_POLICY,
  DEFAULT_MAP_STYLE_URL,
  OFFSITE_SCHEDULES,
  PUBLIC_LIMITS,
  SMS_BUDGET_DEFAULTS,
  SMS_CAPS,
  LEASE_GRANTS_PER_DAY,
  STAFF_ALERT_DEFAULTS,
  type SmsBudget,
  type SmsCategory,
} from '@pilbara/shared-schema';
import { REPO_ROOT } from './server-root';

export { REPO_ROOT };

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

/** Empty strings count as unset, so `FOO=` in a shell behaves like no FOO at all. */
const optionalText = z
  .string()
  .optional()
  .transform((value) => (value === undefined || value.trim() === '' ? undefined : value.trim()));

const optionalUrl = optionalText.pipe(z.url().optional());

const booleanFlag = (fallback: boolean) =>
  optionalText.transform((value, ctx) => {
    if (value === undefined) return fallback;
    const normalised = value.toLowerCase();
    if (['1', 'true', 'yes', 'on'].includes(normalised)) return true;
    if (['0', 'false', 'no', 'off'].includes(normalised)) return false;
    ctx.addIssue({ code: 'custom', message: `Expected true or false, got "${value}"` });
    return z.NEVER;
  });

/** A decimal degree from the environment within ±`limit`. */
const degrees = (limit: number) =>
  optionalText
    .transform((value) => (value === undefined ? undefined : Number(value)))
    .pipe(z.number().min(-limit).max(limit).optional());

/** Digits only, however the variable spaced or dashed them. */
const digitsOf = (value: string) => value.replace(/[\s-]/g, '');

/** Text message providers the server can send through (services/sms.ts). */
const SMS_PROVIDERS = ['twilio'] as const;

/** A sender: a number in E.164, or an alphanumeric sender id (1–11 characters, one a letter). */
const SMS_SENDER_PATTERN = /^(?:\+[1-9]\d{7,14}|(?=[A-Za-z0-9 ]*[A-Za-z])[A-Za-z0-9 ]{1,11})$/;

/** Names proxy-addr (Fastify's `trustProxy`) knows for whole ranges of proxy addresses. */
const PROXY_RANGE_NAMES = ['loopback', 'linklocal', 'uniquelocal'] as const;

/** An IPv4 or IPv6 address, or one with a prefix length (`10.0.0.0/8`, `fd00::/8`). */
function isAddressOrRange(text: string): boolean {
  if ((PROXY_RANGE_NAMES as readonly string[]).includes(text)) return true;
  const [address = '', prefix, extra] = text.split('/');
  if (extra !== undefined || !ipaddr.isValid(address)) return false;
  if (prefix === undefined) return true;
  const bits = ipaddr.parse(address).kind() === 'ipv4' ? 32 : 128;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= bits;
}

/**
 * TRUST_PROXY: which proxies' X-Forwarded-For the server believes, as Fastify's `trustProxy`
 * takes it. A proxy appends the address it was reached from to whatever the client sent, so only
 * entries added by proxies we run are true; the client's address is the last one they appended.
 * - unset, `false`, `0`: no proxy; the socket's peer is the client;
 * - a hop count `1`, `2`…: that many proxies in front (`true` is one: the common single nginx,
 *   Caddy or cloud load balancer), so the client is that many entries from the right;
 * - the proxies' addresses or ranges, comma-separated (`10.0.0.0/8,127.0.0.1`, or `loopback`):
 *   entries are believed from the right while they come from one of these.
 * Never "believe every entry": the left-most one is whatever the client wrote.
 */
const trustProxy = optionalText.transform((value, ctx): false | number | string[] => {
  if (value === undefined) return false;
  const lower = value.toLowerCase();
  if (['false', 'no', 'off', '0'].includes(lower)) return false;
  if (['true', 'yes', 'on'].includes(lower)) return 1;
  if (/^\d+$/.test(value)) {
    const hops = Number(value);
    if (hops >= 1 && hops <= 10) return hops;
  } else {
    const entries = value.split(',').map((entry) => entry.trim());
    if (entries.length > 0 && entries.every(isAddressOrRange)) return entries;
  }
  ctx.addIssue({
    code: 'custom',
    message:
      'Expected false, a number of proxies in front (1-10; true means 1), or the proxies’ addresses or ranges separated by commas (10.0.0.0/8, 127.0.0.1, loopback)',
  });
  return z.NEVER;
});

/**
 * SMS_COUNTRY_CODES: the countries customers may be texted in, by calling code (`61`, or
 * `61,64` to text New Zealand numbers too). Australia's are its mobiles only.
 */
const countryCodes = optionalText.transform((value, ctx) => {
  if (value === undefined) return ['61'];
  const codes = value.split(',').map((code) => code.trim().replace(/^\+/, ''));
  if (codes.length > 0 && codes.every((code) => /^[1-9]\d{0,2}$/.test(code))) return codes;
  ctx.addIssue({
    code: 'custom',
    message: 'Expected country calling codes separated by commas, such as 61 or 61,64',
  });
  return z.NEVER;
});

/** How hard new password hashes are: `low` exists for test servers only (see below). */
const PASSWORD_HASH_COSTS = ['standard', 'low'] as const;

/** Whether a host name or address can only be reached from this machine. */
function isLoopbackHost(host: string): boolean {
  const bare = host.replace(/^\[|\]$/g, '').toLowerCase();
  return bare === 'localhost' || bare === '::1' || /^127(?:\.\d{1,3}){3}$/.test(bare);
}

/** A whole number from the environment, with a default and bounds. */
const wholeNumber = (fallback: number, min: number, max: number) =>
  optionalText
    .transform((value) => (value === undefined ? fallback : Number(value)))
    .pipe(z.number().int().min(min).max(max));

/**
 * The key off-machine copies are encrypted with (AES-256-GCM): 32 random bytes, written as 64
 * hexadecimal digits or in base64 (`openssl rand -base64 32`).
 */
const backupKey = optionalText.transform((value, ctx) => {
  if (value === undefined) return undefined;
  const bytes = /^[0-9a-fA-F]{64}$/.test(value)
    ? Buffer.from(value, 'hex')
    : /^[A-Za-z0-9+/_-]{43}=?$/.test(value)
      ? Buffer.from(value, 'base64')
      : null;
  if (!bytes || bytes.length !== 32) {
    ctx.addIssue({
      code: 'custom',
      message:
        'Expected 32 random bytes as 64 hexadecimal digits or base64 (make one with: openssl rand -base64 32)',
    });
    return z.NEVER;
  }
  return bytes;
});

/** Environment variables (UPPER_SNAKE) → the typed configuration the server uses. */
const configSchema = z
  .object({
    PORT: optionalText
      .transform((value) => (value === undefined ? 3000 : Number(value)))
      .pipe(z.number().int().min(0).max(65535)),
    HOST: optionalText.pipe(z.string().default('127.0.0.1')),
    DATA_DIR: optionalText,
    WEB_DIST: optionalText,
    ADMIN_USERNAME: optionalText.pipe(z.string().max(50).default('admin')),
    ADMIN_PASSWORD: optionalText.pipe(z.string().min(8).max(255).optional()),
    SESSION_SECRET: optionalText.pipe(z.string().min(16).optional()),
    SMTP_URL: optionalUrl,
    MAIL_FROM: optionalText,
    PUBLIC_URL: optionalUrl,
    DEMO_DATA: booleanFlag(true),
    STRIPE_SECRET_KEY: optionalText,
    STRIPE_PUBLISHABLE_KEY: optionalText,
    STRIPE_WEBHOOK_SECRET: optionalText,
    STRIPE_API_BASE: optionalUrl,
    BUSINESS_NAME: optionalText,
    BUSINESS_EMAIL: optionalText.pipe(z.email().optional()),
    BUSINESS_ABN: optionalText,
    OWNER1_NAME: optionalText,
    OWNER1_PHONE: optionalText,
    OWNER2_NAME: optionalText,
    OWNER2_PHONE: optionalText,
    BUSINESS_REGION: optionalText.pipe(z.string().max(200).optional()),
    BUSINESS_HOURS: optionalText.pipe(z.string().max(100).optional()),
    SERVICE_RADIUS_KM: optionalText
      .transform((value) => (value === undefined ? undefined : Number(value)))
      .pipe(z.number().int().min(1).max(5000).optional()),
    DEPOT_NAME: optionalText.pipe(z.string().max(100).optional()),
    DEPOT_LATITUDE: degrees(90),
    DEPOT_LONGITUDE: degrees(180),
    BANK_ACCOUNT_NAME: optionalText.pipe(z.string().max(100).optional()),
    BANK_BSB: optionalText.pipe(
      z
        .string()
        .transform(digitsOf)
        .pipe(z.string().regex(/^\d{6}$/, 'Expected a BSB of 6 digits, such as 066-123'))
        .optional(),
    ),
    BANK_ACCOUNT_NUMBER: optionalText.pipe(
      z
        .string()
        .transform(digitsOf)
        .pipe(z.string().regex(/^\d{4,10}$/, 'Expected an account number of 4 to 10 digits'))
        .optional(),
    ),
    BANK_PAYID: optionalText.pipe(z.string().max(100).optional()),
    LOG_LEVEL: optionalText.pipe(z.enum(LOG_LEVELS).default('info')),
    PUBLIC_WRITES_PER_HOUR: optionalText
      .transform((value) =>
        value === undefined ? PUBLIC_LIMITS.writesPerHourPerAddress : Number(value),
      )
      .pipe(z.number().int().min(1).max(100_000)),
    PUBLIC_EMAILS_PER_HOUR: optionalText
      .transform((value) =>
        value === undefined ? PUBLIC_LIMITS.publicEmailsPerHour : Number(value),
      )
      .pipe(z.number().int().min(1).max(100_000)),
    TRUST_PROXY: trustProxy,
    SMS_PROVIDER: optionalText.pipe(z.enum(SMS_PROVIDERS).optional()),
    TWILIO_ACCOUNT_SID: optionalText.pipe(
      z
        .string()
        .regex(/^AC[0-9a-fA-F]{32}$/, 'Expected an Account SID: AC and 32 hexadecimal digits')
        .optional(),
    ),
    TWILIO_AUTH_TOKEN: optionalText,
    SMS_FROM: optionalText.pipe(
      z
        .string()
        .regex(
          SMS_SENDER_PATTERN,
          'Expected a number in E.164 (+61…) or a sender id of 1–11 letters, digits and spaces',
        )
        .optional(),
    ),
    TWILIO_API_BASE: optionalUrl,
    SMS_PER_NUMBER_PER_HOUR: optionalText
      .transform((value) => (value === undefined ? SMS_CAPS.perNumberPerHour : Number(value)))
      .pipe(z.number().int().min(1).max(1_000)),
    SMS_PER_HOUR: optionalText
      .transform((value) => (value === undefined ? SMS_CAPS.perHour : Number(value)))
      .pipe(z.number().int().min(1).max(100_000)),
    SMS_BOOKING_ACK_PER_HOUR: wholeNumber(SMS_BUDGET_DEFAULTS['booking-ack'].perHour, 0, 100_000),
    SMS_BOOKING_ACK_PER_ADDRESS_PER_DAY: wholeNumber(
      SMS_BUDGET_DEFAULTS['booking-ack'].perAddressPerDay ?? 3,
      0,
      1_000,
    ),
    SMS_BOOKING_ACK_PER_NUMBER_PER_DAY: wholeNumber(
      SMS_BUDGET_DEFAULTS['booking-ack'].newNumberPerDay ?? 1,
      0,
      100,
    ),
    SMS_COUNTRY_CODES: countryCodes,
    ALERT_ESCALATE_MINUTES: wholeNumber(STAFF_ALERT_DEFAULTS.escalateAfterMinutes, 1, 120),
    STAFF_SMS_PER_HOUR: wholeNumber(STAFF_ALERT_DEFAULTS.textsPerHour, 1, 10_000),
    LEASE_GRANTS_PER_DAY: wholeNumber(LEASE_GRANTS_PER_DAY, 1, 100_000),
    BACKUP_DIR: optionalText,
    BACKUP_EVERY_MINUTES: wholeNumber(BACKUP_POLICY.everyMinutes, 0, 7 * 24 * 60),
    BACKUP_KEEP_HOURLY: wholeNumber(BACKUP_POLICY.keepHourly, 1, 10_000),
    BACKUP_KEEP_DAILY: wholeNumber(BACKUP_POLICY.keepDaily, 0, 10_000),
    BACKUP_KEEP_MONTHLY: wholeNumber(BACKUP_POLICY.keepMonthly, 0, 10_000),
    BACKUP_OFFSITE_SCHEDULE: optionalText.pipe(
      z.enum(OFFSITE_SCHEDULES).default(BACKUP_POLICY.offsite),
    ),
    BACKUP_OFFSITE_DIR: optionalText,
    BACKUP_S3_BUCKET: optionalText,
    BACKUP_S3_PREFIX: optionalText,
    BACKUP_S3_REGION: optionalText,
    BACKUP_S3_ENDPOINT: optionalUrl,
    BACKUP_S3_ACCESS_KEY_ID: optionalText,
    BACKUP_S3_SECRET_ACCESS_KEY: optionalText,
    BACKUP_S3_FORCE_PATH_STYLE: booleanFlag(false),
    BACKUP_KEY: backupKey,
    PASSWORD_HASH_COST: optionalText.pipe(z.enum(PASSWORD_HASH_COSTS).default('standard')),
    MAP_STYLE_URL: optionalUrl,
    MAP_PMTILES_FILE: optionalText,
    MAP_GLYPHS_URL: optionalText,
  })
  .superRefine((env, ctx) => {
    // A test run signs in hundreds of times and each sign-in at the standard cost is half a
    // second of a core, so test servers may hash cheaply. A server anyone else can reach must
    // not: `low` is refused unless it listens on loopback, its links are plain http on loopback
    // and no proxy forwards to it, so a production server with it fails to start, saying why.
    if (env.PASSWORD_HASH_COST === 'low') {
      const publicUrl = env.PUBLIC_URL ? new URL(env.PUBLIC_URL) : undefined;
      const reachable = [
        isLoopbackHost(env.HOST) ? null : `HOST is ${env.HOST}`,
        publicUrl && (publicUrl.protocol !== 'http:' || !isLoopbackHost(publicUrl.hostname))
          ? `PUBLIC_URL is ${env.PUBLIC_URL}`
          : null,
        env.TRUST_PROXY ? 'TRUST_PROXY is on' : null,
      ].filter((reason) => reason !== null);
      if (reachable.length > 0) {
        ctx.addIssue({
          code: 'custom',
          path: ['PASSWORD_HASH_COST'],
          message: `"low" is for test servers on this machine only, and this server can be reached from elsewhere (${reachable.join(', ')}): unset PASSWORD_HASH_COST`,
        });
      }
    }
    // Nothing leaves the machine unencrypted: an off-machine destination needs the key.
    if ((env.BACKUP_OFFSITE_DIR || env.BACKUP_S3_BUCKET) && !env.BACKUP_KEY) {
      ctx.addIssue({
        code: 'custom',
        path: ['BACKUP_KEY'],
        message:
          'Required with BACKUP_OFFSITE_DIR or BACKUP_S3_BUCKET: copies leaving the machine are encrypted with it',
      });
    }
    // A depot is a point: half a position would put the trucks on the equator or at Greenwich.
    if ((env.DEPOT_LATITUDE === undefined) !== (env.DEPOT_LONGITUDE === undefined)) {
      const missing = env.DEPOT_LATITUDE === undefined ? 'DEPOT_LATITUDE' : 'DEPOT_LONGITUDE';
      ctx.addIssue({
        code: 'custom',
        path: [missing],
        message: 'DEPOT_LATITUDE and DEPOT_LONGITUDE are set together',
      });
    }
    // A transfer needs both numbers; one without the other would send money nowhere.
    if (Boolean(env.BANK_BSB) !== Boolean(env.BANK_ACCOUNT_NUMBER)) {
      ctx.addIssue({
        code: 'custom',
        path: [env.BANK_BSB ? 'BANK_ACCOUNT_NUMBER' : 'BANK_BSB'],
        message: 'BANK_BSB and BANK_ACCOUNT_NUMBER are set together',
      });
    }
    if (env.BANK_BSB && !env.BANK_ACCOUNT_NAME) {
      ctx.addIssue({
        code: 'custom',
        path: ['BANK_ACCOUNT_NAME'],
        message: 'Required with BANK_BSB: a transfer names the account it is paid into',
      });
    }
    if (env.BACKUP_S3_ACCESS_KEY_ID && !env.BACKUP_S3_SECRET_ACCESS_KEY) {
      ctx.addIssue({
        code: 'custom',
        path: ['BACKUP_S3_SECRET_ACCESS_KEY'],
        message: 'Required with BACKUP_S3_ACCESS_KEY_ID',
      });
    }
    if (env.SMS_PROVIDER !== 'twilio') return;
    for (const name of ['TWILIO_ACCOUNT_SID', 'TWILIO_AUTH_TOKEN', 'SMS_FROM'] as const) {
      if (!env[name]) {
        ctx.addIssue({
          code: 'custom',
          path: [name],
          message: 'Required when SMS_PROVIDER=twilio',
        });
      }
    }
  })
  .transform((env) => {
    const dataDir = path.resolve(env.DATA_DIR ?? path.join(REPO_ROOT, 'data'));
    const webDist = path.resolve(env.WEB_DIST ?? path.join(REPO_ROOT, 'web', 'dist'));
    const browserHost = env.HOST === '0.0.0.0' || env.HOST === '::' ? '127.0.0.1' : env.HOST;
    const publicUrl = (env.PUBLIC_URL ?? `http://${browserHost}:${env.PORT}`).replace(/\/+$/, '');
    return {
      port: env.PORT,
      host: env.HOST,
      dataDir,
      /** The SQLite database file inside the data folder. */
      databaseFile: path.join(dataDir, 'pilbara.sqlite'),
      webDist,
      adminUsername: env.ADMIN_USERNAME,
      adminPassword: env.ADMIN_PASSWORD,
      /** The cost of new password hashes: `low` only on a test server (refused elsewhere). */
      passwordHashCost: env.PASSWORD_HASH_COST,
      sessionSecret: env.SESSION_SECRET,
      smtpUrl: env.SMTP_URL,
      mailFrom: env.MAIL_FROM,
      publicUrl,
      demoData: env.DEMO_DATA,
      stripe: {
        secretKey: env.STRIPE_SECRET_KEY,
        publishableKey: env.STRIPE_PUBLISHABLE_KEY,
        webhookSecret: env.STRIPE_WEBHOOK_SECRET,
        apiBase: env.STRIPE_API_BASE,
      },
      /** Overrides of shared-schema's DEFAULT_BUSINESS_PROFILE; unset fields keep the default. */
      business: {
        name: env.BUSINESS_NAME,
        email: env.BUSINESS_EMAIL,
        abn: env.BUSINESS_ABN,
        owner1Name: env.OWNER1_NAME,
        owner1Phone: env.OWNER1_PHONE,
        owner2Name: env.OWNER2_NAME,
        owner2Phone: env.OWNER2_PHONE,
        region: env.BUSINESS_REGION,
        hours: env.BUSINESS_HOURS,
        serviceRadiusKm: env.SERVICE_RADIUS_KM,
        depot:
          env.DEPOT_LATITUDE !== undefined && env.DEPOT_LONGITUDE !== undefined
            ? { name: env.DEPOT_NAME, latitude: env.DEPOT_LATITUDE, longitude: env.DEPOT_LONGITUDE }
            : env.DEPOT_NAME
              ? { name: env.DEPOT_NAME }
              : undefined,
        bank: {
          accountName: env.BANK_ACCOUNT_NAME,
          bsb: env.BANK_BSB,
          accountNumber: env.BANK_ACCOUNT_NUMBER,
          payId: env.BANK_PAYID,
        },
      },
      logLevel: env.LOG_LEVEL,
      /** Contact, booking and feedback submissions per hour from one network address. */
      publicWritesPerHour: env.PUBLIC_WRITES_PER_HOUR,
      /**
       * Id blocks of one series one account is granted in a day: each new device (a browser
       * profile, a phone after its data was cleared) asks for one of each.
       */
      leaseGrantsPerDay: env.LEASE_GRANTS_PER_DAY,
      /** Emails the public forms may cause per hour, from everyone together. */
      publicEmailsPerHour: env.PUBLIC_EMAILS_PER_HOUR,
      /**
       * The proxies whose X-Forwarded-For entries are believed (a hop count or their addresses),
       * or false: see `trustProxy` above.
       */
      trustProxy: env.TRUST_PROXY,
      /**
       * Text messages: through Twilio when SMS_PROVIDER=twilio, else written to DATA_DIR/outbox.
       * The budgets hold either way.
       */
      sms: {
        provider: env.SMS_PROVIDER ?? null,
        accountSid: env.TWILIO_ACCOUNT_SID,
        authToken: env.TWILIO_AUTH_TOKEN,
        from: env.SMS_FROM,
        apiBase: env.TWILIO_API_BASE,
        /**
         * The budgets texts are counted against, by category (shared-schema SMS_CATEGORIES):
         * booking acknowledgements, job updates and staff alerts each apart.
         */
        budgets: {
          'booking-ack': {
            perHour: env.SMS_BOOKING_ACK_PER_HOUR,
            perNumberPerHour: env.SMS_PER_NUMBER_PER_HOUR,
            perAddressPerDay: env.SMS_BOOKING_ACK_PER_ADDRESS_PER_DAY,
            newNumberPerDay: env.SMS_BOOKING_ACK_PER_NUMBER_PER_DAY,
          },
          'job-updates': {
            perHour: env.SMS_PER_HOUR,
            perNumberPerHour: env.SMS_PER_NUMBER_PER_HOUR,
          },
          // Staff numbers have no cap of their own: an emergency nobody takes texts them every
          // few minutes.
          'staff-alerts': { perHour: env.STAFF_SMS_PER_HOUR },
        } satisfies Record<SmsCategory, SmsBudget>,
        /** Countries customers may be texted in (calling codes; Australia: mobiles only). */
        countryCodes: env.SMS_COUNTRY_CODES,
      },
      /**
       * Staff alerts: an emergency booking nobody takes texts the next person on the roster
       * after `escalateAfterMinutes`, then everyone every as many minutes again; staff alert
       * texts have their own hourly budget (`textsPerHour`), apart from the customers'.
       */
      staffAlerts: {
        escalateAfterMinutes: env.ALERT_ESCALATE_MINUTES,
        textsPerHour: env.STAFF_SMS_PER_HOUR,
      },
      /**
       * Backups: a verified copy every `everyMinutes` (0: only by hand) into `dir`,
       * outside the data folder by default so a lost data folder does not take them along;
       * optionally sent, encrypted with `key`, to a mounted folder and/or S3-compatible storage.
       */
      backup: {
        dir: path.resolve(env.BACKUP_DIR ?? `${dataDir}-backups`),
        everyMinutes: env.BACKUP_EVERY_MINUTES,
        keepHourly: env.BACKUP_KEEP_HOURLY,
        keepDaily: env.BACKUP_KEEP_DAILY,
        keepMonthly: env.BACKUP_KEEP_MONTHLY,
        offsiteSchedule: env.BACKUP_OFFSITE_SCHEDULE,
        offsiteDir: env.BACKUP_OFFSITE_DIR ? path.resolve(env.BACKUP_OFFSITE_DIR) : undefined,
        s3: env.BACKUP_S3_BUCKET
          ? {
              bucket: env.BACKUP_S3_BUCKET,
              prefix: (env.BACKUP_S3_PREFIX ?? 'pilbara').replace(/^\/+|\/+$/g, ''),
              region: env.BACKUP_S3_REGION ?? 'us-east-1',
              endpoint: env.BACKUP_S3_ENDPOINT,
              accessKeyId: env.BACKUP_S3_ACCESS_KEY_ID,
              secretAccessKey: env.BACKUP_S3_SECRET_ACCESS_KEY,
              forcePathStyle: env.BACKUP_S3_FORCE_PATH_STYLE,
            }
          : undefined,
        key: env.BACKUP_KEY,
      },
      /**
       * The map's tiles (docs/dispatch.md): an operator's own PMTiles file served by this
       * server (MAP_PMTILES_FILE), else a MapLibre style URL (MAP_STYLE_URL), else the free
       * default style that needs no key.
       */
      map: {
        styleUrl: env.MAP_STYLE_URL ?? DEFAULT_MAP_STYLE_URL,
        pmtilesFile: env.MAP_PMTILES_FILE ? path.resolve(env.MAP_PMTILES_FILE) : undefined,
        glyphsUrl: env.MAP_GLYPHS_URL ?? null,
      },
    };
  });

export type Config = z.output<typeof configSchema>;

/** A readable error listing every bad variable, so a misconfigured start fails at once. */
export class ConfigError extends Error {
  override name = 'ConfigError';
}

/**
 * Parses the environment into a {@link Config}. Call it once, at start; everything else receives
 * the parsed object.
 */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const result = configSchema.safeParse(env);
  if (!result.success) {
    const lines = result.error.issues.map(
      (issue) => `  ${issue.path.join('.') || '(env)'}: ${issue.message}`,
    );
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  return result.data;
}

/** Whether the card provider is configured well enough to take payments. */
export function cardPaymentsEnabled(config: Config): boolean {
  return Boolean(config.stripe.secretKey && config.stripe.publishableKey);
}
