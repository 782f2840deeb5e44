/**
 * A local stand-in for the few Stripe endpoints the server uses (tests only): create and retrieve
 * a PaymentIntent, with Stripe's idempotency-key behaviour (same key and same parameters → the
 * same intent; same key and other parameters → 400 idempotency_error) and its bearer-key check.
 * The real SDK talks to it through STRIPE_API_BASE.
 */
import http from 'node:http';
import { listenOnLoopback } from '../helper';

export interface FakeIntent {
  id: string;
  object: 'payment_intent';
  amount: number;
  amount_received: number;
  currency: string;
  status: string;
  client_secret: string;
  description: string | null;
  metadata: Record<string, string>;
  receipt_email: string | null;
  automatic_payment_methods: { enabled: boolean; allow_redirects?: string } | null;
  created: number;
  livemode: false;
}

interface FakeRequest {
  method: string;
  path: string;
  idempotencyKey: string | undefined;
  params: Record<string, unknown>;
}

export interface FakeStripe {
  /** e.g. http://127.0.0.1:41234 — the value for STRIPE_API_BASE. */
  url: string;
  secretKey: string;
  intents: Map<string, FakeIntent>;
  requests: FakeRequest[];
  /** Creates answered so far (replays of an idempotency key not counted). */
  created(): FakeIntent[];
  /** Moves an intent to another status (as the customer's card confirmation would). */
  setStatus(id: string, status: string): void;
  /** Makes the next request fail with a 500 api_error. */
  failNext(): void;
  /** Delays every create by this many ms (to hold an idempotency key in flight). */
  createDelayMs: number;
}

/** Parses Stripe's form encoding (`metadata[quoteId]=…`, `a[b]=true`) into nested objects. */
function parseForm(body: string): Record<string, unknown> {
  const result: Record<string, unknown> = {};
  for (const [key, value] of new URLSearchParams(body)) {
    const path = key.replace(/\]/g, '').split('[');
    let node = result;
    path.forEach((part, index) => {
      if (index === path.length - 1) node[part] = value;
      else node = (node[part] ??= {}) as Record<string, unknown>;
    });
  }
  return result;
}

function send(response: http.ServerResponse, status: number, body: unknown): void {
  response.writeHead(status, {
    'Content-Type': 'application/json',
    'Request-Id': `req_fake_${Date.now()}`,
  });
  response.end(JSON.stringify(body));
}

function error(response: http.ServerResponse, status: number, type: string, message: string): void {
  send(response, status, { error: { type, message } });
}

export async function startFakeStripe(secretKey = 'sk_test_fake_key'): Promise<FakeStripe> {
  const intents = new Map<string, FakeIntent>();
  const requests: FakeRequest[] = [];
  const idempotent = new Map<string, { params: string; intentId: string }>();
  const createdIds: string[] = [];
  let counter = 0;
  let failNext = false;
  const keysInFlight = new Set<string>();
  const state = { createDelayMs: 0 };

  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      const url = new URL(request.url ?? '/', 'http://localhost');
      const idempotencyKey = request.headers['idempotency-key'] as string | undefined;
      const params = request.method === 'GET' ? parseForm(url.search.slice(1)) : parseForm(body);
      requests.push({ method: request.method ?? '', path: url.pathname, idempotencyKey, params });

      if (request.headers.authorization !== `Bearer ${secretKey}`) {
        return error(response, 401, 'invalid_request_error', 'Invalid API Key provided');
      }
      if (failNext) {
        failNext = false;
        return error(response, 500, 'api_error', 'Something went wrong on the fake provider');
      }

      if (request.method === 'POST' && url.pathname === '/v1/payment_intents') {
        const canonical = JSON.stringify(params);
        if (idempotencyKey) {
          const previous = idempotent.get(idempotencyKey);
          if (previous) {
            if (previous.params !== canonical) {
              return error(
                response,
                400,
                'idempotency_error',
                'Keys for idempotent requests can only be used with the same parameters they were first used with.',
              );
            }
            return send(response, 200, intents.get(previous.intentId));
          }
        }
        if (idempotencyKey && keysInFlight.has(idempotencyKey)) {
          // What Stripe answers while the first request with this key is still being processed.
          return error(
            response,
            409,
            'idempotency_error',
            'There is currently another in-progress request using this Stripe-Idempotency-Key.',
          );
        }
        const amount = Number(params.amount);
        if (!Number.isInteger(amount) || amount < 50) {
          return error(response, 400, 'invalid_request_error', 'Amount must be at least 50 cents');
        }
        counter += 1;
        const id = `pi_fake_${counter}`;
        const apm = params.automatic_payment_methods as Record<string, string> | undefined;
        const intent: FakeIntent = {
          id,
          object: 'payment_intent',
          amount,
          amount_received: 0,
          currency: String(params.currency),
          status: 'requires_payment_method',
          client_secret: `${id}_secret_${counter}abc`,
          description: typeof params.description === 'string' ? params.description : null,
          metadata: (params.metadata as Record<string, string> | undefined) ?? {},
          receipt_email: typeof params.receipt_email === 'string' ? params.receipt_email : null,
          automatic_payment_methods: apm
            ? {
                enabled: apm.enabled === 'true',
                ...(apm.allow_redirects ? { allow_redirects: apm.allow_redirects } : {}),
              }
            : null,
          created: Math.floor(Date.now() / 1000),
          livemode: false,
        };
        const finish = () => {
          if (idempotencyKey) keysInFlight.delete(idempotencyKey);
          intents.set(id, intent);
          createdIds.push(id);
          if (idempotencyKey) idempotent.set(idempotencyKey, { params: canonical, intentId: id });
          send(response, 200, intent);
        };
        if (state.createDelayMs <= 0) return finish();
        if (idempotencyKey) keysInFlight.add(idempotencyKey);
        setTimeout(finish, state.createDelayMs);
        return;
      }

      const retrieve = /^\/v1\/payment_intents\/([^/]+)$/.exec(url.pathname);
      if (request.method === 'GET' && retrieve?.[1]) {
        const intent = intents.get(decodeURIComponent(retrieve[1]));
        if (!intent)
          return error(
            response,
            404,
            'invalid_request_error',
            `No such payment_intent: '${retrieve[1]}'`,
          );
        return send(response, 200, intent);
      }

      return error(
        response,
        404,
        'invalid_request_error',
        `Unrecognized request URL (${request.method}: ${url.pathname})`,
      );
    });
  });

  const port = await listenOnLoopback(server);
  return {
    url: `http://127.0.0.1:${port}`,
    secretKey,
    intents,
    requests,
    created: () => createdIds.map((id) => intents.get(id) as FakeIntent),
    setStatus(id, status) {
      const intent = intents.get(id);
      if (!intent) throw new Error(`No fake intent ${id}`);
      intent.status = status;
      if (status === 'succeeded') intent.amount_received = intent.amount;
    },
    failNext() {
      failNext = true;
    },
    get createDelayMs() {
      return state.createDelayMs;
    },
    set createDelayMs(ms: number) {
      state.createDelayMs = ms;
    },
  };
}
