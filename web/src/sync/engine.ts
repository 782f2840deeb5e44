/**
 * The sync engine of one browser (run by the leader tab only): connect, hello, apply pages,
 * push the outbox in batches, take leases, and reconnect with capped exponential backoff.
 *
 * Exactly-once rests on the server's bookkeeping (DESIGN §5, §11): the engine may send a mutation
 * any number of times (after a lost answer, a reconnect, a second attempt over HTTP, under a new
 * client id after a reset) and the server applies it once, by (clientId, seq) and by mutationId.
 * The engine's own rules are about never losing or skipping:
 * - nothing is sent on a connection before its hello, which loads the device's client id;
 * - an outbox row is deleted only in the transaction that applies the page carrying its effects,
 *   and only when the verdict the page lists for its seq is for its own mutationId;
 * - over the socket up to {@link SOCKET_PUSH_WINDOW} batches are in flight at once (the server
 *   commits pushes that wait together, one fsync for several); a gap or a transient failure
 *   ends that run of pushes, and the next run starts after the server's settled seq, so what was
 *   not applied is sent again and nothing is skipped; a transient failure is retried by a timer
 *   (not only at the next local write); answers to pushes of an ended run only move the settled
 *   seq forward;
 * - a write made while a push is in flight is picked up when that push's answer arrives;
 * - the device takes a new client id and resyncs from 0, keeping its outbox and every
 *   mutationId (after a `reset`, with the mutations acknowledged lately queued again first), only
 *   on proof: a page with `reset` (the server compared what the hello or pull
 *   reported with its own history and found it lost what this device saw), a `seq_mismatch`
 *   refusal, a listed verdict for another mutation, or a client id owned by another user. A late,
 *   duplicated or reordered message never causes it: a page behind the stored cursor only gives
 *   its verdicts, and a push answer behind what was taken in changes nothing.
 * Server messages are handled one at a time, in order, on a promise queue.
 */
import type { PilbaraDatabase } from '../db/database';
import { addLease, heldLeases, lowSeries } from './leases';
import {
  IdentityClashError,
  META,
  applyChangesPage,
  ensureClientId,
  getMeta,
  isConnectionLost,
  resetForResync,
  setMeta,
} from './local-store';
import {
  MAX_PUSH_BATCH,
  PROTOCOL_VERSION,
  type ChangesMessage,
  type ClientMessage,
  type ResultsMessage,
  type ServerMessage,
} from '@pilbara/shared-schema';
import type { Connector, SyncConnection } from './transport';

/** What the status chip shows. */
export type SyncState =
  'idle' | 'connecting' | 'online' | 'syncing' | 'offline' | 'update-required' | 'signed-out';

/** Status written to `meta` so every tab's live query sees the leader's view. */
export interface StoredStatus {
  state: SyncState;
  lastSyncedAt: string | null;
  transport: 'socket' | 'http' | null;
  message: string | null;
}

interface BackoffOptions {
  baseMs: number;
  maxMs: number;
}

const DEFAULT_BACKOFF: BackoffOptions = { baseMs: 100, maxMs: 10_000 };

/**
 * Push batches in flight at once over the socket: the server answers a socket's messages in
 * order and applies the pushes that wait in one commit, so a long outbox goes at the speed of
 * the server's apply instead of one round trip and one fsync per batch. The HTTP fallback sends
 * one at a time (its answers may come back in any order).
 */
export const SOCKET_PUSH_WINDOW = 4;

/** Default {@link EngineOptions.answerTimeoutMs}: a link silent this long counts as none. */
const DEFAULT_ANSWER_TIMEOUT_MS = 10_000;

/** The status message while a connection hangs with no answer. */
export const NO_ANSWER_MESSAGE = 'No answer from the server';

/** Capped exponential backoff with "equal jitter": half fixed, half random. */
function backoffDelay(
  attempt: number,
  options: BackoffOptions = DEFAULT_BACKOFF,
  random: () => number = Math.random,
): number {
  const cap = Math.min(options.maxMs, options.baseMs * 2 ** Math.min(attempt, 20));
  return Math.round(cap / 2 + (random() * cap) / 2);
}

