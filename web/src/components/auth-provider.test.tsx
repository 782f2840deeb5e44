import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, render, renderHook, waitFor } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import type { ReactNode } from 'react';
import { AuthProvider, useAuth } from './auth-provider';

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
});
