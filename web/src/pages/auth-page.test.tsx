import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import { MESSAGES } from '@pilbara/shared-schema';
import { aStaffUser } from '@pilbara/shared-schema/testing';
import { renderScreen } from '../app/test-providers';
import { fill } from '../lib/testing/user-input';
import { AuthProvider } from '../lib/auth';
import { fakeApi, json, type ApiCall, type FakeApi } from '../lib/testing/fake-api';
import { AuthPage } from './auth-page';

const CUSTOMER = aStaffUser({
  id: 9,
  username: 'dana',
  firstName: 'Dana',
  lastName: 'Reid',
  role: 'customer',
});

function renderAuth(initialTab: 'login' | 'register' = 'login') {
  return renderScreen(
    <AuthProvider>
      <Routes>
        <Route path="/login" element={<AuthPage initialTab={initialTab} />} />
        <Route path="/" element={<p>home page</p>} />
        <Route path="/driver" element={<p>driver screen</p>} />
      </Routes>
    </AuthProvider>,
    { route: '/login' },
  );
}

function server(routes: Parameters<typeof fakeApi>[0] = {}): FakeApi {
  return fakeApi({ 'GET /api/auth/me': json({ user: null }), ...routes });
}

async function loginForm() {
  return screen.findByRole('form', { name: 'Login' });
}

beforeEach(() => {
  localStorage.clear();
});

afterEach(() => {
  localStorage.clear();
});

describe('the login form', () => {
  it('names both missing fields and asks the server nothing', async () => {
    const api = server();
    const { user } = renderAuth();
    const form = await loginForm();
    await user.click(within(form).getByRole('button', { name: 'Login' }));
    expect(await within(form).findByText(MESSAGES.USERNAME_REQUIRED)).toBeTruthy();
    expect(within(form).getByText(MESSAGES.PASSWORD_REQUIRED)).toBeTruthy();
    expect(api.callsTo('POST /api/auth/login')).toHaveLength(0);
  });

  it('welcomes a customer by name and takes them home', async () => {
    const api = server({ 'POST /api/auth/login': json({ user: CUSTOMER }) });
    const { user } = renderAuth();
    const form = await loginForm();
    await fill(user, within(form).getByLabelText(/^Username/), 'dana');
    await fill(user, within(form).getByLabelText(/^Password/), 'correct horse');
    await user.click(within(form).getByRole('button', { name: 'Login' }));

    expect(await screen.findByText('home page')).toBeTruthy();
    expect(screen.getByText(MESSAGES.LOGIN_SUCCESS_TITLE)).toBeTruthy();
    expect(api.callsTo('POST /api/auth/login')[0]?.body).toEqual({
      username: 'dana',
      password: 'correct horse',
    });
  });

  it('takes a driver straight to their own screen', async () => {
    server({
      'POST /api/auth/login': json({ user: aStaffUser(), driverScreen: { cursor: 0, jobs: [] } }),
    });
    const { user } = renderAuth();
    const form = await loginForm();
    await fill(user, within(form).getByLabelText(/^Username/), 'sam');
    await fill(user, within(form).getByLabelText(/^Password/), 'correct horse');
    await user.click(within(form).getByRole('button', { name: 'Login' }));
    expect(await screen.findByText('driver screen')).toBeTruthy();
  });

  it('says Login Failed with the server’s reason and keeps the username typed', async () => {
    server({ 'POST /api/auth/login': json({ error: MESSAGES.INVALID_CREDENTIALS }, 401) });
    const { user } = renderAuth();
    const form = await loginForm();
    await fill(user, within(form).getByLabelText(/^Username/), 'dana');
    await fill(user, within(form).getByLabelText(/^Password/), 'wrong one');
    await user.click(within(form).getByRole('button', { name: 'Login' }));
    expect(await screen.findByText(MESSAGES.LOGIN_FAILED_TITLE)).toBeTruthy();
    expect(screen.getByText(MESSAGES.INVALID_CREDENTIALS)).toBeTruthy();
    expect((within(form).getByLabelText(/^Username/) as HTMLInputElement).value).toBe('dana');
    expect(screen.queryByText('home page')).toBeNull();
  });

  it('lets the browser fill the sign-in it saved', async () => {
    server();
    renderAuth();
    const form = await loginForm();
    expect(
      within(form)
        .getByLabelText(/^Username/)
        .getAttribute('autocomplete'),
    ).toBe('username');
    expect(
      within(form)
        .getByLabelText(/^Password/)
        .getAttribute('autocomplete'),
    ).toBe('current-password');
  });
});

