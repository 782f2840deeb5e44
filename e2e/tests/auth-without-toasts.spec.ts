/**
 * The sign-in's toasts come in a chunk of their own, loaded when one is due. On one bar of signal
 * that chunk may not arrive (a first visit, before the service worker has it). Then a failed
 * sign-in still says so, on the form, and signing out still signs out.
 */
import { MESSAGES } from '@pilbara/shared-schema';
import { expect, test } from '../fixtures/server';
import { AuthPage } from '../page-models/public-forms';
import { uniqueCustomer } from '../page-models/test-data';

test('with the toasts chunk lost: a failed sign-in says so on the form, and sign-out works', async ({
  page,
  context,
}) => {
  let blocked = 0;
  await context.route(/\/assets\/auth-toasts-[^/]+\.js$/, async (route) => {
    blocked += 1;
    await route.abort('internetdisconnected');
  });
  const who = uniqueCustomer('Quiet');
  const username = `quiet${who.phone.slice(-7)}`;
  const password = 'customer-password-1';
  const registered = await page.request.post('/api/auth/register', {
    data: { username, password, email: who.email, firstName: 'Quinn' },
  });
  expect(registered.status()).toBe(201);

  const auth = new AuthPage(page);
  await auth.open('/auth');
  await auth.login(username, 'not-the-password');
  await expect(auth.loginForm.getByRole('alert')).toHaveText(
    `${MESSAGES.LOGIN_FAILED_TITLE}: ${MESSAGES.INVALID_CREDENTIALS}`,
  );
  expect(blocked).toBeGreaterThan(0);
  // What was typed stays, to correct.
  await expect(auth.loginForm.getByLabel('Username')).toHaveValue(username);

  await auth.login(username, password);
  await expect(auth.loginForm.getByRole('alert')).toHaveCount(0);
  const logout = page.getByRole('banner').getByRole('button', { name: 'Logout' });
  await expect(logout).toBeVisible();
  await logout.click();
  await expect(page.getByRole('banner').getByRole('link', { name: 'Login' })).toBeVisible();
  await expect(logout).toHaveCount(0);
  // The server's session ended too (the page's cookies are the request's).
  expect(await (await page.request.get('/api/auth/me')).json()).toEqual({ user: null });
});
