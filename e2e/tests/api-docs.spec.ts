/**
 * The API's description page (/api/docs) as a developer opens it: it draws every area and a
 * route's parameters from files this server serves, with nothing fetched from outside and no
 * script or style refused by the site's Content-Security-Policy.
 */
import { expect, test } from '../fixtures/server';

test('the API page lists the calls by area and shows a route’s parameters, offline and under the CSP', async ({
  page,
}) => {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(message.text());
  });
  page.on('pageerror', (error) => problems.push(error.message));
  const outside: string[] = [];
  await page.route('**/*', (route) => {
    const url = new URL(route.request().url());
    if (url.hostname === '127.0.0.1') return route.continue();
    outside.push(url.href);
    return route.abort();
  });

  await page.goto('/api/docs');
  await expect(page.getByRole('heading', { name: /API/, level: 1 })).toBeVisible({
    // The description is generated at its first request; allow for a busy machine.
    timeout: 30_000,
  });
  for (const area of ['public', 'auth', 'staff', 'sync']) {
    await expect(
      page.getByRole('heading', { name: new RegExp(`^${area}`), level: 3 }),
    ).toBeVisible();
  }
  await page
    .getByRole('button', { name: /PATCH \/api\/jobs\/\{id\}/ })
    .first()
    .click();
  await expect(
    page.getByText('Change a job’s status (a job-flow step) or its driver'),
  ).toBeVisible();
  await expect(page.getByRole('row', { name: /^id \*required string \(path\)/ })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Request body', exact: false })).toBeVisible();

  expect(outside).toEqual([]);
  expect(problems).toEqual([]);
});