export interface EngineOptions {
  db: PilbaraDatabase;
  /** Tried in order on each connection attempt: usually the socket, then the HTTP fallback. */
  connectors: Connector[];
  backoff?: BackoffOptions;
  random?: () => number;
  now?: () => Date;
  /** How often the HTTP fallback pulls, since it gets no pokes. */
  httpPollMs?: number;
  /**
   * How long the engine waits for any answer from the server (the socket opening, a page, a
   * push's results) before it calls the connection dead: the chip says there is no connection
   * instead of "Syncing" for as long as a hanging link lasts, and the engine reconnects.
   */
  answerTimeoutMs?: number;
  /** Size of a push batch (at most the protocol's maximum). */
  batchSize?: number;
  schemaVersion?: number;
  /** Called after every status change (tests and the leader's status writer). */
  onStatus?: (status: StoredStatus) => void;
  /**
   * Whether the browser says it has a network now (default: `navigator.onLine`). Read while the
   * engine holds off after an `offline` event, every `networkCheckMs`: the `online` event that
   * should end the wait does not always come (Firefox sends none to a page opened offline, and a
   * page asleep in the background can miss it), and sending must not depend on it.
   */
  browserOnline?: () => boolean;
  /** How often a device that was told it is offline checks whether it still is (ms). */
  networkCheckMs?: number;
}

/** Default {@link EngineOptions.networkCheckMs}. */
const DEFAULT_NETWORK_CHECK_MS = 5_000;

function navigatorOnline(): boolean {
  // Typed loosely: the engine also runs under Node (the server's integration tests).
  return (globalThis as { navigator?: { onLine?: boolean } }).navigator?.onLine !== false;
}

/** A refusal of the staff session: the engine stops as signed out. */
function endsSession(message: ServerMessage): boolean {
  return (
    message.type === 'error' && (message.code === 'forbidden' || message.code === 'session_ended')
  );
}

export class SyncEngine {
  private readonly db: PilbaraDatabase;
  private readonly options: EngineOptions;
  private conn: SyncConnection | null = null;
  private connectorIndex = 0;
  private attempt = 0;
  private pushAttempt = 0;
  private reconnectTimer: ReturnType<typeof setTimeout> | null = null;
  private pushTimer: ReturnType<typeof setTimeout> | null = null;
  private pollTimer: ReturnType<typeof setInterval> | null = null;
  /** Runs out when the server has said nothing for answerTimeoutMs while the engine waits. */
  private answerTimer: ReturnType<typeof setTimeout> | null = null;
  /**
   * The last connection went silent and nothing has been heard since: the chip keeps saying
   * "offline" through the next attempts (an HTTP "open" is not an answer) until one arrives.
   */
  private noAnswer = false;
  private queue: Promise<void> = Promise.resolve();
  private running = false;
  private clientId = '';
  /** Highest seq the server has settled as far as this session knows (pushes resume after it). */
  private pushedThrough = 0;
  /**
   * Whether this connection's hello has gone out. Nothing else is sent before it: the hello is
   * where the device's client id is loaded and the session opens, and a push sent ahead of it
   * carried whatever id the engine held (none at all on a first start).
   */
  private helloSent = false;
  /** Pushes sent and not yet answered, oldest first: each one's last seq and run. */
  private inflight: { lastSeq: number; run: number }[] = [];
  /** The highest seq sent in the current run of pushes. */
  private sentThrough = 0;
  /** The current run of pipelined pushes; a stop (gap, transient failure) starts a new one. */
  private pushRun = 0;
  private pokedDuringPush = false;
  private networkDown = false;
  private pulling = false;
  private pullAgain = false;
  private caughtUp = false;
  private allPagesComing = false;
  private leasesAsked = new Set<string>();
  private status: StoredStatus = {
    state: 'idle',
    lastSyncedAt: null,
    transport: null,
    message: null,
  };

  constructor(options: EngineOptions) {
    this.db = options.db;
    this.options = options;
  }

  get state(): SyncState {
    return this.status.state;
  }

  /** Starts syncing; resolves once the first connection attempt is under way. */
  async start(): Promise<void> {
    if (this.running) return;
    this.running = true;
    const stored = await getMeta<StoredStatus | null>(this.db, META.status, null);
    if (stored) this.status = { ...stored, state: 'connecting', transport: null };
    this.connect();
  }

  /** Stops syncing and closes the connection; nothing queued is lost. */
  async stop(): Promise<void> {
    this.running = false;
    this.clearTimers();
    this.conn?.close();
    this.conn = null;
    await this.queue.catch(() => undefined);
  }

