/**
 * The server side of the sync protocol for one device, independent of the transport: the
 * WebSocket room and the HTTP fallback both hand each parsed client message to
 * `handleClientMessage` and send back what it returns.
 */
import type { Db } from '../db/connection';
import { applyBatch, applyBatches, type BatchResult } from './apply-mutation';
import { ClientOwnershipError, ensureClient, settledThrough } from './verdicts';
import { currentEpoch, lostHistory, type DeviceHistory } from './timeline';
import {
  currentCursor,
  notifyChanges,
  pullChanges,
  pullChangesText,
  type ChangesPage,
  type ChangesPageText,
} from '../db/change-log';
import { LeaseRefusedError, grantLease, refusedHeldLeases } from './leases';
import { fileFacts } from './file-references';
import { atomically, consistently, statement } from '../db/statements';
import { actorForUser } from '../db/repositories/users';
import { hasPrunableResults, pruneMutationResults } from './retention';
import { snapshotPage } from './snapshot';
import {
  MAX_CHANGES_PAGE,
  MAX_SNAPSHOT_PAGE,
  SNAPSHOT_START,
  SNAPSHOT_PROTOCOL_VERSION,
  historyDaysFor,
  MIN_CLIENT_PROTOCOL_VERSION,
  leaseKindsFor,
  isClientSupported,
  JOB_CHILD_TABLES,
  scopeChanges,
  type Actor,
  type ChangeEntry,
  type MutationResult,
  type SyncedTable,
  type ChangesMessage,
  type ClientMessage,
  type HelloMessage,
  type HistoryDays,
  type PullMessage,
  type PushMessage,
  type ServerMessage,
} from '@pilbara/shared-schema';

/** What a page is filtered with for an account that is gone or deactivated: nothing passes. */
const NOBODY: Actor = { role: 'customer', id: null, name: '' };

/** The current assignment of a job, for the scope of its history rows. */
function jobAssignee(
  db: Db,
  id: string,
): { assignedTo: string | null; assignedDriverId: number | null } | undefined {
  return statement(db, 'SELECT assignedTo, assignedDriverId FROM jobs WHERE id = ?').get(id) as
    { assignedTo: string | null; assignedDriverId: number | null } | undefined;
}

/** The rows that belong to a job, for the deletes of a job that left a driver's sight. */
function jobChildren(db: Db, jobId: string): { entity: SyncedTable; rowId: number | string }[] {
  return JOB_CHILD_TABLES.flatMap((entity) =>
    (
      statement(db, `SELECT id FROM "${entity}" WHERE jobId = ? ORDER BY id`).all(jobId) as {
        id: number | string;
      }[]
    ).map((row) => ({ entity, rowId: row.id })),
  );
}

/**
 * Where the files of a page's `stored_files` rows are named, read once for the whole page (issue
 * 25: a driver receives a file's row only through a record they may see).
 */
function filesOfPage(ctx: SessionContext, changes: readonly ChangeEntry[]) {
  const hashes = changes
    .filter((change) => change.entity === 'stored_files' && change.op === 'put')
    .map((change) => String(change.rowId));
  const facts = fileFacts(ctx.db, hashes, ctx.userId);
  return (hash: string) => facts.get(hash);
}

/** Who is talking, and the server's clock. */
export interface SessionContext {
  db: Db;
  userId: number;
  now: () => Date;
  /** Blocks of one series one user is granted in a day (LEASE_GRANTS_PER_DAY by default). */
  leaseGrantsPerDay?: number;
  /** Where the session reports what an operator should know (a restore, a refused mutation). */
  warn?: (details: Record<string, unknown>, message: string) => void;
}

/** Options of a changes page. */
interface PageOptions {
  limit?: number;
  continued?: boolean;
  /** The device holds nothing yet (a hello from 0 answered in several pages). */
  fromStart?: boolean;
  /** The first page of a hello's answer carries what the server says of the device's blocks. */
  leases?: Pick<ChangesMessage, 'refusedLeases' | 'leaseKinds'>;
  /** A page of a new device's snapshot (sync/snapshot.ts): a new one, or where one stands. */
  snapshot?: 'start' | { head: number; next: string };
  /** The history the device asked to keep (undefined: its role's default). */
  historyDays?: HistoryDays | undefined;
}

