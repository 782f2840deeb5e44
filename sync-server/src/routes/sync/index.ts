/**
 * Sync endpoints for signed-in staff (docs/sync.md):
 *
 * - `GET /api/sync/ws`: the WebSocket. The device sends hello / push / pull / lease-request
 *   messages; the server answers and pokes every connected device after each commit.
 * - `POST /api/sync/hello`, `POST /api/sync/push`, `GET /api/sync/pull`, `POST /api/sync/lease`:
 *   the same exchange over plain HTTP for when a socket cannot be held open.
 *
 * All of it is for staff (admins and drivers): the check runs on request, so a guest's upgrade is
 * refused with 401 and a customer's with 403 before any socket exists. What a device receives
 * and may change follows its user's role (sync/session.ts and the runner's role rules). The upgrade also checks `Origin`: a
 * browser page of another site (which would carry the admin's cookie) is refused with 403.
 * A socket closes as soon as the session that opened it ends — logout, a password or role
 * change, deactivation — instead of receiving pokes until it next speaks.
 */
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import websocket from '@fastify/websocket';
import type { WebSocket } from 'ws';
import { z } from 'zod';
import { MAX_JSON_DEPTH, fromThisSite, jsonNestsDeeperThan } from '../../plugins/request-rules';
import { HttpError } from '../../http-error';
import { SESSION_COOKIE, requireStaff } from '../../plugins/auth';
import {
  onSessionsEnded,
  sessionIdOf,
  sessionRoleCheck,
  type EndedSessions,
} from '../../db/repositories/users';
import { MESSAGES } from '@pilbara/shared-schema';
import { areaDefaults, errorAnswers } from '../../plugins/route-schemas';
import { currentCursor, logUnloggedRows, onChanges } from '../../db/change-log';
import {
  answerClientMessage,
  answerPushes,
  handleClientMessage,
  type SessionContext,
} from '../../sync/session';
import { isKnownClient } from '../../sync/verdicts';
import {
  clientMessageSchema,
  errorMessageSchema,
  helloMessageSchema,
  leaseRequestMessageSchema,
  pushMessageSchema,
  serverMessageSchema,
  type ClientMessage,
  type ErrorMessage,
  type PullMessage,
  type PushMessage,
  type ServerMessage,
} from '@pilbara/shared-schema';

/** Largest WebSocket message accepted: a full push batch with room to spare. */
const MAX_SOCKET_MESSAGE = 4 * 1024 * 1024;

/**
 * The socket's messages are compressed (permessage-deflate, which every browser offers), as the
 * HTTP answers are: a page of rows is JSON that deflates to a fifth or less, and on one bar of
 * signal its bytes are most of the wait for a new device's first screen. Small messages (acks,
 * pokes) are sent as they are. Each message is compressed on its own (no context kept between
 * messages on either side), so a connection holds no zlib window while idle: hundreds of
 * devices connected cost no more memory than before.
 */
const SOCKET_COMPRESSION = {
  threshold: 1024,
  serverNoContextTakeover: true,
  clientNoContextTakeover: true,
} as const;

/** A hello's next page waits while the socket holds more than this unsent (a slow device). */
const SEND_BUFFER_HIGH = 2 * 1024 * 1024;

/**
 * Most mutations one commit takes from pushes waiting on a socket (group commit, sync/session.ts
 * `answerPushes`): four full batches. The transaction holds the database (and, being
 * synchronous, the event loop) while it runs, so a group is kept to a few tens of milliseconds.
 */
const GROUP_COMMIT_MUTATIONS = 2_000;

const pullQuerySchema = z.object({
  clientId: z.string().min(1).max(100),
  cursor: z.coerce.number().int().min(0),
  ackedSeq: z.coerce.number().int().min(0).default(0),
  epoch: z.string().min(1).max(100).optional(),
  /** A snapshot under way (protocol.ts `snapshot`): its head and the next page's position. */
  snapshotHead: z.coerce.number().int().min(0).optional(),
  snapshotNext: z.string().min(1).max(200).optional(),
  /** Days of history the device keeps: a number, or `all` for everything. */
  historyDays: z.union([z.literal('all'), z.coerce.number().int().min(0).max(36_600)]).optional(),
});

