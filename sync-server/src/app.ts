/**
 * `buildApp(config)`: the whole server as a Fastify instance, used by `main.ts`, by tests
 * through `app.inject`, and on a real port alike (fastify/demo's shape).
 *
 * Order: database (migrated) and services → external plugins (helmet, compression, rate limit,
 * cookies) → app plugins (auth, the API description) → routes by area (health, config, auth,
 * public, billing, staff, sync) → static PWA hosting (pre-rendered pages, the shell for staff
 * screens, 404 page).
 *
 * Routes declare their zod schemas in their options (plugins/route-schemas.ts): validation,
 * handler types and the OpenAPI document at /api/docs all come from that one declaration.
 */
import crypto from 'node:crypto';
import Fastify, {
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
  type FastifyServerOptions,
} from 'fastify';
import compress from '@fastify/compress';
import rateLimit from '@fastify/rate-limit';
import { MESSAGES, businessAbnProblem, type BusinessProfile } from '@pilbara/shared-schema';
import { cardPaymentsEnabled, type Config } from './config';
import { inTransaction, openDatabase, type Db } from './db/connection';
import { ensureDefaultPriceList } from './db/repositories/accounts';
import { migrate } from './db/migrate';
import { seedDemoData } from './db/demo-data';
import { deleteExpiredSessions } from './db/repositories/users';
import { deleteOldIdempotencyKeys } from './db/repositories/idempotency';
import { loadPayLinkKey } from './db/repositories/pay-links';
import {
  ensureAdmin,
  refuseNonAdminAccount,
  resolveSessionSecret,
  type AdminLogin,
} from './bootstrap';
import { authPlugin } from './plugins/auth';
import { answerClientError, registerErrorHandling } from './plugins/errors';
import { HttpError } from './http-error';
import { registerRequestRules } from './plugins/request-rules';
import { registerSecurityHeaders } from './plugins/security-headers';
import { redactingLogger } from './plugins/log-redaction';
import { registerIdempotency } from './plugins/idempotency';
import { BackoffGuard, FailureGuard, SharedBudget, minutesOf } from './services/guards';
import {
  DEFAULT_RATE_LIMITS,
  HOUR,
  LOGIN_ACCOUNT_BACKOFF,
  LOGIN_ADDRESS_BACKOFF,
  LOGIN_DEVICE_BACKOFF,
  PHONE_PROOF_GUARD,
  type Guards,
  type RateLimits,
} from './limits';
import { scryptCostFor, type ScryptCost } from './services/passwords';
import { IMMUTABLE, resolveSitePages, staticPlugin } from './plugins/static';
import { apiDocsPlugin } from './plugins/api-docs';
import { responseSerializer, validatorCompiler, type ResponseCheck } from './plugins/route-schemas';
import packageJson from '../package.json' with { type: 'json' };
import { businessProfile } from './services/business-profile';
import { createMailer, type Mailer } from './services/mailer';
import { startNotifier } from './services/notifier';
import { startFleetSummary } from './services/fleet-summary';
import { startMonthlyStatements } from './services/monthly-statements';
import { logCompaction, type CompactionPacing } from './sync/retention';
import { startTimeline } from './sync/timeline';
import { healthRoutes } from './routes/health';
import { configRoutes } from './routes/config';
import { mapConfigRoutes, mapTileRoutes } from './routes/map';
import { authRoutes } from './routes/auth/index';
import { publicRoutes } from './routes/public/index';
import { staffRoutes } from './routes/staff/index';
import { syncRoutes } from './routes/sync';
import { billingRoutes } from './routes/billing/index';
import { accountRoutes } from './routes/accounts/index';
import { fieldRecordRoutes } from './routes/field-record/index';
import { complianceRoutes } from './routes/compliance';
import { FieldFiles } from './services/field-files';
import { createPdfRenderer, type PdfRenderer } from './services/pdf/pool';
import {
  createPushSender,
  loadVapidKeys,
  vapidSubject,
  type PushNetwork,
  type PushSender,
} from './services/push';
import { createSmsSender, type SmsSender } from './services/sms';
import { idSeriesWarnings } from './services/server-warnings';
import { BackupService } from './backup/service';
import type { Destination } from './backup/destinations';

declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
    config: Config;
    mailer: Mailer;
    /** The active business profile (defaults with configuration on top). */
    profile: BusinessProfile;
    /** The server's clock; tests may replace it through `buildApp`'s `now` option. */
    now: () => Date;
    /** Rate limits per route group, as configured for this instance. */
    limits: RateLimits;
    /** Failure guards: sign-in per account and per address, phone digits per job id. */
    guards: Guards;
    /** The hourly budget of emails the public forms may cause, shared by everyone. */
    emailBudget: SharedBudget;
    /** scrypt cost of new password hashes (older hashes are upgraded at the next sign-in). */
    passwordCost: ScryptCost;
    /** The field record's files under DATA_DIR. */
    fieldFiles: FieldFiles;
    /** Web Push to customers, signed with this data folder's VAPID keys. */
    push: PushSender;
    /** The key quote pay-link tokens are derived with (db/repositories/pay-links.ts). */
    payLinkKey: Buffer;
    /** Draws PDFs in worker threads within a time budget (services/pdf/pool.ts). */
    pdf: PdfRenderer;
    /** Text messages to customers: Twilio, or the outbox folder when unset. */
    sms: SmsSender;
    /** Scheduled, checked backups and their status. */
    backups: BackupService;
    /**
     * Settles once the ADMIN_PASSWORD account is in line with the configuration, which is done
     * after listening (see buildApp); sign-ins and requests with a session wait for it.
     */
    accountsReady: Promise<void>;
  }
}

export interface BuildAppOptions {
  /** Pino logger options, or false for none. Default: the configured LOG_LEVEL. */
  logger?: FastifyServerOptions['logger'];
  /** Use this database instead of opening config.databaseFile (it is still migrated). */
  db?: Db;
  mailer?: Mailer;
  now?: () => Date;
  rateLimits?: Partial<RateLimits>;
  /** scrypt cost of new hashes; default the configured one (tests may pass a cheaper one). */
  passwordCost?: ScryptCost;
  /** Seed demo data into an empty database; default config.demoData. */
  demoData?: boolean;
  /**
   * Run the customer job-update notifier (services/notifier.ts), the owners' daily fleet
   * summary (services/fleet-summary.ts) and the accounts' monthly statements
   * (services/monthly-statements.ts). `main` turns them on; tests
   * leave it off unless they exercise it, so no test gets mail it did not ask for.
   */
  notifier?: boolean;
  /**
   * Compact the change log while the server runs, in bounded steps (sync/retention.ts); `main`
   * does. An object sets the pacing (tests shorten it).
   */
  logCompaction?: boolean | CompactionPacing;
  /**
   * A response that does not match its route's declared schema: 'throw' (the default, so every
   * test catches a description drifting from the code) or 'log' (`main`: the user still gets
   * the answer, the log says what drifted).
   */
  responseCheck?: ResponseCheck;
  /**
   * Where Web Push sends may connect (services/push.ts); the default is the browsers' push
   * services over DNS and public addresses only. Tests point it at their local push service.
   */
  pushNetwork?: PushNetwork;
  /** How long a PDF may take (services/pdf/pool.ts; tests of the budget shorten it). */
  pdfBudgetMs?: number;
  /** Text messages through this sender instead of the configured one. */
  sms?: SmsSender;
  /**
   * Take backups on the schedule (backup/service.ts); `main` does. Tests leave it off and start
   * one by hand (`app.backups.runNow`) or through the API.
   */
  backups?: boolean;
  /** Off-machine destinations instead of the configured ones (tests). */
  backupDestinations?: Destination[];
}

export interface AppExtras {
  /** Set on the first start when an admin password was generated; main prints it once. */
  generatedAdmin: AdminLogin | null;
  /**
   * Why BUSINESS_ABN cannot go on a tax invoice (missing, or failing the ATO's check), else null:
   * logged at start, printed by main, and shown to the owners as a banner.
   */
  abnProblem: string | null;
}

/**
 * Fastify's `trustProxy` for `hops` proxies in front: the nearest `hops` addresses (the socket's
 * peer, then X-Forwarded-For from the right) are proxies, so the client is the one they appended.
 */
function trustHops(hops: number): (address: string, hop: number) => boolean {
  return (_address, hop) => hop < hops;
}

/** Body limit for JSON: far above any real form, far below anything abusive. */
export const BODY_LIMIT = 64 * 1024;