/** A changes page with its `changes` either as entries or as the JSON text of the array. */
type PageOf<C> = Omit<ChangesMessage, 'changes'> & { changes: C };

/**
 * The one place a page is made, for both forms: `encode` false gives entries (HTTP, tests),
 * true gives the log's text for the socket (change-log.ts `pullChangesText`), unless the user's
 * role filters the page, which needs the entries.
 */
function pageFor(
  ctx: SessionContext,
  device: DeviceHistory,
  {
    limit = MAX_CHANGES_PAGE,
    continued = false,
    fromStart = false,
    leases = {},
    snapshot,
    historyDays,
  }: PageOptions,
  encode: boolean,
): PageOf<ChangeEntry[] | string> {
  const now = ctx.now().toISOString();
  const { clientId, ackedSeq } = device;
  // The device has taken in its verdicts up to ackedSeq, and the server settled that far (the
  // check below): old verdict rows below it can go. Not on a later page of one answer, whose
  // ackedSeq is only what the earlier pages will give the device.
  const prune = !continued && hasPrunableResults(ctx.db, clientId, ackedSeq, ctx.now());
  const known = statement(ctx.db, 'SELECT 1 FROM sync_clients WHERE clientId = ?').get(clientId);
  // Most pages only read (a known device, nothing to prune): a read transaction, which costs
  // less than taking the write lock for every one of the pulls a poke sets off.
  const inTransaction = known && !prune ? consistently : atomically;
  return inTransaction(ctx.db, (): PageOf<ChangeEntry[] | string> => {
    ensureClient(ctx.db, clientId, ctx.userId, now);
    const epoch = currentEpoch(ctx.db);
    // A snapshot under way holds the rows of the log up to its head: the history the device saw.
    const seen = typeof snapshot === 'object' ? { ...device, cursor: snapshot.head } : device;
    const lost = lostHistory(ctx.db, seen);
    if (lost) {
      ctx.warn?.({ clientId, reason: lost }, 'device saw history this database lost; it resyncs');
      return {
        type: 'changes',
        changes: [],
        cursor: 0,
        hasMore: false,
        reset: true,
        lastSeq: 0,
        results: [],
        epoch,
        ...leases,
      };
    }
    // The sync scope of the user's role (sync/scope.ts in shared-schema), read now: a driver's
    // page carries their jobs and the fleet, and a deactivated account's carries nothing.
    const actor = actorForUser(ctx.db, ctx.userId) ?? NOBODY;
    if (snapshot) {
      const head = snapshot === 'start' ? currentCursor(ctx.db) : snapshot.head;
      const part = snapshotPage(ctx.db, {
        actor,
        head,
        from: snapshot === 'start' ? SNAPSHOT_START : snapshot.next,
        historyDays: historyDaysFor(actor.role, historyDays),
        now: ctx.now(),
        limit: MAX_SNAPSHOT_PAGE,
        userId: ctx.userId,
      });
      // Verdicts come once the device holds everything up to `head` (the last page): their
      // effects are then on it, from the snapshot or from the log after it.
      const settled =
        part.next === null
          ? settledThrough(ctx.db, clientId, head, ackedSeq)
          : { lastSeq: ackedSeq, results: [] };
      return {
        type: 'changes',
        changes: part.changes,
        cursor: part.next === null ? head : 0,
        hasMore: part.next !== null || currentCursor(ctx.db) > head,
        reset: false,
        lastSeq: settled.lastSeq,
        results: settled.results,
        epoch,
        snapshot: { head, next: part.next },
        ...leases,
      };
    }
    // The log alone answers: every write to a synced table logged itself (change-log.ts).
    let page: ChangesPage | ChangesPageText;
    let changes: ChangeEntry[] | string;
    if (encode && actor.role === 'admin') {
      page = pullChangesText(ctx.db, device.cursor, limit);
      changes = page.changesJson;
    } else {
      const entries = pullChanges(ctx.db, device.cursor, limit);
      page = entries;
      changes =
        actor.role === 'admin'
          ? entries.changes
          : scopeChanges(actor, entries.changes, (id) => jobAssignee(ctx.db, id), {
              fromStart: fromStart || device.cursor === 0,
              childrenOf: (id) => jobChildren(ctx.db, id),
              fileRefs: filesOfPage(ctx, entries.changes),
            });
    }
    const settled = settledThrough(ctx.db, clientId, page.cursor, ackedSeq);
    if (prune) pruneMutationResults(ctx.db, clientId, ackedSeq, ctx.now());
    return {
      type: 'changes',
      changes,
      cursor: page.cursor,
      hasMore: page.hasMore,
      reset: page.reset,
      lastSeq: settled.lastSeq,
      results: settled.results,
      epoch,
      ...leases,
    };
  });
}