/** The HTTP bodies: the socket messages without their `type`, built once (not per request). */
const pushBodySchema = pushMessageSchema.omit({ type: true });
const leaseBodySchema = leaseRequestMessageSchema.omit({ type: true });
const helloBodySchema = helloMessageSchema.omit({ type: true });

/**
 * What each HTTP call declares (request validation, answers, /api/docs), built once. The answer
 * is one protocol message (`single`): results, changes, update-required or a lease grant.
 */
const pushSchema = {
  summary: 'Send queued mutations; answers their results',
  body: pushBodySchema,
  response: {
    200: serverMessageSchema,
    ...errorAnswers(400),
    // A seq settled for another mutation: the protocol's error message, as over the socket.
    409: errorMessageSchema,
  },
};
const pullSchema = {
  summary: 'The next page of changes after a cursor, for a device that said hello',
  querystring: pullQuerySchema,
  response: { 200: serverMessageSchema, ...errorAnswers(400, 409) },
};
const helloSchema = {
  summary: 'Open a sync session: version check, held id blocks, the first page of changes',
  body: helloBodySchema,
  response: { 200: serverMessageSchema, ...errorAnswers(400) },
};
const leaseSchema = {
  summary: 'Ask for a block of ids to mint offline',
  description:
    'Granted only of a series the role mints (a driver: job history, quotes, fleet records, ' +
    'pre-start checks; bookings never), and at most 20 blocks of a series a day; otherwise ' +
    '409 with the protocol error `lease_refused` (the device goes on without that block).',
  body: leaseBodySchema,
  response: { 200: serverMessageSchema, ...errorAnswers(400), 409: errorMessageSchema },
};

function context(
  app: {
    db: SessionContext['db'];
    now: () => Date;
    config: { leaseGrantsPerDay?: number | undefined };
  },
  request: FastifyRequest,
): SessionContext {
  if (!request.user) throw new HttpError(401, 'Please log in to continue');
  return {
    db: app.db,
    userId: request.user.id,
    now: app.now,
    leaseGrantsPerDay: app.config.leaseGrantsPerDay,
    warn: (details, message) => request.log.warn(details, message),
  };
}

/**
 * The JSON value of a socket message, or undefined when it is not JSON or nests deeper than any
 * message does (then rejected as bad, as a REST body would be: plugins/request-rules.ts).
 */
