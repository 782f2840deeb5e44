/**
 * The one HTTP client of the web app (docs/architecture.md): JSON in and out, cookies
 * included, and any non-success answer raised as `Error('<status>: <body text or status text>')`.
 * Features build small data hooks on top of it; pages never call `fetch` themselves.
 */

/** A non-success HTTP answer. `message` reads '<status>: <text>', which screens show as is. */
export class HttpError extends Error {
  readonly status: number;
  readonly bodyText: string;

  constructor(status: number, statusText: string, bodyText: string) {
    super(`${status}: ${bodyText || statusText}`);
    this.name = 'HttpError';
    this.status = status;
    this.bodyText = bodyText;
  }

  /** The body parsed as JSON, or undefined when it is not JSON. */
  json(): unknown {
    try {
      return JSON.parse(this.bodyText) as unknown;
    } catch {
      return undefined;
    }
  }
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  headers?: Record<string, string>;
  signal?: AbortSignal;
}

/**
 * Sends one request and returns the parsed JSON answer (or undefined for an empty body).
 * Network failures reject with the browser's TypeError, so callers can tell "offline" apart from
 * an answer the server gave (an {@link HttpError}).
 */
export async function apiRequest<T>(url: string, options: RequestOptions = {}): Promise<T> {
  const headers: Record<string, string> = { Accept: 'application/json', ...options.headers };
  const init: RequestInit = {
    method: options.method ?? (options.body === undefined ? 'GET' : 'POST'),
    credentials: 'include',
    headers,
  };
  if (options.signal) init.signal = options.signal;
  if (options.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    init.body = JSON.stringify(options.body);
  }
  const response = await fetch(url, init);
  const text = await response.text();
  if (!response.ok) throw new HttpError(response.status, response.statusText, text);
  if (!text) return undefined as T;
  return JSON.parse(text) as T;
}

/** True when the error means the request never got an answer (offline, DNS, refused). */
export function isNetworkError(error: unknown): boolean {
  return (
    error instanceof TypeError || (error instanceof DOMException && error.name === 'NetworkError')
  );
}

/**
 * The message a server put in its JSON error body (`{error}` or `{message}`), if any.
 * Used for toasts such as 'Login Failed' that show the server's own words.
 */
export function serverMessage(error: unknown): string | undefined {
  if (!(error instanceof HttpError)) return undefined;
  const body = error.json();
  if (body && typeof body === 'object') {
    const record = body as Record<string, unknown>;
    if (typeof record.error === 'string' && record.error) return record.error;
    if (typeof record.message === 'string' && record.message) return record.message;
  }
  return error.bodyText || undefined;
}