/**
 * A changes page for a client, with its settled seq and results as far as the page reaches; or,
 * when the server has lost history the device saw (sync/timeline.ts), an empty page with `reset`
 * that makes the device resync from scratch.
 */
export function changesPage(
  ctx: SessionContext,
  device: DeviceHistory,
  options: PageOptions = {},
): ChangesMessage {
  const page = pageFor(ctx, device, options, false);
  return { ...page, changes: page.changes as ChangeEntry[] };
}

/** A changes page as the text of its message, the same JSON as {@link changesPage}'s. */
export interface EncodedChangesPage {
  text: string;
  cursor: number;
  hasMore: boolean;
  lastSeq: number;
}

/**
 * {@link changesPage} encoded for the socket: the stored row texts of the log are placed in the
 * message as they are (no parse and re-serialise per row), in the same key order.
 */
export function encodedChangesPage(
  ctx: SessionContext,
  device: DeviceHistory,
  options: PageOptions = {},
): EncodedChangesPage {
  const { changes, ...rest } = pageFor(ctx, device, options, true);
  const changesJson = typeof changes === 'string' ? changes : JSON.stringify(changes);
  const { type, ...tail } = rest;
  const text = `{"type":"${type}","changes":${changesJson},${JSON.stringify(tail).slice(1)}`;
  return { text, cursor: rest.cursor, hasMore: rest.hasMore, lastSeq: rest.lastSeq };
}

/** The answer to one applied push: its results, or the refusal of a mismatched seq. */
function pushAnswer(ctx: SessionContext, message: PushMessage, batch: BatchResult): ServerMessage {
  if (batch.mismatch) {
    const { seq, mutationId, settledMutationId } = batch.mismatch;
    ctx.warn?.(
      { clientId: message.clientId, seq, mutationId, settledMutationId },
      'refused a mutation under a seq settled for another one',
    );
    // The mutations before it are settled and come with the next page; this one is not, and
    // the device must not take a verdict for it: it takes a new client id instead.
    return {
      type: 'error',
      code: 'seq_mismatch',
      message: `${batch.mismatch.message}. This device shares its sync identity with another one; it takes a new one and sends its changes again.`,
      retryable: false,
    };
  }
  const results: ServerMessage = {
    type: 'results',
    results: batch.results,
    lastSeq: batch.lastSeq,
  };
  if (batch.stopped) results.stopped = batch.stopped;
  return results;
}

/**
 * Several pushes a socket received back to back, applied with one commit (apply-mutation.ts
 * {@link applyBatches}) and answered in order, one answer each, all after the commit; one poke
 * for the group.
 */
export function answerPushes(ctx: SessionContext, messages: readonly PushMessage[]): string[] {
  const outcomes = applyBatches(ctx.db, ctx.userId, messages, ctx.now().toISOString());
  if (outcomes.some((outcome) => !(outcome instanceof Error) && outcome.changed)) {
    notifyChanges(ctx.db);
  }
  return outcomes.map((outcome, i) => {
    if (outcome instanceof Error) return JSON.stringify(refusal(outcome));
    if (outcome.mismatch)
      return JSON.stringify(pushAnswer(ctx, messages[i] as PushMessage, outcome));
    return resultsText(outcome);
  });
}