  /** Something local changed (a write in any tab, a lease running low): push or reconnect now. */
  kick(): void {
    if (!this.running) return;
    if (!this.conn) {
      this.reconnectNow();
      return;
    }
    this.enqueue(async () => {
      await this.maybePush();
      await this.maybeAskLeases();
    });
  }

  /**
   * The browser says the network is gone (`offline`) or back (`online`). Gone: close the socket at
   * once (a dead link can keep a socket looking open for minutes) and stop retrying until it is
   * back; back: reconnect now.
   */
  setNetworkAvailable(available: boolean): void {
    this.networkDown = !available;
    if (available) {
      this.reconnectNow();
      return;
    }
    if (this.reconnectTimer) clearTimeout(this.reconnectTimer);
    if (this.pollTimer) clearInterval(this.pollTimer);
    if (this.answerTimer) clearTimeout(this.answerTimer);
    this.reconnectTimer = this.pollTimer = this.answerTimer = null;
    const conn = this.conn;
    this.conn = null;
    conn?.close();
    this.helloSent = false;
    this.inflight = [];
    this.pulling = false;
    if (
      this.running &&
      this.status.state !== 'update-required' &&
      this.status.state !== 'signed-out'
    ) {
      this.setStatus({ state: 'offline', transport: null });
      this.checkNetworkLater();
    }
  }

  /** While told the network is gone, look again now and then instead of waiting for `online`. */
  private checkNetworkLater(): void {
    if (this.reconnectTimer) clearTimeout(this.reconnectTimer);
    this.reconnectTimer = setTimeout(() => {
      this.reconnectTimer = null;
      this.connect();
    }, this.options.networkCheckMs ?? DEFAULT_NETWORK_CHECK_MS);
  }

  /** The network came back or the tab became visible: retry at once instead of waiting. */
  reconnectNow(): void {
    if (!this.running || this.status.state === 'update-required') return;
    if (this.conn) {
      this.kick();
      return;
    }
    this.attempt = 0;
    if (this.reconnectTimer) clearTimeout(this.reconnectTimer);
    this.reconnectTimer = null;
    this.connect();
  }

  /** Resolves when every message received so far has been handled (tests). */
  async idle(): Promise<void> {
    let current: Promise<void>;
    do {
      current = this.queue;
      await current;
    } while (current !== this.queue);
  }

  private clearTimers(): void {
    for (const timer of [this.reconnectTimer, this.pushTimer, this.answerTimer])
      if (timer) clearTimeout(timer);
    if (this.pollTimer) clearInterval(this.pollTimer);
    this.reconnectTimer = this.pushTimer = this.pollTimer = this.answerTimer = null;
  }

  /** Starts waiting for an answer, unless already waiting (the earliest request counts). */
  private awaitAnswer(): void {
    if (this.answerTimer || !this.running || !this.conn) return;
    const conn = this.conn;
    this.answerTimer = setTimeout(() => {
      this.answerTimer = null;
      this.onSilence(conn);
    }, this.options.answerTimeoutMs ?? DEFAULT_ANSWER_TIMEOUT_MS);
  }

  private heard(): void {
    this.noAnswer = false;
    if (this.answerTimer) clearTimeout(this.answerTimer);
    this.answerTimer = null;
    if (this.status.message === NO_ANSWER_MESSAGE) this.setStatus({ message: null });
  }

  /**
   * Nothing from the server for answerTimeoutMs. While the engine expects something (connecting,
   * or syncing with no retry timer of its own pending) the link is treated as gone: "offline",
   * and the usual reconnect with backoff. Idle and up to date, silence is normal.
   */
  private onSilence(conn: SyncConnection): void {
    if (!this.running || this.conn !== conn) return;
    const waiting =
      this.noAnswer || this.status.state === 'connecting' || this.status.state === 'syncing';
    if (!waiting || this.pushTimer) {
      if (waiting) this.awaitAnswer();
      return;
    }
    this.noAnswer = true;
    this.setStatus({ state: 'offline', transport: null, message: NO_ANSWER_MESSAGE });
    conn.close();
  }

