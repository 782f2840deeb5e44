/**
 * An in-process stand-in for the network between the real web sync engine and the real server
 * apply path, for tests that need hundreds of runs or exact control of timing.
 *
 * The server side is the real one: `handleClientMessage` on a SQLite file, each message first
 * validated with the protocol's `clientMessageSchema` exactly as `routes/sync` does (a bad
 * message is answered `bad_message`, nothing else runs). Only the wire is simulated, and it is
 * hostile on request: a message can be lost with its connection, an answer lost after the server
 * committed, any message delivered twice, and an answer held back so that later ones overtake it
 * (what concurrent HTTP requests of the fallback do). Like the HTTP fallback, a connection takes
 * messages before it reports open; unlike either transport, it records every message a device
 * sends before its hello on that connection, or under a client id other than its hello's, and
 * every page whose seqs are not strictly increasing after the cursor it answers, so a test can
 * assert none of that ever happens.
 */
/* eslint-disable no-restricted-imports -- the integration tests drive the real web client */
import type { Connector } from '../../../web/src/sync/transport';
import type { ServerMessage } from '@pilbara/shared-schema';
/* eslint-enable no-restricted-imports */
import { clientMessageSchema } from '@pilbara/shared-schema';
import { openDatabase, type Db } from '../../src/db/connection';
import { migrate } from '../../src/db/migrate';
import { currentCursor, onChanges } from '../../src/db/change-log';
import { handleClientMessage } from '../../src/sync/session';
import { startTimeline } from '../../src/sync/timeline';

export interface Faults {
  /** A client message is lost and the connection drops. */
  drop: number;
  /** The server commits but the answer is lost and the connection drops. */
  loseAnswer: number;
  /** A message is delivered twice. */
  duplicate: number;
  /** An answer is held back a few milliseconds, so later answers may overtake it. */
  delay: number;
}

const NO_FAULTS: Faults = { drop: 0, loseAnswer: 0, duplicate: 0, delay: 0 };

export interface ConnectorOptions {
  isOnline?: () => boolean;
  faults?: () => Faults;
  random?: () => number;
  /** The connection reports open only once this resolves (default: on the next tick). */
  openWhen?: Promise<void>;
  /** Sees every message the device sends, before any fault. */
  onSend?: (message: unknown) => void;
}

/** The server process: a SQLite file, reopened on restart; connections die with it. */
export class SimServer {
  db: Db;
  /** Every protocol rule a device broke, in words (a test expects none). */
  readonly violations: string[] = [];
  private readonly conns = new Set<{ close: () => void; poke: (cursor: number) => void }>();
  private unsubscribe: () => void;

  constructor(
    private readonly file: string,
    private readonly log: (...parts: unknown[]) => void = () => undefined,
  ) {
    this.db = this.open();
    this.unsubscribe = this.listen();
  }

  private open(): Db {
    const db = openDatabase(this.file);
    migrate(db);
    // The connections speak as user 1, an admin (the role rules read the account).
    db.prepare(
      "INSERT OR IGNORE INTO users (id, username, password, role, createdAt, updatedAt) VALUES (1, 'admin', 'x', 'admin', '2026-01-01T00:00:00.000Z', '2026-01-01T00:00:00.000Z')",
    ).run();
    startTimeline(db);
    return db;
  }

  private listen(): () => void {
    return onChanges(this.db, () => {
      const head = currentCursor(this.db);
      for (const conn of this.conns) conn.poke(head);
    });
  }

  /** The process stops (every connection drops) and starts again on the same file. */
  restart(): void {
    for (const conn of [...this.conns]) conn.close();
    this.unsubscribe();
    this.db.close();
    this.db = this.open();
    this.unsubscribe = this.listen();
  }

  close(): void {
    for (const conn of [...this.conns]) conn.close();
    this.unsubscribe();
    this.db.close();
  }