/**
 * `JSON.stringify` of {@link pushAnswer}'s results message, with each result's `result` placed
 * as the JSON text stored with its verdict: a long push's answers no longer encode every
 * mutation's result (a whole record, for an added one) a second time.
 */
function resultsText(batch: BatchResult): string {
  let text = '{"type":"results","results":[';
  for (let i = 0; i < batch.results.length; i++) {
    const result = batch.results[i] as MutationResult;
    const json = batch.resultJson[i];
    if (i > 0) text += ',';
    if (json === undefined) {
      text += JSON.stringify(result);
      continue;
    }
    text += `{"seq":${result.seq},"mutationId":${JSON.stringify(result.mutationId)},"status":${JSON.stringify(result.status)},"code":${JSON.stringify(result.code)},"message":${JSON.stringify(result.message)}`;
    text += json === null ? '}' : `,"result":${json}}`;
  }
  text += `],"lastSeq":${batch.lastSeq}`;
  if (batch.stopped) text += `,"stopped":${JSON.stringify(batch.stopped)}`;
  return `${text}}`;
}

function updateRequired(): ServerMessage {
  return {
    type: 'update-required',
    minProtocolVersion: MIN_CLIENT_PROTOCOL_VERSION,
    message: 'This app is out of date. Reload to update; your unsynced changes are kept.',
  };
}

/**
 * Answers one client message. A hello is answered with every page up to the head of the log, so
 * a (re)connecting device catches up in one exchange (over HTTP, where each answer is one
 * response, with the first page only: the device pulls the rest); a push with its results.
 */
export function handleClientMessage(
  ctx: SessionContext,
  message: ClientMessage,
  { helloPages = 'all' }: { helloPages?: 'all' | 'first' } = {},
): ServerMessage[] {
  try {
    switch (message.type) {
      case 'hello': {
        if (!isClientSupported(message.protocolVersion)) return [updateRequired()];
        const snapshot = snapshotOf(message);
        if (snapshot) {
          // One page at a time: the device asks for each next one when it has taken this in.
          return [changesPage(ctx, message, { leases: helloLeases(ctx, message), ...snapshot })];
        }
        const pages: ChangesMessage[] = [];
        let page = changesPage(ctx, message, { leases: helloLeases(ctx, message) });
        pages.push(page);
        while (page.hasMore && helloPages === 'all') {
          // Later pages continue this answer: the device has not taken the first one in yet.
          page = changesPage(
            ctx,
            { clientId: message.clientId, cursor: page.cursor, ackedSeq: page.lastSeq },
            { continued: true, fromStart: message.cursor === 0 },
          );
          pages.push(page);
        }
        return pages;
      }
      case 'pull':
        return [changesPage(ctx, message, snapshotOf(message) ?? {})];
      case 'push': {
        const batch = applyBatch(
          ctx.db,
          message.clientId,
          ctx.userId,
          message.mutations,
          ctx.now().toISOString(),
        );
        if (batch.changed) notifyChanges(ctx.db);
        return [pushAnswer(ctx, message, batch)];
      }
      case 'lease-request': {
        const now = ctx.now().toISOString();
        const role = (actorForUser(ctx.db, ctx.userId) ?? NOBODY).role;
        const lease = ctx.db
          .transaction(() => {
            ensureClient(ctx.db, message.clientId, ctx.userId, now);
            const holder = { clientId: message.clientId, userId: ctx.userId, role };
            return grantLease(ctx.db, holder, message.series, message.size, now, {
              perDay: ctx.leaseGrantsPerDay,
            });
          })
          .immediate();
        return [{ type: 'lease-grant', ...lease }];
      }
    }
  } catch (error) {
    return [refusal(error)];
  }
}

