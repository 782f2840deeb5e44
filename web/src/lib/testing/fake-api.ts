/**
 * A stand-in for the sync server's HTTP API in screen tests (jsdom has no server): answers the
 * routes a test names, records every request, and fails any other request as the browser does
 * when it gets no answer, so a screen that asks for something unexpected shows its offline path
 * and the test sees it. The answers are the server's documented shapes, checked by the screens
 * with the shared schemas as they would check the real ones.
 */
import { afterEach, vi } from 'vitest';

export interface ApiCall {
  method: string;
  path: string;
  /** The query string, without its '?'. */
  query: string;
  body: unknown;
  headers: Record<string, string>;
}

type Answer = { status: number; body?: unknown } | 'offline';
type Route = (call: ApiCall) => Answer | Promise<Answer>;

/** A JSON answer. */
export function json(body: unknown, status = 200): Answer {
  return { status, body };
}

export interface FakeApi {
  calls: ApiCall[];
  /** The calls to one route ('POST /api/staff'). */
  callsTo(route: string): ApiCall[];
  /** Answers `route` ('GET /api/staff') from now on. */
  on(route: string, answer: Route | Answer): void;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

/** Stubs `fetch` with the given routes ('METHOD /path' without the query string). */
export function fakeApi(routes: Record<string, Route | Answer> = {}): FakeApi {
  const table = new Map<string, Route>();
  const calls: ApiCall[] = [];
  const api: FakeApi = {
    calls,
    callsTo: (route) => calls.filter((call) => `${call.method} ${call.path}` === route),
    on: (route, answer) => table.set(route, typeof answer === 'function' ? answer : () => answer),
  };
  for (const [route, answer] of Object.entries(routes)) api.on(route, answer);
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input instanceof Request ? input.url : input), 'http://app.test');
      const method = (init?.method ?? 'GET').toUpperCase();
      const text = typeof init?.body === 'string' ? init.body : undefined;
      const call: ApiCall = {
        method,
        path: url.pathname,
        query: url.search.replace(/^\?/, ''),
        body: text ? (JSON.parse(text) as unknown) : undefined,
        headers: Object.fromEntries(new Headers(init?.headers).entries()),
      };
      calls.push(call);
      const route = table.get(`${method} ${url.pathname}`);
      const answer = route ? await route(call) : 'offline';
      if (answer === 'offline') throw new TypeError('Failed to fetch');
      return new Response(answer.body === undefined ? null : JSON.stringify(answer.body), {
        status: answer.status,
        headers: { 'Content-Type': 'application/json' },
      });
    }),
  );
  return api;
}

/** Makes the browser say it is online or offline (navigator.onLine) and tells the page. */
export function setOnline(value: boolean): void {
  Object.defineProperty(window.navigator, 'onLine', { configurable: true, get: () => value });
  window.dispatchEvent(new Event(value ? 'online' : 'offline'));
}