export async function buildApp(
  config: Config,
  opts: BuildAppOptions = {},
): Promise<FastifyInstance & AppExtras> {
  const app = Fastify({
    // Passwords, tokens, phone proofs and cookies never reach the log (plugins/log-redaction.ts).
    logger: redactingLogger(opts.logger ?? { level: config.logLevel }),
    bodyLimit: BODY_LIMIT,
    // Read through genReqId below, which refuses ids that could forge log lines.
    requestIdHeader: false,
    // A caller's X-Request-Id is kept (up to 64 safe characters); otherwise a short random id.
    genReqId: (request) => {
      const given = request.headers['x-request-id'];
      return typeof given === 'string' && /^[\w.-]{1,64}$/.test(given)
        ? given
        : crypto.randomBytes(6).toString('base64url');
    },
    // Behind a reverse proxy the client's address is the one our proxy appended to
    // X-Forwarded-For (TRUST_PROXY: a hop count or the proxies' addresses, never every entry);
    // the per-address limits count by it.
    trustProxy:
      typeof config.trustProxy === 'number' ? trustHops(config.trustProxy) : config.trustProxy,
    // A URL the router cannot decode ('/api/jobs/customer/%') gets the API's error shape too.
    frameworkErrors: (_error, _request, reply) => {
      const message = 'The address of this request is not valid';
      void (reply as unknown as FastifyReply)
        .code(400)
        .send({ error: message, fields: { url: message } });
    },
    // Errors Node's HTTP parser meets before Fastify has a request (headers too large, a request
    // it cannot read) get the API's `{error, fields?}` shape too.
    clientErrorHandler: answerClientError,
    return503OnClosing: true,
    forceCloseConnections: 'idle',
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(responseSerializer(opts.responseCheck ?? 'throw', app.log));

  const ownsDb = !opts.db;
  const db = opts.db ?? openDatabase(config.databaseFile);
  try {
    migrate(db);
  } catch (error) {
    if (ownsDb) db.close();
    throw error;
  }
  const now = opts.now ?? (() => new Date());
  const mailer = opts.mailer ?? createMailer(config);
  const profile = businessProfile(config);
  const abnProblem = businessAbnProblem(profile.abn);
  if (abnProblem) app.log.warn({ abn: profile.abn }, abnProblem);

  app.decorate('db', db);
  app.decorate('config', config);
  app.decorate('mailer', mailer);
  app.decorate('profile', profile);
  app.decorate('now', now);
  app.decorate('limits', {
    ...DEFAULT_RATE_LIMITS,
    publicWrite: {
      max: config.publicWritesPerHour,
      timeWindow: HOUR,
      errorResponseBuilder: (_request: FastifyRequest, context: { ttl: number }) =>
        new HttpError(429, MESSAGES.publicWriteLimited(minutesOf(context.ttl))),
    },
    ...opts.rateLimits,
  });
  app.decorate('guards', {
    loginAccount: new BackoffGuard(LOGIN_ACCOUNT_BACKOFF),
    loginAddress: new BackoffGuard(LOGIN_ADDRESS_BACKOFF),
    loginKnownDevice: new BackoffGuard(LOGIN_DEVICE_BACKOFF),
    phoneProof: new FailureGuard(PHONE_PROOF_GUARD),
  });
  app.decorate('emailBudget', new SharedBudget(config.publicEmailsPerHour, HOUR / 1000));
  const passwordCost = opts.passwordCost ?? scryptCostFor(config.passwordHashCost);
  app.decorate('passwordCost', passwordCost);
  app.decorate('fieldFiles', new FieldFiles(config.dataDir));
  app.decorate('payLinkKey', loadPayLinkKey(config.dataDir));
  const pdf = createPdfRenderer(opts.pdfBudgetMs ? { budgetMs: opts.pdfBudgetMs } : {});
  app.decorate('pdf', pdf);
  app.decorate(
    'push',
    createPushSender({
      keys: loadVapidKeys(config.dataDir),
      subject: vapidSubject(config.publicUrl, profile.email),
      ...(opts.pushNetwork ? { network: opts.pushNetwork } : {}),
    }),
  );

  app.decorate('sms', opts.sms ?? createSmsSender(config));

  deleteExpiredSessions(db, now());
  deleteOldIdempotencyKeys(db, now());
  // The configured admin password is applied while the server already listens: checking it
  // against the stored hash (or hashing it for a new account) is scrypt, at the standard cost
  // the largest part of a start. Until it is
  // done, sign-ins and every request that carries a session wait for it (plugins/auth.ts), so
  // nobody signs in with a replaced password or uses a session it ended; health, public pages
  // and static files are answered at once. A refused ADMIN_USERNAME still stops the start.
  let generatedAdmin: AdminLogin | null = null;
  let accountsReady: Promise<void> = Promise.resolve();
  try {
    refuseNonAdminAccount(db, config);
    if (config.adminPassword) {
      accountsReady = ensureAdmin(db, config, now(), passwordCost).then(() => undefined);
      accountsReady.catch((error: unknown) =>
        app.log.error({ err: error }, 'could not apply ADMIN_PASSWORD; sign-ins fail until fixed'),
      );
    } else {
      // Only the very first start hashes here (a generated password main prints once).
      generatedAdmin = await ensureAdmin(db, config, now(), passwordCost);
    }
  } catch (error) {
    if (ownsDb) db.close();
    throw error;
  }
  app.decorate('accountsReady', accountsReady);
  if (opts.demoData ?? config.demoData) {
    const drivers = profile.owners.map((owner) => owner.name);
    seedDemoData(db, now(), { drivers: [drivers[0] ?? 'Driver 1', drivers[1] ?? 'Driver 2'] });
  }
  // Every device edits the one default price list, so it exists before any device asks.
  inTransaction(db, () => ensureDefaultPriceList(db, now()));
  // Before anything is answered: a database restored from an older backup moves its id counters
  // past everything handed out before, and this run's epoch lets devices that saw lost history
  // be told to resync (sync/timeline.ts).
  const timeline = startTimeline(db, now());
  if (timeline.restored) {
    app.log.warn(
      { reason: timeline.restored, movedPast: timeline.moved },
      'the database was restored from an older backup: id counters moved past every number handed out, devices that saw lost changes will resync',
    );
  }
  for (const repair of timeline.repaired) {
    app.log.warn(
      repair,
      'an id counter stood past every number ever handed out (a device claimed blocks it was never granted); it was brought back',
    );
  }
  for (const warning of idSeriesWarnings(db)) app.log.warn(warning.message);

  app.decorate(
    'backups',
    new BackupService({
      db,
      config,
      now,
      log: app.log,
      ...(opts.backupDestinations ? { destinations: opts.backupDestinations } : {}),
    }),
  );

  app.addHook('onClose', async () => {
    // A backup copies through this connection: it finishes before the database closes.
    await app.backups.stop();
    // The admin password work writes to the database when its hash is done.
    await accountsReady.catch(() => undefined);
    mailer.close();
    await pdf.close();
    if (ownsDb) db.close();
  });

  registerErrorHandling(app);

  // Graceful shutdown: once closing, every response ends its keep-alive connection, so a request
  // that was in flight finishes and its socket closes instead of holding the server open.
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  app.addHook('onSend', async (request, reply) => {
    // The id that labels this request's log lines, so a user's report can be matched to them;
    // not on the build's content-hashed files, which log nothing worth matching (their bytes
    // count on one bar of signal: plugins/static.ts).
    if (reply.getHeader('cache-control') !== IMMUTABLE) reply.header('x-request-id', request.id);
    if (closing) reply.header('connection', 'close');
  });

  await registerSecurityHeaders(app, config);
  // API answers are compressed on the fly (brotli or gzip, as the caller accepts, with Vary);
  // the PWA's files are compressed once at build time and sent as they are (plugins/static.ts),
  // which this leaves alone because they already carry a Content-Encoding.
  await app.register(compress, { global: true, encodings: ['br', 'gzip'], threshold: 1024 });
  await app.register(rateLimit, { global: false });
  registerRequestRules(app);
  registerIdempotency(app);
  await app.register(authPlugin, { secret: resolveSessionSecret(config) });
  await app.register(apiDocsPlugin, { version: packageJson.version });

  await app.register(healthRoutes, { prefix: '/api' });
  await app.register(configRoutes, { prefix: '/api' });
  await app.register(mapConfigRoutes, { prefix: '/api' });
  await app.register(mapTileRoutes);
  await app.register(authRoutes, { prefix: '/api/auth' });
  await app.register(publicRoutes, { prefix: '/api' });
  await app.register(billingRoutes, { prefix: '/api' });
  await app.register(staffRoutes, { prefix: '/api' });
  await app.register(accountRoutes, { prefix: '/api' });
  await app.register(fieldRecordRoutes);
  await app.register(complianceRoutes, { prefix: '/api' });
  await app.register(syncRoutes);

  await app.register(staticPlugin, { pages: await resolveSitePages(app) });

  if (opts.notifier) {
    startNotifier(app);
    startFleetSummary(app);
    startMonthlyStatements(app);
  }
  if (opts.logCompaction) {
    const compaction = logCompaction(
      app.db,
      app.log,
      opts.logCompaction === true ? {} : opts.logCompaction,
    );
    app.addHook('onReady', async () => compaction.start());
    app.addHook('preClose', async () => compaction.stop());
  }
  if (opts.backups) app.backups.start();

  return Object.assign(app, { generatedAdmin, abnProblem }) as FastifyInstance & AppExtras;
}

export { cardPaymentsEnabled };