  private setStatus(patch: Partial<StoredStatus>): void {
    const next = { ...this.status, ...patch };
    // A silent link stays "offline" through the next attempts until the server answers.
    if (this.noAnswer && (next.state === 'connecting' || next.state === 'syncing')) {
      next.state = 'offline';
      next.message = NO_ANSWER_MESSAGE;
    }
    const changed = (Object.keys(next) as (keyof StoredStatus)[]).some(
      (key) => next[key] !== this.status[key],
    );
    this.status = next;
    if (!changed) return;
    this.options.onStatus?.(next);
    // The status lives in Dexie so the other tabs' chips follow the leader.
    setMeta(this.db, META.status, next).catch(() => undefined);
  }

  private connect(): void {
    if (!this.running || this.conn) return;
    // The browser says the network is back although no `online` event came: believe it.
    if (this.networkDown && (this.options.browserOnline ?? navigatorOnline)()) {
      this.networkDown = false;
      this.attempt = 0;
    }
    if (this.networkDown) {
      this.setStatus({ state: 'offline', transport: null });
      this.checkNetworkLater();
      return;
    }
    const connector = this.options.connectors[this.connectorIndex % this.options.connectors.length];
    if (!connector) return;
    this.setStatus({ state: this.status.state === 'offline' ? 'offline' : 'connecting' });
    let connection: SyncConnection | null = null;
    this.helloSent = false;
    connection = connector({
      onOpen: () => {
        if (this.conn !== connection) return;
        // A socket opening is the server answering; an HTTP "open" is only local.
        if (connection?.kind === 'socket') {
          this.heard();
          this.awaitAnswer();
        }
        this.enqueue(() => this.onOpen());
      },
      onMessage: (message) => {
        if (this.conn !== connection) return;
        this.heard();
        // A message of a connection that closed while it waited in the queue is dropped: what it
        // said is asked again on the next connection. Except the end of the session: the server
        // sends it and closes the socket at once (4401), so on a busy device the close is often
        // handled first; dropping it would retry the dead session forever instead of signing out.
        const final = endsSession(message);
        this.enqueue(async () => {
          if (this.conn !== connection && !final) return;
          await this.handle(message);
          // Still owed an answer (a push's results, a page): keep listening for silence. A
          // poke, say, can arrive while the push it followed has not been answered yet.
          if (this.conn === connection && (this.inflight.length > 0 || this.pulling))
            this.awaitAnswer();
        });
      },
      onClose: ({ opened }) => {
        if (this.conn !== connection) return;
        this.conn = null;
        this.onDisconnected(opened);
      },
    });
    this.conn = connection;
    this.awaitAnswer();
  }

  private onDisconnected(opened: boolean): void {
    if (this.pollTimer) clearInterval(this.pollTimer);
    if (this.answerTimer) clearTimeout(this.answerTimer);
    this.pollTimer = this.answerTimer = null;
    this.helloSent = false;
    this.inflight = [];
    this.pokedDuringPush = false;
    this.pulling = false;
    this.allPagesComing = false;
    if (
      !this.running ||
      this.status.state === 'update-required' ||
      this.status.state === 'signed-out'
    )
      return;
    if (
      !opened &&
      this.connectorIndex % this.options.connectors.length < this.options.connectors.length - 1
    ) {
      // The socket could not open: try the HTTP fallback right away.
      this.connectorIndex += 1;
      this.connect();
      return;
    }
    this.connectorIndex = 0;
    this.setStatus({ state: 'offline', transport: null });
    const delay = backoffDelay(this.attempt, this.options.backoff, this.options.random);
    this.attempt += 1;
    this.reconnectTimer = setTimeout(() => {
      this.reconnectTimer = null;
      this.connect();
    }, delay);
  }

  private enqueue(task: () => Promise<void>): void {
    this.queue = this.queue.then(task).catch(async (error: unknown) => {
      if (isConnectionLost(error)) {
        // IndexedDB went away under us (Safari): reopen and resync from what is stored.
        await this.db.open().catch(() => undefined);
      }
      this.conn?.close();
    });
  }

  private send(message: ClientMessage): void {
    if (message.type !== 'hello' && !this.helloSent) return;
    this.conn?.send(message);
    this.awaitAnswer();
  }

  /** Whether a session is open: connected, and this connection's hello sent. */
  private get inSession(): boolean {
    return this.conn !== null && this.helloSent;
  }