function parseJson(text: string): unknown {
  if (jsonNestsDeeperThan(text, MAX_JSON_DEPTH)) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/**
 * Whether the session that opened a socket still belongs to an active account of the role it
 * was opened with, asked before every message. The cookie is the opening request's and never changes, so it is unsigned and hashed
 * once here; each check is one prepared query.
 */
function sessionToken(request: FastifyRequest): string | null {
  const raw = request.cookies[SESSION_COOKIE];
  const unsigned = raw ? request.unsignCookie(raw) : undefined;
  return unsigned?.valid && unsigned.value ? unsigned.value : null;
}

function roleCheck(request: FastifyRequest): () => boolean {
  const token = sessionToken(request);
  const opened = request.user?.role;
  if (!token || !opened) return () => false;
  const role = sessionRoleCheck(request.server.db, token);
  return () => role(request.server.now()) === opened;
}

/** The session ended message a closing socket gets. */
const SESSION_ENDED: ServerMessage = {
  type: 'error',
  code: 'session_ended',
  message: 'Please log in to continue',
  retryable: false,
};

/** A protocol error the device must act on, sent over HTTP as the message itself. */
class ProtocolRefusal extends Error {
  constructor(readonly answer: ErrorMessage) {
    super('refused');
  }
}

/**
 * Sends a single answer over HTTP, turning a protocol error into its status code. A refused
 * mutation (`seq_mismatch`) or lease (`lease_refused`) is a 409 whose body is the protocol
 * message, so the device learns why, as it would over the socket, and is not signed out.
 */
function single(messages: ServerMessage[]): ServerMessage {
  const [message] = messages;
  if (!message) throw new Error('The sync session answered nothing');
  if (message.type === 'error') {
    if (message.code === 'seq_mismatch' || message.code === 'lease_refused') {
      throw new ProtocolRefusal(message);
    }
    throw new HttpError(message.code === 'client_not_yours' ? 403 : 400, message.message);
  }
  return message;
}

export const syncRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(websocket, {
    options: { maxPayload: MAX_SOCKET_MESSAGE, perMessageDeflate: SOCKET_COMPRESSION },
  });
  app.addHook('onRequest', requireStaff);
  app.addHook('onRoute', areaDefaults({ tag: 'sync', admin: true }));

  // A push body may be long (a full outbox batch), far above the default API body limit.
  const push = { bodyLimit: MAX_SOCKET_MESSAGE, schema: pushSchema };
  app.post('/api/sync/push', push, async (request, reply) => {
    const body = request.body;
    try {
      return single(handleClientMessage(context(app, request), { type: 'push', ...body }));
    } catch (error) {
      if (error instanceof ProtocolRefusal) return reply.code(409).send(error.answer);
      throw error;
    }
  });

  // A GET changes nothing: a device the server has not met yet opens its session with a hello
  // (POST), which records it; a pull for an unknown device is refused.
  app.get('/api/sync/pull', { schema: pullSchema }, async (request) => {
    const { snapshotHead, snapshotNext, historyDays, ...query } = request.query;
    if (!isKnownClient(app.db, query.clientId)) {
      throw new HttpError(409, 'Unknown device: open the session with POST /api/sync/hello', {
        clientId: 'Unknown device',
      });
    }
    const message: PullMessage = { type: 'pull', ...query };
    if (snapshotNext !== undefined) {
      message.snapshot = { head: snapshotHead ?? 0, next: snapshotNext };
    }
    if (historyDays !== undefined) message.historyDays = historyDays === 'all' ? null : historyDays;
    return single(handleClientMessage(context(app, request), message));
  });

  // Opening a session over HTTP: the version check, the id blocks the device holds, and the
  // first page of changes (a GET pull carries no body, so it cannot list the blocks).
  app.post('/api/sync/hello', { schema: helloSchema }, async (request) => {
    const body = request.body;
    return single(
      handleClientMessage(
        context(app, request),
        { type: 'hello', ...body },
        { helloPages: 'first' },
      ),
    );
  });

  app.post('/api/sync/lease', { schema: leaseSchema }, async (request, reply) => {
    const body = request.body;
    try {
      return single(handleClientMessage(context(app, request), { type: 'lease-request', ...body }));
    } catch (error) {
      if (error instanceof ProtocolRefusal) return reply.code(409).send(error.answer);
      throw error;
    }
  });

  // The safety net for rows a migration or an older server wrote without a log entry: it reads
  // only the rows added since its last check (change-log.ts), so start-up stays short.
  app.addHook('onReady', async () => {
    const logged = logUnloggedRows(app.db, app.now().toISOString());
    if (logged > 0) app.log.warn({ logged }, 'logged rows that were written without the log');
  });

  /** Open sockets, each with the session that opened it. */
  const sockets = new Map<WebSocket, { userId: number; sessionId: string | null }>();
  const stopEnding = onSessionsEnded(app.db, (ended: EndedSessions) => {
    for (const [socket, owner] of sockets) {
      const gone =
        'userId' in ended ? owner.userId === ended.userId : owner.sessionId === ended.sessionId;
      if (!gone) continue;
      if (socket.readyState === socket.OPEN) socket.send(JSON.stringify(SESSION_ENDED));
      socket.close(4401, 'Session ended');
      sockets.delete(socket);
    }
  });
  const stopListening = onChanges(app.db, () => {
    // One poke for every socket: serialised and encoded once, sent as the same text frame to
    // each, with nothing read or awaited per socket.
    const poke = Buffer.from(
      JSON.stringify({ type: 'poke', cursor: currentCursor(app.db) } satisfies ServerMessage),
    );
    for (const socket of sockets.keys()) {
      if (socket.readyState === socket.OPEN) socket.send(poke, { binary: false });
    }
  });
  app.addHook('onClose', async () => {
    stopListening();
    stopEnding();
    for (const socket of sockets.keys()) socket.close(1001, 'Server shutting down');
  });

  const checkOrigin = async (request: FastifyRequest) => {
    // The same check as every state-changing HTTP request (plugins/request-rules.ts): a browser
    // page of another site would carry the staff member's cookie.
    if (!fromThisSite(request, app.config.publicUrl)) {
      throw new HttpError(403, MESSAGES.ORIGIN_NOT_ALLOWED, {
        origin: MESSAGES.ORIGIN_NOT_ALLOWED,
      });
    }
  };

  const socketSchema = {
    summary: 'The sync WebSocket: hello, push, pull and lease-request messages',
    description:
      'Upgrade to a WebSocket. Each text frame is one message of the sync protocol ' +
      '(shared-schema `protocol.ts`): the device sends hello, push, pull and lease-request; ' +
      'the server answers and pokes every open socket after a commit. The upgrade needs a ' +
      'staff session (admin or driver) and an Origin of this site; a driver receives only ' +
      'their jobs and the fleet records.',
    response: {
      101: z.any().meta({ description: 'Switching Protocols: the socket is open' }),
    },
  };
  app.get(
    '/api/sync/ws',
    { websocket: true, schema: socketSchema, preValidation: checkOrigin },
    (socket, request) => {
      const ctx = context(app, request);
      const stillAllowed = roleCheck(request);
      const token = sessionToken(request);
      sockets.set(socket, {
        userId: ctx.userId,
        sessionId: token ? sessionIdOf(token) : null,
      });
      socket.on('close', () => sockets.delete(socket));
      /** Waits until the socket has sent most of what it holds, with the event loop free. */
      const drained = async () => {
        do await new Promise((resolve) => setImmediate(resolve));
        while (socket.readyState === socket.OPEN && socket.bufferedAmount > SEND_BUFFER_HIGH);
      };
      const send = (answer: ServerMessage) => {
        if (socket.readyState === socket.OPEN) socket.send(JSON.stringify(answer));
      };
      /** A message as received: the protocol message, or why it is not one. */
      type Received = { ok: true; message: ClientMessage } | { ok: false; error: string };
      const receive = (data: unknown): Received => {
        const parsed = clientMessageSchema.safeParse(parseJson(String(data)));
        return parsed.success
          ? { ok: true, message: parsed.data }
          : { ok: false, error: parsed.error.issues[0]?.message ?? 'Invalid message' };
      };
      const inbox: Received[] = [];
      /**
       * The pushes waiting at the head of the inbox, taken for one commit: the first, and those
       * after it up to {@link GROUP_COMMIT_MUTATIONS} mutations.
       */
      const takePushes = (first: PushMessage): PushMessage[] => {
        const group = [first];
        let count = first.mutations.length;
        for (;;) {
          const next = inbox[0];
          if (!next?.ok || next.message.type !== 'push') break;
          if (count + next.message.mutations.length > GROUP_COMMIT_MUTATIONS) break;
          inbox.shift();
          group.push(next.message);
          count += next.message.mutations.length;
        }
        return group;
      };
      const answer = async (received: Received) => {
        // A socket outlives the request that opened it: a logout or a demotion ends it here.
        if (!stillAllowed()) {
          inbox.length = 0;
          socket.send(JSON.stringify(SESSION_ENDED));
          socket.close(4401, 'Session ended');
          return;
        }
        try {
          if (!received.ok) {
            send({ type: 'error', code: 'bad_message', message: received.error, retryable: false });
            return;
          }
          const { message } = received;
          const frames =
            message.type === 'push'
              ? answerPushes(ctx, takePushes(message))
              : answerClientMessage(ctx, message, drained);
          for await (const frame of frames) {
            if (socket.readyState !== socket.OPEN) return;
            socket.send(frame);
          }
        } catch (error) {
          request.log.error({ err: error }, 'sync message failed');
          send({
            type: 'error',
            code: 'server_error',
            message: 'The server could not handle that message; try again.',
            retryable: true,
          });
        }
      };
      // One message at a time per socket, in the order they came: a hello's later pages are
      // sent before the answer to anything the device sent after it. Pushes that arrived while
      // an earlier message was being answered are applied together (group commit).
      let answering = false;
      const drain = async () => {
        try {
          for (let next = inbox.shift(); next; next = inbox.shift()) await answer(next);
        } finally {
          answering = false;
        }
      };
      socket.on('message', (data) => {
        inbox.push(receive(data));
        if (answering) return;
        answering = true;
        // Started after the messages already received in this turn are in the inbox, so
        // pushes that arrived together are committed together.
        setImmediate(() => void drain());
      });
    },
  );
};
