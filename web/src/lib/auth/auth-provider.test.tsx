import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, render, renderHook, waitFor } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import type { ReactNode } from 'react';
import { notifications } from '@mantine/notifications';
import { MESSAGES } from '@pilbara/shared-schema';
import { AuthProvider, useAuth } from './auth-provider';
import { LOGOUT_PENDING_KEY, OFFLINE_SESSION_KEY } from './auth-user';
import { LOGIN_TIMEOUT_MS } from './server-sign-in';
import { rememberOfflineSignIn } from '../offline-signin';

vi.mock('@mantine/notifications', () => ({ notifications: { show: vi.fn() } }));

const admin = { id: 1, username: 'boss', firstName: 'Sam', role: 'admin' };

function wrapper({ children }: { children: ReactNode }) {
  return (
    <MantineProvider>
      <AuthProvider>{children}</AuthProvider>
    </MantineProvider>
  );
}

beforeEach(() => {
  localStorage.clear();
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response(JSON.stringify({ user: admin }), { status: 200 })),
  );
});
afterEach(() => vi.unstubAllGlobals());

describe('AuthProvider', () => {
  it('throws the spec message when useAuth is used outside it', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    function Orphan() {
      useAuth();
      return null;
    }
    expect(() => render(<Orphan />)).toThrow('useAuth must be used within an AuthProvider');
  });

  it('restores the user saved under auth_user', () => {
    localStorage.setItem('auth_user', JSON.stringify(admin));
    const { result } = renderHook(() => useAuth(), { wrapper });
    expect(result.current.user).toMatchObject({ username: 'boss', firstName: 'Sam' });
    expect(result.current.isAdmin).toBe(true);
  });

  it('signs out a stored user whose session the server no longer has', async () => {
    localStorage.setItem('auth_user', JSON.stringify(admin));
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('{"user":null}', { status: 200 })),
    );
    const { result } = renderHook(() => useAuth(), { wrapper });
    await waitFor(() => expect(result.current.user).toBeNull());
    expect(localStorage.getItem('auth_user')).toBeNull();
  });

  it('keeps a stored user when the server cannot be reached (offline start)', async () => {
    localStorage.setItem('auth_user', JSON.stringify(admin));
    const fetchMock = vi.fn(async () => Promise.reject(new TypeError('Failed to fetch')));
    vi.stubGlobal('fetch', fetchMock);
    const { result } = renderHook(() => useAuth(), { wrapper });
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    await act(async () => {});
    expect(result.current.user).toMatchObject({ username: 'boss' });
  });

  it('discards an unreadable auth_user', () => {
    localStorage.setItem('auth_user', '{not json');
    const { result } = renderHook(() => useAuth(), { wrapper });
    expect(result.current.user).toBeNull();
    expect(localStorage.getItem('auth_user')).toBeNull();
  });

  it('saves the user on login and clears it on logout', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify({ user: admin }), { status: 200 })),
    );
    const { result } = renderHook(() => useAuth(), { wrapper });
    await act(async () => {
      await result.current.login({ username: 'boss', password: 'secret-123' });
    });
    expect(JSON.parse(localStorage.getItem('auth_user') ?? 'null')).toMatchObject({
      username: 'boss',
    });
    await act(async () => {
      await result.current.logout();
    });
    expect(result.current.user).toBeNull();
    expect(localStorage.getItem('auth_user')).toBeNull();
  });

  it('re-throws a failed login after its toast', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('{"error":"Invalid username or password"}', { status: 401 })),
    );
    const { result } = renderHook(() => useAuth(), { wrapper });
    await expect(result.current.login({ username: 'x', password: 'y' })).rejects.toThrow('401');
    expect(result.current.user).toBeNull();
    expect(localStorage.getItem('auth_user')).toBeNull();
  });

  describe('offline sign-in', () => {
    const unreachable = () =>
      vi.stubGlobal(
        'fetch',
        vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
      );
    const lastToast = () => vi.mocked(notifications.show).mock.lastCall?.[0];

    it('signs in offline with the password of the last online sign-in here', async () => {
      await rememberOfflineSignIn(admin, 'secret-123');
      unreachable();
      const { result } = renderHook(() => useAuth(), { wrapper });
      await act(async () => {
        await result.current.login({ username: 'boss', password: 'secret-123' });
      });
      expect(result.current.user).toMatchObject({ username: 'boss', role: 'admin' });
      expect(result.current.offline).toBe(true);
      expect(localStorage.getItem(OFFLINE_SESSION_KEY)).toBe('"boss"');
      expect(lastToast()).toMatchObject({ title: MESSAGES.SIGNED_IN_OFFLINE_TITLE });
    });

    it('says there is no connection, not "invalid", when it cannot check', async () => {
      await rememberOfflineSignIn(admin, 'secret-123');
      unreachable();
      const { result } = renderHook(() => useAuth(), { wrapper });
      await expect(
        result.current.login({ username: 'boss', password: 'wrong-one' }),
      ).rejects.toThrow();
      expect(result.current.user).toBeNull();
      expect(lastToast()).toMatchObject({ message: MESSAGES.SIGNIN_NO_CONNECTION });
      await expect(
        result.current.login({ username: 'never-here', password: 'secret-123' }),
      ).rejects.toThrow();
      expect(lastToast()).toMatchObject({ message: MESSAGES.SIGNIN_NO_CONNECTION });
    });

    it('a gateway error counts as no connection', async () => {
      vi.stubGlobal(
        'fetch',
        vi.fn(async () => new Response('Bad Gateway', { status: 502 })),
      );
      const { result } = renderHook(() => useAuth(), { wrapper });
      await expect(result.current.login({ username: 'boss', password: 'x' })).rejects.toThrow();
      expect(lastToast()).toMatchObject({ message: MESSAGES.SIGNIN_NO_CONNECTION });
    });

    it('online, a wrong password still says invalid', async () => {
      await rememberOfflineSignIn(admin, 'secret-123');
      vi.stubGlobal(
        'fetch',
        vi.fn(
          async () => new Response('{"error":"Invalid username or password"}', { status: 401 }),
        ),
      );
      const { result } = renderHook(() => useAuth(), { wrapper });
      await expect(result.current.login({ username: 'boss', password: 'no' })).rejects.toThrow();
      expect(lastToast()).toMatchObject({ message: MESSAGES.INVALID_CREDENTIALS });
    });

    it('signs in to the server once it answers, and only then is no longer offline', async () => {
      await rememberOfflineSignIn(admin, 'secret-123');
      unreachable();
      const { result } = renderHook(() => useAuth(), { wrapper });
      await act(async () => {
        await result.current.login({ username: 'boss', password: 'secret-123' });
      });
      expect(result.current.offline).toBe(true);
      const back = vi.fn(
        async (_url: string, _init: RequestInit) =>
          new Response(JSON.stringify({ user: admin }), { status: 200 }),
      );
      vi.stubGlobal('fetch', back);
      await act(async () => {
        window.dispatchEvent(new Event('online'));
      });
      await waitFor(() => expect(result.current.offline).toBe(false));
      expect(back.mock.calls[0]?.[0]).toBe('/api/auth/login');
      expect(JSON.parse(String(back.mock.calls[0]?.[1].body))).toEqual({
        username: 'boss',
        password: 'secret-123',
      });
      expect(localStorage.getItem(OFFLINE_SESSION_KEY)).toBeNull();
    });

    it('a password the server refuses on return signs out', async () => {
      await rememberOfflineSignIn(admin, 'secret-123');
      unreachable();
      const { result } = renderHook(() => useAuth(), { wrapper });
      await act(async () => {
        await result.current.login({ username: 'boss', password: 'secret-123' });
      });
      vi.stubGlobal(
        'fetch',
        vi.fn(async () => new Response('{}', { status: 401 })),
      );
      await act(async () => {
        window.dispatchEvent(new Event('online'));
      });
      await waitFor(() => expect(result.current.user).toBeNull());
      expect(localStorage.getItem(OFFLINE_SESSION_KEY)).toBeNull();
    });
  });

  describe('a slow server', () => {
    /** A fetch whose answer the test gives; it rejects as a browser does when aborted. */
    function slowServer() {
      let answer: (response: Response) => void = () => undefined;
      const calls: string[] = [];
      const fetchMock = vi.fn(
        (url: string, init?: RequestInit) =>
          new Promise<Response>((resolve, reject) => {
            calls.push(url);
            answer = resolve;
            init?.signal?.addEventListener('abort', () =>
              reject(new DOMException('The operation was aborted.', 'AbortError')),
            );
          }),
      );
      vi.stubGlobal('fetch', fetchMock);
      return { calls, answer: (response: Response) => answer(response) };
    }
    const lastToast = () => vi.mocked(notifications.show).mock.lastCall?.[0];

    it('waits for the server past 10 s when the verifier here says the password is wrong', async () => {
      await rememberOfflineSignIn(admin, 'secret-123');
      const server = slowServer();
      const { result } = renderHook(() => useAuth(), { wrapper });
      let outcome = 'pending';
      const login = result.current.login({ username: 'boss', password: 'wrong-one' }).then(
        () => (outcome = 'signed in'),
        () => (outcome = 'refused'),
      );
      // Past the 10 s the device gave the server before; a verifier check takes about a second.
      await new Promise((resolve) => setTimeout(resolve, LOGIN_TIMEOUT_MS + 2_500));
      expect(outcome).toBe('pending');
      server.answer(new Response('{"error":"Invalid username or password"}', { status: 401 }));
      await act(async () => {
        await login;
      });
      expect(outcome).toBe('refused');
      expect(lastToast()).toMatchObject({ message: MESSAGES.INVALID_CREDENTIALS });
      expect(result.current.user).toBeNull();
    }, 30_000);

    it('signs in offline after 10 s when the verifier accepts the password', async () => {
      await rememberOfflineSignIn(admin, 'secret-123');
      slowServer();
      const { result } = renderHook(() => useAuth(), { wrapper });
      await act(async () => {
        await result.current.login({ username: 'boss', password: 'secret-123' });
      });
      expect(result.current.offline).toBe(true);
      expect(result.current.needsPassword).toBe(false);
    }, 30_000);

    it('sends no second sign-in while one is running', async () => {
      await rememberOfflineSignIn(admin, 'secret-123');
      vi.stubGlobal(
        'fetch',
        vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
      );
      const { result } = renderHook(() => useAuth(), { wrapper });
      await act(async () => {
        await result.current.login({ username: 'boss', password: 'secret-123' });
      });
      const server = slowServer();
      // The person signs in again while the server is slow; signal comes back meanwhile.
      let login: Promise<unknown> = Promise.resolve();
      await act(async () => {
        login = result.current.login({ username: 'boss', password: 'secret-123' });
        window.dispatchEvent(new Event('online'));
        await new Promise((resolve) => setTimeout(resolve, 200));
      });
      expect(server.calls).toEqual(['/api/auth/login']);
      server.answer(new Response(JSON.stringify({ user: admin }), { status: 200 }));
      await act(async () => {
        await login;
      });
      expect(result.current.offline).toBe(false);
    }, 30_000);
  });

  it('needs the password again on a page opened after an offline sign-in', async () => {
    localStorage.setItem('auth_user', JSON.stringify(admin));
    localStorage.setItem(OFFLINE_SESSION_KEY, JSON.stringify('boss'));
    const { result } = renderHook(() => useAuth(), { wrapper });
    await waitFor(() => expect(result.current.offline).toBe(true));
    expect(result.current.needsPassword).toBe(true);
  });

  describe('sign-out without signal', () => {
    it('is sent to the server once it answers, so the old cookie stops working', async () => {
      localStorage.setItem('auth_user', JSON.stringify(admin));
      vi.stubGlobal(
        'fetch',
        vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
      );
      const { result } = renderHook(() => useAuth(), { wrapper });
      await act(async () => {
        await result.current.logout();
      });
      expect(result.current.user).toBeNull();
      expect(localStorage.getItem(LOGOUT_PENDING_KEY)).toBe('true');

      const back = vi.fn(
        async (_url: string, _init: RequestInit) => new Response('{}', { status: 200 }),
      );
      vi.stubGlobal('fetch', back);
      await act(async () => {
        window.dispatchEvent(new Event('online'));
      });
      await waitFor(() => expect(localStorage.getItem(LOGOUT_PENDING_KEY)).toBeNull());
      expect(back.mock.calls[0]?.[0]).toBe('/api/auth/logout');
      expect(back.mock.calls[0]?.[1].method).toBe('POST');
    });

    it('is dropped when someone signs in first (their sign-in replaces the cookie)', async () => {
      localStorage.setItem(LOGOUT_PENDING_KEY, 'true');
      vi.stubGlobal(
        'fetch',
        vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
      );
      const { result } = renderHook(() => useAuth(), { wrapper });
      const answers = vi.fn(
        async (_url: string, _init: RequestInit) =>
          new Response(JSON.stringify({ user: admin }), { status: 200 }),
      );
      vi.stubGlobal('fetch', answers);
      await act(async () => {
        await result.current.login({ username: 'boss', password: 'secret-123' });
      });
      expect(localStorage.getItem(LOGOUT_PENDING_KEY)).toBeNull();
      await act(async () => {
        window.dispatchEvent(new Event('online'));
      });
      expect(answers.mock.calls.map((call) => call[0])).not.toContain('/api/auth/logout');
    });
  });
  describe('a session the browser has but this page did not store', () => {
    it('is adopted when nobody is stored and the browser is online', async () => {
      const me = vi.fn(
        async (_url: string, _init: RequestInit) =>
          new Response(JSON.stringify({ user: admin }), { status: 200 }),
      );
      vi.stubGlobal('fetch', me);
      const { result } = renderHook(() => useAuth(), { wrapper });
      // The staff screens wait for the answer instead of sending the person to /auth.
      expect(result.current.checking).toBe(true);
      await waitFor(() => expect(result.current.user).toMatchObject({ username: 'boss' }));
      expect(result.current.checking).toBe(false);
      expect(result.current.isAdmin).toBe(true);
      expect(result.current.offline).toBe(false);
      expect(me.mock.calls[0]?.[0]).toBe('/api/auth/me');
      expect(JSON.parse(localStorage.getItem('auth_user') ?? 'null')).toMatchObject({
        username: 'boss',
      });
    });

    it('leaves nobody signed in when the browser has no session', async () => {
      vi.stubGlobal(
        'fetch',
        vi.fn(async () => new Response('{"user":null}', { status: 200 })),
      );
      const { result } = renderHook(() => useAuth(), { wrapper });
      await waitFor(() => expect(result.current.checking).toBe(false));
      expect(result.current.user).toBeNull();
      expect(localStorage.getItem('auth_user')).toBeNull();
    });

    it('stops waiting when the server cannot be reached', async () => {
      vi.stubGlobal(
        'fetch',
        vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
      );
      const { result } = renderHook(() => useAuth(), { wrapper });
      await waitFor(() => expect(result.current.checking).toBe(false));
      expect(result.current.user).toBeNull();
    });

    it('asks nothing offline: an offline start signs in with the password', async () => {
      const onLine = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
      try {
        const asked = vi.fn(async () => new Response(JSON.stringify({ user: admin })));
        vi.stubGlobal('fetch', asked);
        const { result } = renderHook(() => useAuth(), { wrapper });
        expect(result.current.checking).toBe(false);
        expect(result.current.user).toBeNull();
        await act(async () => {});
        expect(asked).not.toHaveBeenCalled();
      } finally {
        onLine.mockRestore();
      }
    });

    it('does not sign back in someone whose sign-out is still to be sent', async () => {
      localStorage.setItem(LOGOUT_PENDING_KEY, 'true');
      // The old cookie still works on the server until the sign-out reaches it.
      const answers = vi.fn(
        async (url: string, _init: RequestInit) =>
          new Response(url === '/api/auth/me' ? JSON.stringify({ user: admin }) : '{}', {
            status: 200,
          }),
      );
      vi.stubGlobal('fetch', answers);
      const { result } = renderHook(() => useAuth(), { wrapper });
      expect(result.current.checking).toBe(false);
      await waitFor(() => expect(localStorage.getItem(LOGOUT_PENDING_KEY)).toBeNull());
      expect(answers.mock.calls.map((call) => call[0])).toEqual(['/api/auth/logout']);
      expect(result.current.user).toBeNull();
    });
  });
});