/** Lets the event loop run other work (a health check, another device's push) in between. */
function yieldToEventLoop(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}

/**
 * {@link handleClientMessage} for a socket, one answer at a time, each as the text frame to send:
 * changes pages are encoded from the log's stored text ({@link encodedChangesPage}), and a
 * hello's pages are computed one by one with the event loop free in between, so a new device's
 * first snapshot of a large database (hundreds of pages) never holds up anything else for
 * longer than one page. `ready` is awaited before each later page (the socket's send buffer
 * draining).
 */
export async function* answerClientMessage(
  ctx: SessionContext,
  message: ClientMessage,
  ready: () => Promise<void> = yieldToEventLoop,
): AsyncGenerator<string> {
  if (message.type === 'pull') {
    yield encodedOrRefused(() => encodedChangesPage(ctx, message, snapshotOf(message) ?? {}));
    return;
  }
  if (
    message.type !== 'hello' ||
    !isClientSupported(message.protocolVersion) ||
    snapshotOf(message)
  ) {
    for (const answer of handleClientMessage(ctx, message)) yield JSON.stringify(answer);
    return;
  }
  try {
    let page = encodedChangesPage(ctx, message, { leases: helloLeases(ctx, message) });
    yield page.text;
    while (page.hasMore) {
      await ready();
      // Later pages continue this answer: the device has not taken the first one in yet.
      page = encodedChangesPage(
        ctx,
        { clientId: message.clientId, cursor: page.cursor, ackedSeq: page.lastSeq },
        { continued: true },
      );
      yield page.text;
    }
  } catch (error) {
    yield JSON.stringify(refusal(error));
  }
}

/**
 * The snapshot a hello or pull asks for: a hello from cursor 0 of a client that takes snapshots
 * starts one (or goes on with the one it names), a pull goes on with the one it names; anything
 * else pulls the log.
 */
function snapshotOf(
  message: HelloMessage | PullMessage,
): Pick<PageOptions, 'snapshot' | 'historyDays'> | undefined {
  if (message.cursor !== 0) return undefined;
  const historyDays = message.historyDays;
  const next = message.snapshot?.next;
  if (next) return { snapshot: { head: message.snapshot?.head ?? 0, next }, historyDays };
  if ('protocolVersion' in message && message.protocolVersion >= SNAPSHOT_PROTOCOL_VERSION) {
    return { snapshot: 'start', historyDays };
  }
  return undefined;
}

/** A page's text, or the refusal a device gets for a client id of another user. */
function encodedOrRefused(page: () => EncodedChangesPage): string {
  try {
    return page().text;
  } catch (error) {
    return JSON.stringify(refusal(error));
  }
}

/**
 * What the first page of a hello says of the device's id blocks: those that are not its own
 * (never granted to this client id, or of a series its role does not mint), and the kinds of
 * series it may ask for. Reading them changes nothing.
 */
function helloLeases(
  ctx: SessionContext,
  message: HelloMessage,
): Pick<ChangesMessage, 'refusedLeases' | 'leaseKinds'> {
  const role = (actorForUser(ctx.db, ctx.userId) ?? NOBODY).role;
  const refused = refusedHeldLeases(ctx.db, message.clientId, role, message.leases ?? []);
  if (refused.length > 0) {
    ctx.warn?.(
      { clientId: message.clientId, userId: ctx.userId, refused },
      'a device claimed id blocks the server did not grant it; it was told to drop them',
    );
  }
  return { refusedLeases: refused, leaseKinds: leaseKindsFor(role) };
}

/**
 * The answer to a client id that belongs to another user, or to a lease the server will not
 * grant; anything else is rethrown.
 */
function refusal(error: unknown): ServerMessage {
  if (error instanceof ClientOwnershipError) {
    return { type: 'error', code: 'client_not_yours', message: error.message, retryable: false };
  }
  if (error instanceof LeaseRefusedError) {
    return {
      type: 'error',
      code: 'lease_refused',
      message: error.message,
      retryable: error.retryable,
    };
  }
  throw error;
}
