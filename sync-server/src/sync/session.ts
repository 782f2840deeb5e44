/**
 * The server side of the sync protocol for one device, independent of the transport: the
 * WebSocket room and the HTTP fallback both hand each parsed client message to
 * `handleClientMessage` and send back what it returns.
 */
import type { Db } from '../db/connection';
import { ClientOwnershipError, applyBatch, ensureClient, settledThrough } from './apply-mutation';
import { backfillChangeLogIfWritten, notifyChanges, pullChanges } from './change-log';
import { grantLease, honourHeldLeases } from './leases';
import { atomically } from './statements';
import { pruneMutationResults } from './retention';
import {
  MAX_CHANGES_PAGE,
  MIN_CLIENT_PROTOCOL_VERSION,
  isClientSupported,
  type ChangesMessage,
  type ClientMessage,
  type ServerMessage,
} from '@pilbara/shared-schema';

/** Who is talking, and the server's clock. */
export interface SessionContext {
  db: Db;
  userId: number;
  now: () => Date;
}

/** A changes page for a client, with its settled seq and results as far as the page reaches. */
export function changesPage(
  ctx: SessionContext,
  clientId: string,
  cursor: number,
  ackedSeq: number,
  limit = MAX_CHANGES_PAGE,
): ChangesMessage {
  const now = ctx.now().toISOString();
  return atomically(ctx.db, (): ChangesMessage => {
    ensureClient(ctx.db, clientId, ctx.userId, now);
    // A safety net for rows another area inserted without logging them (see change-log.ts);
    // skipped when nothing was written since it last found the log complete.
    backfillChangeLogIfWritten(ctx.db, now);
    const page = pullChanges(ctx.db, cursor, limit);
    const settled = settledThrough(ctx.db, clientId, page.cursor, page.reset ? 0 : ackedSeq);
    // The device has taken in its verdicts up to ackedSeq; when the server agrees it settled
    // that far (not a restored backup that forgot some), old verdicts below it can go.
    if (!page.reset && settled.lastSeq >= ackedSeq)
      pruneMutationResults(ctx.db, clientId, ackedSeq, ctx.now());
    return { type: 'changes', ...page, lastSeq: settled.lastSeq, results: settled.results };
  });
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
        if (message.leases) {
          honourHeldLeases(ctx.db, message.clientId, message.leases, ctx.now().toISOString());
        }
        const pages: ChangesMessage[] = [];
        let page = changesPage(ctx, message.clientId, message.cursor, message.ackedSeq);
        pages.push(page);
        while (page.hasMore && helloPages === 'all') {
          page = changesPage(ctx, message.clientId, page.cursor, page.lastSeq);
          pages.push(page);
        }
        return pages;
      }
      case 'pull':
        return [changesPage(ctx, message.clientId, message.cursor, message.ackedSeq)];
      case 'push': {
        const batch = applyBatch(
          ctx.db,
          message.clientId,
          ctx.userId,
          message.mutations,
          ctx.now().toISOString(),
        );
        if (batch.changed) notifyChanges(ctx.db);
        const results: ServerMessage = {
          type: 'results',
          results: batch.results,
          lastSeq: batch.lastSeq,
        };
        if (batch.stopped) results.stopped = batch.stopped;
        return [results];
      }
      case 'lease-request': {
        const now = ctx.now().toISOString();
        const lease = ctx.db.transaction(() => {
          ensureClient(ctx.db, message.clientId, ctx.userId, now);
          return grantLease(ctx.db, message.clientId, message.series, message.size, now);
        })();
        return [{ type: 'lease-grant', ...lease }];
      }
    }
  } catch (error) {
    if (error instanceof ClientOwnershipError) {
      return [
        { type: 'error', code: 'client_not_yours', message: error.message, retryable: false },
      ];
    }
    throw error;
  }
}