describe('the register form', () => {
  async function registerForm() {
    return screen.findByRole('form', { name: 'Register' });
  }

  it('opens on its own tab with its own title', async () => {
    server();
    renderAuth('register');
    expect(await screen.findByRole('heading', { name: 'Create an Account' })).toBeTruthy();
    expect(await registerForm()).toBeTruthy();
  });

  it('names every missing field and creates nothing', async () => {
    const api = server();
    const { user } = renderAuth('register');
    const form = await registerForm();
    await user.click(within(form).getByRole('button', { name: 'Create Account' }));
    expect(await within(form).findByText(MESSAGES.FIRST_NAME_REQUIRED)).toBeTruthy();
    expect(within(form).getByText(MESSAGES.USERNAME_REQUIRED)).toBeTruthy();
    expect(within(form).getByText(MESSAGES.EMAIL_REQUIRED)).toBeTruthy();
    expect(within(form).getByText(MESSAGES.PASSWORD_REQUIRED)).toBeTruthy();
    expect(api.callsTo('POST /api/auth/register')).toHaveLength(0);
  });

  it('refuses a short username, a bad phone and a short password with the schema’s messages', async () => {
    const api = server();
    const { user } = renderAuth('register');
    const form = await registerForm();
    await fill(user, within(form).getByLabelText(/^First Name/), 'Dana');
    await fill(user, within(form).getByLabelText(/^Username/), 'dr');
    await fill(user, within(form).getByLabelText(/^Email/), 'dana@example.com');
    await fill(user, within(form).getByLabelText(/^Phone/), '12');
    await fill(user, within(form).getByLabelText(/^Password/), 'short');
    await user.click(within(form).getByRole('button', { name: 'Create Account' }));
    expect(await within(form).findByText(MESSAGES.USERNAME_MIN)).toBeTruthy();
    expect(within(form).getByText(MESSAGES.PHONE_INVALID)).toBeTruthy();
    expect(within(form).getByText(MESSAGES.PASSWORD_MIN)).toBeTruthy();
    expect(api.callsTo('POST /api/auth/register')).toHaveLength(0);
  });

  it('creates a customer account and opens the login with the new username', async () => {
    const api = server({ 'POST /api/auth/register': json({ user: CUSTOMER }, 201) });
    const { user } = renderAuth('register');
    const form = await registerForm();
    await fill(user, within(form).getByLabelText(/^First Name/), 'Dana');
    await fill(user, within(form).getByLabelText(/^Username/), 'dana');
    await fill(user, within(form).getByLabelText(/^Email/), 'dana@example.com');
    await fill(user, within(form).getByLabelText(/^Password/), 'correct horse');
    await user.click(within(form).getByRole('button', { name: 'Create Account' }));

    expect(await screen.findByText(MESSAGES.REGISTRATION_SUCCESS_TITLE)).toBeTruthy();
    const login = await loginForm();
    await waitFor(() =>
      expect((within(login).getByLabelText(/^Username/) as HTMLInputElement).value).toBe('dana'),
    );
    const body = (api.callsTo('POST /api/auth/register')[0] as ApiCall).body as Record<
      string,
      unknown
    >;
    expect(body).toMatchObject({ firstName: 'Dana', username: 'dana', email: 'dana@example.com' });
    // Nobody chooses their role: every registration is a customer.
    expect(body).not.toHaveProperty('role');
  });

  it('says Registration Failed with the server’s reason when the username is taken', async () => {
    server({ 'POST /api/auth/register': json({ error: MESSAGES.USERNAME_TAKEN }, 409) });
    const { user } = renderAuth('register');
    const form = await registerForm();
    await fill(user, within(form).getByLabelText(/^First Name/), 'Dana');
    await fill(user, within(form).getByLabelText(/^Username/), 'dana');
    await fill(user, within(form).getByLabelText(/^Email/), 'dana@example.com');
    await fill(user, within(form).getByLabelText(/^Password/), 'correct horse');
    await user.click(within(form).getByRole('button', { name: 'Create Account' }));
    expect(await screen.findByText(MESSAGES.REGISTRATION_FAILED_TITLE)).toBeTruthy();
    expect(screen.getByText(MESSAGES.USERNAME_TAKEN)).toBeTruthy();
    expect((within(form).getByLabelText(/^Username/) as HTMLInputElement).value).toBe('dana');
  });
});
