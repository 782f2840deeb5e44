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

  it('sends a guest to /auth', () => {
    renderAt(null);
    expect(screen.getByText('login page')).toBeTruthy();
    expect(screen.queryByText('staff only')).toBeNull();
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
