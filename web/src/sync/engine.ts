/**
 * The sync engine of one browser (run by the leader tab only): connect, hello, apply pages,
 * push the outbox in batches, take leases, and reconnect with capped exponential backoff.
 *
 * Exactly-once rests on the server's bookkeeping (docs/sync.md): the engine may send a mutation
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
 * Server messages are handled one at a time, in order, on a promise queue (connection-loop.ts,
 * which also connects, reconnects and watches for silence).
 */
import { addLease, heldLeases, holdsEverySeries, lowSeries, takeLeaseAnswer } from './leases';
import { IdentityClashError, applyChangesPage, applyPacing, verdictsTaken } from './apply-page';
import { META, ensureClientId, getMeta } from './local-store';
import { resetForResync } from './resync';
import {
  MAX_PUSH_BATCH,
  PROTOCOL_VERSION,
  type ChangesMessage,
  type HistoryDays,
  type ResultsMessage,
  type ServerMessage,
  type SnapshotPosition,
} from '@pilbara/shared-schema';
import { ConnectionLoop, backoffDelay, endsSession } from './connection-loop';

export {
  NO_ANSWER_MESSAGE,
  type EngineOptions,
  type StoredStatus,
  type SyncState,
} from './connection-loop';

/**
 * Push batches in flight at once over the socket: the server answers a socket's messages in
 * order and applies the pushes that wait in one commit, so a long outbox goes at the speed of
 * the server's apply instead of one round trip and one fsync per batch. The HTTP fallback sends
 * one at a time (its answers may come back in any order).
 */
export const SOCKET_PUSH_WINDOW = 4;

export class SyncEngine extends ConnectionLoop {
  private pushAttempt = 0;
  private pushTimer: ReturnType<typeof setTimeout> | null = null;
  private clientId = '';
  /** Highest seq the server has settled as far as this session knows (pushes resume after it). */
  private pushedThrough = 0;
  /** Pushes sent and not yet answered, oldest first: each one's last seq and run. */
  private inflight: { lastSeq: number; run: number }[] = [];
  /** The highest seq sent in the current run of pushes. */
  private sentThrough = 0;
  /** The current run of pipelined pushes; a stop (gap, transient failure) starts a new one. */
  private pushRun = 0;
  private pokedDuringPush = false;
  private pulling = false;
  private pullAgain = false;
  private caughtUp = false;
  private allPagesComing = false;
  /** The last page's rebase waits for the answers to pushes (apply-page.ts): pull after them. */
  private rebaseOwed = false;
  private leasesAsked = new Set<string>();
  /** The acknowledged seq the device holds, as far as this session's pages and pulls know. */
  private ackedTaken = 0;
  /** How pages are cut into parts: the rate the device writes at is learnt across pages. */
  private readonly pacing = applyPacing();
  /** What the pull sent ahead of the page being applied reported (see {@link onChanges}). */
  private askedFrom: { cursor: number; ackedSeq: number; snapshot: string | null } | null = null;

