import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiRequest, HttpError, isNetworkError, serverMessage } from './http';

afterEach(() => vi.unstubAllGlobals());

function answer(status: number, body: string, statusText = '') {
  const fetchMock = vi.fn(async () => new Response(body, { status, statusText }));
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

describe('apiRequest', () => {
  it('sends JSON with cookies and parses the JSON answer', async () => {
    const fetchMock = answer(200, '{"ok":true}');
    await expect(apiRequest('/api/x', { body: { a: 1 } })).resolves.toEqual({ ok: true });
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/x');
    expect(init).toMatchObject({ method: 'POST', credentials: 'include', body: '{"a":1}' });
    expect(new Headers(init.headers).get('Content-Type')).toBe('application/json');
  });

  it("raises a non-success answer as '<status>: <body text>'", async () => {
    answer(400, '{"error":"Please select a service"}');
    const error = await apiRequest('/api/bookings', { body: {} }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HttpError);
    expect((error as HttpError).message).toBe('400: {"error":"Please select a service"}');
    expect(serverMessage(error)).toBe('Please select a service');
  });

  it('uses the status text when the body is empty', async () => {
    answer(503, '', 'Service Unavailable');
    await expect(apiRequest('/api/x')).rejects.toThrow('503: Service Unavailable');
  });

  it('tells a network failure apart from an answer', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    );
    const error = await apiRequest('/api/x').catch((e: unknown) => e);
    expect(isNetworkError(error)).toBe(true);
    expect(isNetworkError(new HttpError(500, 'x', ''))).toBe(false);
  });
});