  private async onOpen(): Promise<void> {
    const conn = this.conn;
    if (!conn) return;
    this.clientId = await ensureClientId(this.db);
    const cursor = await getMeta<number>(this.db, META.cursor, 0);
    const epoch = await getMeta<string | null>(this.db, META.epoch, null);
    const ackedSeq = await getMeta<number>(this.db, META.ackedSeq, 0);
    const leases = await heldLeases(this.db);
    // The connection may have dropped (and another opened) while the state was read.
    if (this.conn !== conn) return;
    // What the server settled is unknown until it answers; resending settled seqs is harmless.
    this.pushedThrough = ackedSeq;
    this.inflight = [];
    this.sentThrough = 0;
    this.pushRun += 1;
    this.pulling = true;
    this.pullAgain = false;
    this.caughtUp = false;
    this.allPagesComing = conn.kind === 'socket';
    this.leasesAsked.clear();
    this.setStatus({ state: 'syncing', transport: conn.kind });
    this.helloSent = true;
    this.send({
      type: 'hello',
      protocolVersion: PROTOCOL_VERSION,
      schemaVersion: this.options.schemaVersion ?? 1,
      clientId: this.clientId,
      cursor,
      epoch,
      ackedSeq,
      leases,
    });
    if (conn.kind === 'http') {
      this.pollTimer = setInterval(
        () => this.enqueue(() => this.pull()),
        this.options.httpPollMs ?? 15_000,
      );
    }
    // Pushing does not wait for the catch-up: the server orders both.
    await this.maybePush();
  }

  private async handle(message: ServerMessage): Promise<void> {
    switch (message.type) {
      case 'changes':
        return this.onChanges(message);
      case 'results':
        return this.onResults(message);
      case 'poke': {
        // Our own push's answer is followed by a pull anyway; one pull then serves both.
        if (this.inflight.length > 0) {
          this.pokedDuringPush = true;
          return;
        }
        const cursor = await getMeta<number>(this.db, META.cursor, 0);
        if (message.cursor > cursor) await this.pull();
        return;
      }
      case 'lease-grant':
        await addLease(this.db, message.series, message.start, message.end);
        this.leasesAsked.delete(message.series);
        return;
      case 'update-required':
        this.setStatus({ state: 'update-required', message: message.message });
        this.running = false;
        this.clearTimers();
        this.conn?.close();
        this.conn = null;
        return;
      case 'error':
        if (message.code === 'client_not_yours' || message.code === 'seq_mismatch') {
          // Another staff member signed in on this browser, or another device uses this client
          // id: this device needs its own identity. Nothing was acknowledged.
          await this.resync();
          return;
        }
        // Refused a staff session (HTTP 401/403), or the server ended it (a deactivation,
        // role change, password reset or logout elsewhere; the socket then closes with 4401).
        if (endsSession(message)) {
          this.setStatus({ state: 'signed-out', message: message.message });
          this.running = false;
          this.clearTimers();
          this.conn?.close();
          this.conn = null;
          return;
        }
        // Anything else: drop the connection and come back with backoff.
        this.conn?.close();
        return;
    }
  }

  private async pull(): Promise<void> {
    if (!this.inSession) return;
    if (this.pulling) {
      this.pullAgain = true;
      return;
    }
    this.pulling = true;
    const cursor = await getMeta<number>(this.db, META.cursor, 0);
    const epoch = await getMeta<string | null>(this.db, META.epoch, null);
    const ackedSeq = await getMeta<number>(this.db, META.ackedSeq, 0);
    this.send({ type: 'pull', clientId: this.clientId, cursor, epoch, ackedSeq });
  }

  /**
   * Start over from cursor 0 under a new client id, keeping the outbox and every mutationId, and
   * reconnect. Only ever on proof (see the module comment).
   */
  private async resync(options: { resend?: boolean } = {}): Promise<void> {
    this.clientId = await resetForResync(this.db, options);
    this.conn?.close();
  }

  private async onChanges(page: ChangesMessage): Promise<void> {
    if (page.reset) {
      // The server lost history this device saw (a restore): it also gets back what this
      // device saved and it acknowledged lately (local-store.ts resetForResync).
      await this.resync({ resend: true });
      return;
    }
    let outcome;
    try {
      outcome = await applyChangesPage(this.db, page, this.options.now);
    } catch (error) {
      if (!(error instanceof IdentityClashError)) throw error;
      await this.resync();
      return;
    }
    this.pushedThrough = Math.max(this.pushedThrough, outcome.ackedSeq);
    this.attempt = 0;
    if (page.hasMore) {
      // A socket hello is answered with every page at once; a pull with one page.
      if (!this.allPagesComing) {
        this.pulling = false;
        await this.pull();
      }
      return;
    }
    this.allPagesComing = false;
    this.pulling = false;
    this.caughtUp = true;
    if (outcome.moreResults || this.pullAgain) {
      this.pullAgain = false;
      await this.pull();
      return;
    }
    await this.afterCaughtUp();
  }

