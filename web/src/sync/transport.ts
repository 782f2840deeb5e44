/**
 * The two ways a device talks to the server, behind one small interface (tldraw's socket
 * adapter): the WebSocket at `/api/sync/ws`, and the HTTP fallback (`POST /api/sync/hello`,
 * `POST /api/sync/push`, `GET /api/sync/pull`, `POST /api/sync/lease`) used while a socket cannot
 * be held open. Both deliver the server's protocol messages to the same handlers, so the engine
 * has one code path.
 */
import {
  serverMessageSchema,
  type ClientMessage,
  type ServerMessage,
} from '@pilbara/shared-schema';

interface ConnectionHandlers {
  onOpen(): void;
  onMessage(message: ServerMessage): void;
  /** The connection is gone; `opened` says whether it ever opened. */
  onClose(info: { opened: boolean; reason: string }): void;
}

export interface SyncConnection {
  readonly kind: 'socket' | 'http';
  send(message: ClientMessage): void;
  close(): void;
}

export type Connector = (handlers: ConnectionHandlers) => SyncConnection;

/** The minimal WebSocket surface used, so tests can pass Node's `ws` or a fake. */
export interface WebSocketLike {
  readonly readyState: number;
  send(data: string): void;
  close(code?: number, reason?: string): void;
  onopen: ((event: unknown) => void) | null;
  onmessage: ((event: { data: unknown }) => void) | null;
  onclose: ((event: { code?: number; reason?: string }) => void) | null;
  onerror: ((event: unknown) => void) | null;
}

export type WebSocketFactory = (url: string) => WebSocketLike;

function parseServerMessage(raw: unknown): ServerMessage | undefined {
  try {
    const parsed = serverMessageSchema.safeParse(typeof raw === 'string' ? JSON.parse(raw) : raw);
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

/** `http://host` → `ws://host/api/sync/ws` (and https → wss). */
function socketUrl(baseUrl: string): string {
  const url = new URL('/api/sync/ws', baseUrl);
  url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:';
  return url.toString();
}

/** A connector over the WebSocket. */
export function socketConnector(baseUrl: string, factory?: WebSocketFactory): Connector {
  const make: WebSocketFactory =
    factory ??
    ((url) => {
      const Socket = (globalThis as { WebSocket?: new (url: string) => WebSocketLike }).WebSocket;
      if (!Socket) throw new Error('WebSocket is not available');
      return new Socket(url);
    });
  return (handlers) => {
    let opened = false;
    let closed = false;
    let socket: WebSocketLike;
    try {
      socket = make(socketUrl(baseUrl));
    } catch {
      queueMicrotask(() => handlers.onClose({ opened: false, reason: 'socket unavailable' }));
      return { kind: 'socket', send() {}, close() {} };
    }
    const finish = (reason: string) => {
      if (closed) return;
      closed = true;
      handlers.onClose({ opened, reason });
    };
    socket.onopen = () => {
      opened = true;
      handlers.onOpen();
    };
    socket.onmessage = (event) => {
      const message = parseServerMessage(
        typeof event.data === 'string' ? event.data : String(event.data),
      );
      if (message) handlers.onMessage(message);
    };
    socket.onclose = (event) =>
      finish(`socket closed ${event.code ?? ''} ${event.reason ?? ''}`.trim());
    socket.onerror = () => finish('socket error');
    return {
      kind: 'socket',
      send(message) {
        if (!closed && socket.readyState === 1) socket.send(JSON.stringify(message));
      },
      close() {
        finish('closed by client');
        try {
          socket.close(1000, 'bye');
        } catch {
          // Closing a socket that never opened can throw; it is gone either way.
        }
      },
    };
  };
}

export type FetchLike = (input: string, init?: RequestInit) => Promise<Response>;

/**
 * A connector over plain HTTP. "Open" is immediate; each client message is one request whose
 * answer is delivered like a socket message; a network failure or 5xx closes the connection
 * (the engine backs off and retries the socket first).
 */
export function httpConnector(baseUrl: string, fetchImpl?: FetchLike): Connector {
  const doFetch: FetchLike = fetchImpl ?? ((input, init) => fetch(input, init));
  return (handlers) => {
    let closed = false;
    const finish = (reason: string) => {
      if (closed) return;
      closed = true;
      handlers.onClose({ opened: true, reason });
    };
    const request = async (message: ClientMessage): Promise<void> => {
      let path: string;
      let init: RequestInit = {
        credentials: 'include',
        headers: { 'content-type': 'application/json' },
      };
      if (message.type === 'hello') {
        path = '/api/sync/hello';
        init.method = 'POST';
        const { type: _type, ...body } = message;
        init.body = JSON.stringify(body);
      } else if (message.type === 'pull') {
        const query = new URLSearchParams({
          clientId: message.clientId,
          cursor: String(message.cursor),
          ackedSeq: String(message.ackedSeq),
        });
        if (message.epoch) query.set('epoch', message.epoch);
        if (message.snapshot?.next) {
          query.set('snapshotHead', String(message.snapshot.head));
          query.set('snapshotNext', message.snapshot.next);
        }
        if (message.historyDays !== undefined) {
          query.set(
            'historyDays',
            message.historyDays === null ? 'all' : String(message.historyDays),
          );
        }
        path = `/api/sync/pull?${query.toString()}`;
        init = { credentials: 'include' };
      } else if (message.type === 'push') {
        path = '/api/sync/push';
        init.method = 'POST';
        init.body = JSON.stringify({ clientId: message.clientId, mutations: message.mutations });
      } else {
        path = '/api/sync/lease';
        init.method = 'POST';
        const body: Record<string, unknown> = {
          clientId: message.clientId,
          series: message.series,
        };
        if (message.size !== undefined) body.size = message.size;
        init.body = JSON.stringify(body);
      }
      const response = await doFetch(new URL(path, baseUrl).toString(), init);
      if (closed) return;
      if (response.status === 401 || response.status === 403) {
        handlers.onMessage({
          type: 'error',
          code: 'forbidden',
          message: `${response.status}: ${await response.text()}`,
          retryable: false,
        });
        finish('not signed in');
        return;
      }
      if (response.status === 409) {
        // A refusal the device must act on (a seq used for another mutation): the body is the
        // protocol's error message, delivered as over the socket; the engine closes.
        const refusal = parseServerMessage(await response.json().catch(() => null));
        if (refusal?.type === 'error') handlers.onMessage(refusal);
        else finish(`${response.status}: ${response.statusText}`);
        return;
      }
      if (!response.ok) {
        finish(`${response.status}: ${response.statusText}`);
        return;
      }
      const message2 = parseServerMessage(await response.json());
      if (message2) handlers.onMessage(message2);
      else finish('unreadable answer');
    };
    queueMicrotask(() => {
      if (!closed) handlers.onOpen();
    });
    return {
      kind: 'http',
      send(message) {
        if (closed) return;
        request(message).catch((error: unknown) =>
          finish(error instanceof Error ? error.message : 'network error'),
        );
      },
      close() {
        finish('closed by client');
      },
    };
  };
}
