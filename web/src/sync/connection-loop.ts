/**
 * The connection side of the sync engine: connect (the socket first, then the HTTP fallback),
 * reconnect with capped exponential backoff, hold off while the browser says it is offline,
 * call a link that stays silent dead, publish the status, and handle the server's messages one
 * at a time on a promise queue. What a session says is the engine's (engine.ts).
 */
import type { PilbaraDatabase } from '../db/database';
import type { ClientMessage, ServerMessage } from '@pilbara/shared-schema';
import { META, getMeta, isConnectionLost, setMeta } from './local-store';
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

/** Default {@link EngineOptions.answerTimeoutMs}: a link silent this long counts as none. */
const DEFAULT_ANSWER_TIMEOUT_MS = 10_000;

/** The status message while a connection hangs with no answer. */
export const NO_ANSWER_MESSAGE = 'No answer from the server';

/** Capped exponential backoff with "equal jitter": half fixed, half random. */
export function backoffDelay(
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
export function endsSession(message: ServerMessage): boolean {
  return (
    message.type === 'error' && (message.code === 'forbidden' || message.code === 'session_ended')
  );
}

/**
 * The engine's connection loop. The session (engine.ts) supplies what happens once a connection
 * opens, what each server message does, and which answers it still owes.
 */
export abstract class ConnectionLoop {
  protected readonly db: PilbaraDatabase;
  protected readonly options: EngineOptions;
  protected conn: SyncConnection | null = null;
  private connectorIndex = 0;
  protected attempt = 0;
  private reconnectTimer: ReturnType<typeof setTimeout> | null = null;
  protected pollTimer: ReturnType<typeof setInterval> | null = null;
  /** Runs out when the server has said nothing for answerTimeoutMs while the engine waits. */
  private answerTimer: ReturnType<typeof setTimeout> | null = null;
  /**
   * The last connection went silent and nothing has been heard since: the chip keeps saying
   * "offline" through the next attempts (an HTTP "open" is not an answer) until one arrives.
   */
  private noAnswer = false;
  private queue: Promise<void> = Promise.resolve();
  protected running = false;
  /**
   * Whether this connection's hello has gone out. Nothing else is sent before it: the hello is
   * where the device's client id is loaded and the session opens, and a push sent ahead of it
   * carried whatever id the engine held (none at all on a first start).
   */
  protected helloSent = false;
  private networkDown = false;
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

  /** Something local changed: push or reconnect now. */
  abstract kick(): void;
  /** A connection opened: say hello. */
  protected abstract onOpen(): Promise<void>;
  /** One server message, in order. */
  protected abstract handle(message: ServerMessage): Promise<void>;
  /** The connection is gone: forget what this session was waiting for. */
  protected abstract dropSession(): void;
  /** Whether the session still waits for an answer (a push's results, a page). */
  protected abstract owesAnswer(): boolean;
  /** Whether the session waits on a retry timer of its own (then silence is expected). */
  protected abstract retryPending(): boolean;

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
    this.dropSession();
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
  protected clearTimers(): void {
    for (const timer of [this.reconnectTimer, this.answerTimer]) if (timer) clearTimeout(timer);
    if (this.pollTimer) clearInterval(this.pollTimer);
    this.reconnectTimer = this.pollTimer = this.answerTimer = null;
  }

  /** Starts waiting for an answer, unless already waiting (the earliest request counts). */
  protected awaitAnswer(): void {
    if (this.answerTimer || !this.running || !this.conn) return;
    const conn = this.conn;
    this.answerTimer = setTimeout(() => {
      this.answerTimer = null;
      this.onSilence(conn);
    }, this.options.answerTimeoutMs ?? DEFAULT_ANSWER_TIMEOUT_MS);
  }

  protected heard(): void {
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
    if (!waiting || this.retryPending()) {
      if (waiting) this.awaitAnswer();
      return;
    }
    this.noAnswer = true;
    this.setStatus({ state: 'offline', transport: null, message: NO_ANSWER_MESSAGE });
    conn.close();
  }

  protected setStatus(patch: Partial<StoredStatus>): void {
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
          if (this.conn === connection && this.owesAnswer()) this.awaitAnswer();
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
    this.dropSession();
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

  protected enqueue(task: () => Promise<void>): void {
    this.queue = this.queue.then(task).catch(async (error: unknown) => {
      if (isConnectionLost(error)) {
        // IndexedDB went away under us (Safari): reopen and resync from what is stored.
        await this.db.open().catch(() => undefined);
      }
      this.conn?.close();
    });
  }

  protected send(message: ClientMessage): void {
    if (message.type !== 'hello' && !this.helloSent) return;
    this.conn?.send(message);
    this.awaitAnswer();
  }

  /** Whether a session is open: connected, and this connection's hello sent. */
  protected get inSession(): boolean {
    return this.conn !== null && this.helloSent;
  }
}