  /**
   * Downloads this device's data again from scratch (staff chose to keep more or less history):
   * as a resync, under a new client id, every pending mutation kept. Queued behind the message
   * being handled, so no page is half taken in.
   */
  downloadAgain(): void {
    this.enqueue(() => this.resync());
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

  protected dropSession(): void {
    this.inflight = [];
    this.pokedDuringPush = false;
    this.pulling = false;
    this.allPagesComing = false;
    this.askedFrom = null;
  }

  protected owesAnswer(): boolean {
    return this.inflight.length > 0 || this.pulling;
  }

  protected retryPending(): boolean {
    return this.pushTimer !== null;
  }

  protected override clearTimers(): void {
    super.clearTimers();
    if (this.pushTimer) clearTimeout(this.pushTimer);
    this.pushTimer = null;
  }

  protected async onOpen(): Promise<void> {
    const conn = this.conn;
    if (!conn) return;
    this.clientId = await ensureClientId(this.db);
    const cursor = await getMeta<number>(this.db, META.cursor, 0);
    const epoch = await getMeta<string | null>(this.db, META.epoch, null);
    const ackedSeq = await getMeta<number>(this.db, META.ackedSeq, 0);
    const leases = await heldLeases(this.db);
    const snapshot = await this.snapshotAsk(cursor);
    // The connection may have dropped (and another opened) while the state was read.
    if (this.conn !== conn) return;
    // What the server settled is unknown until it answers; resending settled seqs is harmless.
    this.pushedThrough = ackedSeq;
    this.ackedTaken = ackedSeq;
    this.askedFrom = null;
    this.inflight = [];
    this.sentThrough = 0;
    this.pushRun += 1;
    this.pulling = true;
    this.pullAgain = false;
    this.caughtUp = false;
    this.rebaseOwed = false;
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
      ...snapshot,
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

  protected async handle(message: ServerMessage): Promise<void> {
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
        // The grant that completes the set may be what "Synced" waited for (whatever the chip
        // said meanwhile: a link that was slow to answer leaves it on "Offline").
        if (this.inSession && this.state !== 'online') await this.maybeSynced();
        return;
      case 'update-required':
        this.setStatus({ state: 'update-required', message: message.message });
        this.running = false;
        this.clearTimers();
        this.conn?.close();
        this.conn = null;
        return;
      case 'error':
        // A block the server will not grant (a series this role does not mint, or a day's cap):
        // the session goes on; the series stays asked for until the next connection.
        if (message.code === 'lease_refused') return;
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
    const snapshot = await this.snapshotAsk(cursor);
    this.ackedTaken = ackedSeq;
    this.send({ type: 'pull', clientId: this.clientId, cursor, epoch, ackedSeq, ...snapshot });
  }

  /**
   * What a hello or pull from `cursor` says of the snapshot (docs/new-device.md): from 0, the
   * snapshot under way (if any) and the history this device keeps, so the server goes on where
   * it stopped, within the window staff chose.
   */
  private async snapshotAsk(
    cursor: number,
  ): Promise<{ snapshot?: SnapshotPosition; historyDays?: HistoryDays }> {
    if (cursor !== 0) return {};
    const [snapshotRow, daysRow] = await this.db.meta.bulkGet([META.snapshot, META.historyDays]);
    const ask: { snapshot?: SnapshotPosition; historyDays?: HistoryDays } = {};
    const snapshot = snapshotRow?.value as SnapshotPosition | undefined;
    if (snapshot?.next) ask.snapshot = snapshot;
    if (daysRow) ask.historyDays = daysRow.value as HistoryDays;
    return ask;
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
    // The first page of a hello says which held blocks are not this device's and which series it
    // may hold: refused blocks go, and the catch-up's end asks for what is then missing.
    if (await takeLeaseAnswer(this.db, page)) this.leasesAsked.clear();
    // Over the socket the page after this one is asked for before this one is applied, so the
    // server makes it while the device writes this one (a catch-up of N pages no longer waits a
    // round trip per page). The socket answers in order, and a page that fails to apply closes
    // the connection at once, so the page asked for ahead is then dropped unread; it is applied
    // only if the cursor and seq its pull reported are what the device then holds.
    const askedFrom = this.askedFrom;
    this.askedFrom = null;
    // A snapshot is answered a page at a time, also over the socket: the device asks for each.
    if (page.snapshot) this.allPagesComing = false;
    const askAhead = page.hasMore && !this.allPagesComing && this.conn?.kind === 'socket';
    if (askAhead) {
      const next = page.snapshot?.next ? page.snapshot : undefined;
      this.askedFrom = {
        cursor: page.cursor,
        ackedSeq: verdictsTaken(page, this.ackedTaken).ackedSeq,
        snapshot: next?.next ?? null,
      };
      const days = next ? await this.snapshotAsk(0) : {};
      this.send({
        type: 'pull',
        clientId: this.clientId,
        cursor: page.cursor,
        epoch: page.epoch ?? null,
        ackedSeq: this.askedFrom.ackedSeq,
        ...(next ? { snapshot: next } : {}),
        ...(days.historyDays !== undefined ? { historyDays: days.historyDays } : {}),
      });
    }
    let outcome;
    try {
      outcome = await applyChangesPage(this.db, page, this.options.now, {
        settlingThrough: this.settlingThrough(),
        pacing: this.pacing,
        ...(askedFrom ? { askedFrom } : {}),
      });
    } catch (error) {
      if (!(error instanceof IdentityClashError)) throw error;
      await this.resync();
      return;
    }
    this.pushedThrough = Math.max(this.pushedThrough, outcome.ackedSeq);
    this.ackedTaken = outcome.ackedSeq;
    this.attempt = 0;
    if (page.hasMore) {
      // A socket hello is answered with every page at once; a pull with one page.
      if (!this.allPagesComing && !askAhead) {
        this.pulling = false;
        await this.pull();
      }
      return;
    }
    this.allPagesComing = false;
    this.pulling = false;
    this.caughtUp = true;
    this.rebaseOwed = outcome.rebaseWaits;
    // A rebase waiting for verdicts the server has given already: they come with the next page.
    if (outcome.moreResults || this.pullAgain || (this.rebaseOwed && this.inflight.length === 0)) {
      this.pullAgain = false;
      await this.pull();
      return;
    }
    await this.afterCaughtUp();
  }

  private async afterCaughtUp(): Promise<void> {
    await this.maybeSynced();
    await this.maybePush();
    await this.maybeAskLeases();
  }

  /**
   * Says "Synced" when nothing waits to be sent and the device holds ids of every series. A
   * driver reads "Synced" as leave to drive out of signal: on a first sign-in the blocks are
   * asked for after the catch-up, and a step taken offline before they came could not be kept
   * (no id for its job update). So the first "Synced" waits for the grants (`lease-grant`).
   */
  private async maybeSynced(): Promise<void> {
    if (!this.caughtUp || this.inflight.length > 0) return;
    if ((await this.db.outbox.count()) > 0) return;
    if (!(await holdsEverySeries(this.db, this.options.now?.()))) return;
    this.setStatus({
      state: 'online',
      lastSyncedAt: (this.options.now?.() ?? new Date()).toISOString(),
      message: null,
    });
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
    // Confirmed rows and acks come with the changes page (and a rebase owed waits for them).
    const answeredAll = this.inflight.length === 0;
    if (message.results.length > 0 || this.pokedDuringPush || (this.rebaseOwed && answeredAll)) {
      this.pokedDuringPush = false;
      await this.pull();
    }
    if (answeredAll) await this.maybeAskLeases();
  }

  /**
   * Up to which seq the pending mutations are with the server: settled by it (their verdicts
   * come with the pages being pulled) or pushed in this run and not answered yet.
   */
  private settlingThrough(): number {
    let through = this.pushedThrough;
    for (const push of this.inflight)
      if (push.run === this.pushRun) through = Math.max(through, push.lastSeq);
    return through;
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

  /**
   * Asks for the id blocks running low, once the pushes in flight are answered: a lease request
   * is a commit on the server, and the server answers a socket in order, so asked earlier they
   * would hold up the pages that settle the outbox.
   */
  private async maybeAskLeases(): Promise<void> {
    if (!this.inSession || !this.caughtUp || this.inflight.length > 0) return;
    for (const series of await lowSeries(this.db, this.options.now?.())) {
      if (this.leasesAsked.has(series)) continue;
      this.leasesAsked.add(series);
      this.send({ type: 'lease-request', clientId: this.clientId, series });
    }
  }
}