  /** What `routes/sync` does with one socket message: validate, then handle. */
  private answer(raw: unknown): ServerMessage[] {
    const parsed = clientMessageSchema.safeParse(raw);
    if (!parsed.success) {
      return [
        {
          type: 'error',
          code: 'bad_message',
          message: parsed.error.issues[0]?.message ?? 'Invalid message',
          retryable: false,
        },
      ];
    }
    const message = parsed.data;
    const answers = handleClientMessage({ db: this.db, userId: 1, now: () => new Date() }, message);
    if (message.type === 'hello' || message.type === 'pull') {
      // The pages of one answer carry strictly increasing seqs, all after the cursor asked. A
      // snapshot's page carries rows as the log had them up to its head (or as they are now, at
      // most the head's position): its cursor stays 0 until its last page, which is at the head.
      let after = message.cursor;
      for (const page of answers) {
        if (page.type !== 'changes' || page.reset) continue;
        if (page.snapshot) {
          const { head, next } = page.snapshot;
          for (const change of page.changes) {
            if (change.seq > head || change.op !== 'put')
              this.violations.push(`snapshot at ${head} sent ${change.op} ${change.seq}`);
          }
          if (page.cursor !== (next === null ? head : 0))
            this.violations.push(`snapshot page at ${head} with cursor ${page.cursor}`);
          after = page.cursor;
          continue;
        }
        for (const change of page.changes) {
          if (change.seq <= after)
            this.violations.push(`change ${change.seq} sent after cursor ${after}`);
          after = change.seq;
        }
        if (page.cursor < after)
          this.violations.push(`page cursor ${page.cursor} behind its change ${after}`);
        after = page.cursor;
      }
    }
    return answers;
  }

  connector(options: ConnectorOptions = {}): Connector {
    const isOnline = options.isOnline ?? (() => true);
    const faults = options.faults ?? (() => NO_FAULTS);
    const random = options.random ?? Math.random;
    return (handlers) => {
      let closed = false;
      let helloClientId: string | null = null;
      const entry = {
        close: () => {
          if (closed) return;
          closed = true;
          this.conns.delete(entry);
          handlers.onClose({ opened: true, reason: 'dropped' });
        },
        poke: (cursor: number) => deliver([{ type: 'poke', cursor }]),
      };
      const deliver = (messages: ServerMessage[]) => {
        const late = random() < faults().delay;
        setTimeout(
          () => {
            for (const message of messages) {
              if (closed) return;
              this.log('<<', JSON.stringify(message).slice(0, 160));
              handlers.onMessage(message);
              if (random() < faults().duplicate) handlers.onMessage(message);
            }
          },
          late ? 1 + Math.floor(random() * 4) : 0,
        );
      };
      if (!isOnline()) {
        setTimeout(() => handlers.onClose({ opened: false, reason: 'offline' }), 0);
        return { kind: 'socket', send() {}, close() {} };
      }
      this.conns.add(entry);
      const open = () => {
        if (!closed) handlers.onOpen();
      };
      if (options.openWhen) void options.openWhen.then(open);
      else setTimeout(open, 0);
      return {
        kind: 'socket',
        send: (message) => {
          if (closed) return;
          options.onSend?.(message);
          this.log('>>', JSON.stringify(message).slice(0, 160));
          if (message.type === 'hello') helloClientId = message.clientId;
          else if (helloClientId === null)
            this.violations.push(`${message.type} sent before the hello`);
          else if (message.clientId !== helloClientId)
            this.violations.push(
              `${message.type} under client id "${message.clientId}" after a hello as "${helloClientId}"`,
            );
          const f = faults();
          if (random() < f.drop) {
            setTimeout(() => entry.close(), 0);
            return;
          }
          const times = random() < f.duplicate ? 2 : 1;
          setTimeout(() => {
            for (let i = 0; i < times; i++) {
              if (closed) return;
              const answers = this.answer(message);
              if (random() < f.loseAnswer) {
                entry.close();
                return;
              }
              deliver(answers);
            }
          }, 0);
        },
        close: () => entry.close(),
      };
    };
  }
}
