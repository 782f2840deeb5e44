import { MantineProvider } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { AuthProvider } from '../lib/auth';
import { RequireAdmin } from './require-admin';

function renderAt(user: unknown) {
  if (user) window.localStorage.setItem('auth_user', JSON.stringify(user));
  return render(
    <MantineProvider>
      <AuthProvider>
        <MemoryRouter initialEntries={['/admin']}>
          <Routes>
            <Route
              path="/admin"
              element={
                <RequireAdmin>
                  <p>staff only</p>
                </RequireAdmin>
              }
            />
            <Route path="/auth" element={<p>login page</p>} />
            <Route path="/driver" element={<p>my jobs</p>} />
          </Routes>
        </MemoryRouter>
      </AuthProvider>
    </MantineProvider>,
  );
}

afterEach(() => {
  window.localStorage.clear();
  vi.unstubAllGlobals();
});

describe('RequireAdmin', () => {
  // The provider checks a stored session with the server; answer as a live session.
  const stubMe = () =>
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('{}', { status: 200 })),
    );

  it('sends a guest to /auth once the server says the browser has no session', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('{"user":null}', { status: 200 })),
    );
    renderAt(null);
    expect(await screen.findByText('login page')).toBeTruthy();
    expect(screen.queryByText('staff only')).toBeNull();
  });

  it('lets in an admin whose sign-in the browser posted before the script ran', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(
        async () =>
          new Response(JSON.stringify({ user: { id: 1, username: 'boss', role: 'admin' } }), {
            status: 200,
          }),
      ),
    );
    renderAt(null);
    // Nobody stored here: it waits for the server rather than sending the person to /auth.
    expect(screen.queryByText('login page')).toBeNull();
    expect(await screen.findByText('staff only')).toBeTruthy();
    expect(screen.queryByText('login page')).toBeNull();
  });

  it('sends a customer to /auth', () => {
    stubMe();
    renderAt({ id: 2, username: 'casey', role: 'customer' });
    expect(screen.getByText('login page')).toBeTruthy();
  });

  it('sends a signed-in driver to their own screen, never to /auth', () => {
    stubMe();
    renderAt({ id: 3, username: 'dana', role: 'driver' });
    expect(screen.getByText('my jobs')).toBeTruthy();
    expect(screen.queryByText('login page')).toBeNull();
  });

  it('lets an admin in', () => {
    stubMe();
    renderAt({ id: 1, username: 'admin', role: 'admin' });
    expect(screen.getByText('staff only')).toBeTruthy();
  });
});
