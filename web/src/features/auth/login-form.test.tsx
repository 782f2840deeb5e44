import { beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router-dom';
import { MantineProvider } from '@mantine/core';
import { MESSAGES, publicUserSchema } from '@pilbara/shared-schema';
import { aStaffUser } from '@pilbara/shared-schema/testing';
import { renderScreen } from '../../app/test-providers';
import { AuthProvider } from '../../lib/auth';
import { fakeApi, json, type FakeApi } from '../../lib/testing/fake-api';
import { fill } from '../../lib/testing/user-input';
import { LoginForm } from './login-form';

const LOGIN = 'POST /api/auth/login';
const DANA = publicUserSchema.parse(
  aStaffUser({ id: 9, username: 'dana', firstName: 'Dana', role: 'customer' }),
);

let api: FakeApi;

function renderLogin(username?: string) {
  const onSuccess = vi.fn();
  const onBegin = vi.fn();
  const view = renderScreen(
    <AuthProvider>
      <LoginForm username={username} onSuccess={onSuccess} onBegin={onBegin} />
    </AuthProvider>,
    { route: '/login' },
  );
  const form = screen.getByRole('form', { name: 'Login' });
  const field = (label: RegExp) => within(form).getByLabelText(label) as HTMLInputElement;
  const button = () => within(form).getByRole('button', { name: 'Login' });
  return { ...view, form, field, button, onSuccess, onBegin };
}

async function signIn(view: ReturnType<typeof renderLogin>, username: string, password: string) {
  await fill(view.user, view.field(/^Username/), username);
  await fill(view.user, view.field(/^Password/), password);
  await view.user.click(view.button());
}

beforeEach(() => {
  localStorage.clear();
  api = fakeApi({ 'GET /api/auth/me': json({ user: null }) });
});

describe('the login form', () => {
  it('tells the page the person has started only once a field takes focus', async () => {
    const view = renderLogin();
    expect(view.onBegin).not.toHaveBeenCalled();
    await view.user.click(view.field(/^Username/));
    expect(view.onBegin).toHaveBeenCalled();
  });

  it('tells the page the person has started when they were in a field before the script ran', async () => {
    const onBegin = vi.fn();
    const ui = (
      <MantineProvider env="test">
        <MemoryRouter initialEntries={['/login']}>
          <AuthProvider>
            <LoginForm onSuccess={vi.fn()} onBegin={onBegin} />
          </AuthProvider>
        </MemoryRouter>
      </MantineProvider>
    );
    // The page's HTML, as the server sends it: the person taps the username before any script.
    const container = document.body.appendChild(document.createElement('div'));
    container.innerHTML = renderToString(ui);
    container.querySelector<HTMLInputElement>('input[name="username"]')?.focus();
    render(ui, { container, hydrate: true });
    await waitFor(() => expect(onBegin).toHaveBeenCalledTimes(1));
  });

  it('opens with the username just registered and the password still to type', async () => {
    const view = renderLogin('dana');
    expect(view.field(/^Username/).value).toBe('dana');
    expect(view.field(/^Password/).value).toBe('');
    await view.user.click(view.button());
    expect(await within(view.form).findByText(MESSAGES.PASSWORD_REQUIRED)).toBeTruthy();
    expect(within(view.form).queryByText(MESSAGES.USERNAME_REQUIRED)).toBeNull();
    expect(api.callsTo(LOGIN)).toHaveLength(0);
  });

  it('refuses a username longer than any account has, asking the server nothing', async () => {
    const view = renderLogin();
    await signIn(view, 'd'.repeat(51), 'correct horse');
    expect(await within(view.form).findByText(MESSAGES.USERNAME_MAX)).toBeTruthy();
    expect(api.callsTo(LOGIN)).toHaveLength(0);
  });

  it('sends the username without the spaces a paste brings, and hands over who signed in', async () => {
    api.on(LOGIN, json({ user: DANA }));
    const view = renderLogin();
    await signIn(view, '  dana ', 'correct horse');
    await waitFor(() => expect(view.onSuccess).toHaveBeenCalledTimes(1));
    expect(view.onSuccess.mock.calls[0]?.[0]).toMatchObject({ username: 'dana', role: 'customer' });
    expect(api.callsTo(LOGIN).map((call) => call.body)).toEqual([
      { username: 'dana', password: 'correct horse' },
    ]);
  });

  it('keeps Login busy until the server answers, so a second tap sends nothing more', async () => {
    let answer: (value: ReturnType<typeof json>) => void = () => undefined;
    api.on(LOGIN, () => new Promise((resolve) => (answer = resolve)));
    const view = renderLogin();
    await signIn(view, 'dana', 'correct horse');
    await waitFor(() => expect(view.button().getAttribute('data-loading')).toBe('true'));
    expect(view.button().hasAttribute('disabled')).toBe(true);
    await view.user.click(view.button());
    answer(json({ user: DANA }));
    await waitFor(() => expect(view.onSuccess).toHaveBeenCalledTimes(1));
    expect(view.button().hasAttribute('disabled')).toBe(false);
    expect(api.callsTo(LOGIN)).toHaveLength(1);
  });

  it('says the password cannot be checked with no signal, keeping what was typed', async () => {
    const view = renderLogin();
    await signIn(view, 'dana', 'correct horse');
    expect(await screen.findByText(MESSAGES.SIGNIN_NO_CONNECTION)).toBeTruthy();
    expect(screen.getByText(MESSAGES.LOGIN_FAILED_TITLE)).toBeTruthy();
    expect(view.onSuccess).not.toHaveBeenCalled();
    expect(view.field(/^Username/).value).toBe('dana');
  });
});