  private async afterCaughtUp(): Promise<void> {
    const pending = await this.db.outbox.count();
    if (pending === 0 && this.inflight.length === 0) {
      this.setStatus({
        state: 'online',
        lastSyncedAt: (this.options.now?.() ?? new Date()).toISOString(),
        message: null,
      });
    }
    await this.maybePush();
    await this.maybeAskLeases();
  }

  private async onResults(message: ResultsMessage): Promise<void> {
    // Answers come in the order the pushes went (the server answers a socket in order; HTTP
    // sends one at a time).
    const answered = this.inflight.shift();
    // A lastSeq behind what this session knows is a late or repeated answer: it moves nothing
    // back. (A server that really forgot this device says so in its next page.)
    const progressed = message.lastSeq > this.pushedThrough;
    this.pushedThrough = Math.max(this.pushedThrough, message.lastSeq);
    if (answered && answered.run !== this.pushRun) {
      // A push of a run that already stopped: its settled seq counts, the new run goes on.
    } else if (message.stopped === 'transient' || (message.stopped === 'gap' && !progressed)) {
      // Nothing is skipped: a new run starts after the server's settled seq, on a timer. The
      // pushes still in flight are answered as gaps and change nothing.
      this.pushRun += 1;
      this.sentThrough = this.pushedThrough;
      const delay = backoffDelay(this.pushAttempt, this.options.backoff, this.options.random);
      this.pushAttempt += 1;
      if (this.pushTimer) clearTimeout(this.pushTimer);
      this.pushTimer = setTimeout(() => {
        this.pushTimer = null;
        this.enqueue(() => this.maybePush());
      }, delay);
    } else {
      if (message.stopped === 'gap') {
        // Settled part of the way: go on from there at once.
        this.pushRun += 1;
        this.sentThrough = this.pushedThrough;
      }
      this.pushAttempt = 0;
      await this.maybePush();
    }
    // Confirmed rows and acks come with the changes page.
    if (message.results.length > 0 || this.pokedDuringPush) {
      this.pokedDuringPush = false;
      await this.pull();
    }
  }

  /** Sends the next batches of the outbox, as many as the connection's window allows. */
  private async maybePush(): Promise<void> {
    const conn = this.conn;
    const window = conn?.kind === 'socket' ? SOCKET_PUSH_WINDOW : 1;
    const size = Math.min(this.options.batchSize ?? MAX_PUSH_BATCH, MAX_PUSH_BATCH);
    while (this.inSession && this.conn === conn && !this.pushTimer) {
      if (this.inflight.length >= window) return;
      const after = Math.max(this.pushedThrough, this.sentThrough);
      const batch = await this.db.outbox.where('seq').above(after).limit(size).toArray();
      // The connection may have dropped, or answers moved things on, while the outbox was read.
      if (!this.inSession || this.conn !== conn || this.pushTimer) return;
      if (after !== Math.max(this.pushedThrough, this.sentThrough)) continue;
      if (this.inflight.length >= window) return;
      const last = batch[batch.length - 1];
      if (!last) return;
      this.inflight.push({ lastSeq: last.seq, run: this.pushRun });
      this.sentThrough = last.seq;
      this.setStatus({ state: 'syncing' });
      this.send({
        type: 'push',
        clientId: this.clientId,
        mutations: batch.map((item) => ({
          seq: item.seq,
          mutationId: item.mutationId,
          name: item.name,
          args: item.args,
          createdAt: item.createdAt,
        })),
      });
    }
  }

  private async maybeAskLeases(): Promise<void> {
    if (!this.inSession || !this.caughtUp) return;
    for (const series of await lowSeries(this.db, this.options.now?.())) {
      if (this.leasesAsked.has(series)) continue;
      this.leasesAsked.add(series);
      this.send({ type: 'lease-request', clientId: this.clientId, series });
    }
  }
}
