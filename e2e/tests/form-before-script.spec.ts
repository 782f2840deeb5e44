/**
 * On a slow link a pre-rendered form shows before its script has loaded. A
 * driver who filled in /auth and tapped Login then submitted the page's form natively — a GET
 * with `?username=…&password=…` in the URL, the history and the server's log — and was not
 * signed in. Now the form posts (never a GET) and the server signs in from the post itself
 * (docs/no-script-forms.md): the tap works before the script, the password is only ever in
 * a request body, and when the script arrives it adopts the session the post set.
 *
 * The link is throttled as the attack run had it (CDP: 400 ms latency, 500 kbps, 4× CPU), and
 * the page's scripts are held back until the test has typed and tapped, so "before the script
 * has loaded" is certain rather than a race. The server logs every request (LOG_LEVEL=info).
 */
import { rmSync } from 'node:fs';
import type { Page, Request, Route } from '@playwright/test';
import { expect, startServer, test } from '../fixtures/server';
import { createJob, loginAsAdmin, uniqueCustomer } from '../page-models/test-data';

const DRIVER = {
  username: 'jdriver',
  password: 'Field-Driver-2026!',
  firstName: 'Jess',
  lastName: 'Driver',
  email: 'jdriver@example.com',
  role: 'driver',
};

/** Holds the page's scripts back until the returned function lets them through. */
async function holdScripts(page: Page): Promise<() => void> {
  let release: () => void = () => undefined;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/*.js', async (route: Route) => {
    await released;
    await route.continue();
  });
  return () => release();
}

test('Login tapped before the script has loaded sends no password and stays signed in once it runs', async ({
  browser,
  playwright,
}) => {
  // Its own server starts inside the test (to read its log): on a loaded machine that alone can
  // take minutes.
  test.setTimeout(360_000);
  const { server, stop } = await startServer({ LOG_LEVEL: 'info' });
  try {
    const api = await playwright.request.newContext({ baseURL: server.baseURL });
    expect(
      (
        await api.post('/api/auth/login', {
          data: { username: 'admin', password: 'e2e-admin-password-1' },
        })
      ).ok(),
    ).toBe(true);
    const added = await api.post('/api/staff', { data: DRIVER });
    expect(added.status(), await added.text()).toBe(201);
    await api.dispose();

    const context = await browser.newContext({ baseURL: server.baseURL });
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 400,
      downloadThroughput: (500 * 1024) / 8,
      uploadThroughput: (500 * 1024) / 8,
    });
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });

    const requests: { url: string; method: string; body: string }[] = [];
    page.on('request', (request: Request) => {
      requests.push({
        url: request.url(),
        method: request.method(),
        body: request.postData() ?? '',
      });
    });
    const release = await holdScripts(page);

    await page.goto('/auth', { waitUntil: 'commit' });
    const form = page.getByRole('form', { name: 'Login' });
    const button = form.getByRole('button', { name: 'Login' });
    await expect(button).toBeEnabled({ timeout: 60_000 });
    await form.getByRole('textbox', { name: 'Username' }).fill(DRIVER.username);
    await form.locator('input[name="password"]').fill(DRIVER.password);
    // Tapped before the script: the browser posts the form, the server signs in (303).
    await button.click();
    await expect(page).toHaveURL(/\/driver$/, { timeout: 60_000 });
    // The session the post set works for the next request.
    const me = await page.request.get('/api/auth/me');
    expect(((await me.json()) as { user: { username: string } | null }).user?.username).toBe(
      DRIVER.username,
    );
    release();
    // Once the script has loaded it finds the session the post set (the page itself stored
    // nobody) and shows the driver's screen, signed in: never the Login form again.
    await expect(page.getByRole('heading', { level: 1, name: 'My Jobs' })).toBeVisible({
      timeout: 90_000,
    });
    await expect(page).toHaveURL(/\/driver$/);
    await expect(page.getByRole('form', { name: 'Login' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Logout' }).first()).toBeVisible();

    // The password went only in the body of the form's post: in no URL, no log line.
    const carrying = requests.filter(
      (request) =>
        request.url.includes(encodeURIComponent(DRIVER.password)) ||
        request.url.includes(DRIVER.password) ||
        request.body.includes(DRIVER.password) ||
        request.body.includes(encodeURIComponent(DRIVER.password)),
    );
    // (Playwright does not report a navigation's post body; no URL may carry it.)
    expect(
      carrying
        .filter((request) => request.url.includes(DRIVER.password))
        .map((request) => request.url),
    ).toEqual([]);
    expect(
      requests.some((request) => request.method === 'GET' && request.url.includes('username=')),
    ).toBe(false);
    // Nor is it in the server's log, which saw every request.
    expect(server.output()).toContain('"url":"/auth"');
    expect(server.output()).not.toContain(DRIVER.password);
    expect(server.output()).not.toContain(encodeURIComponent(DRIVER.password));
    await context.close();
  } finally {
    await stop();
    rmSync(server.dataDir, { recursive: true, force: true });
  }
});

test('a phone typed into the dashboard before its script has loaded is looked up on Enter after it', async ({
  page,
  request,
}) => {
  const who = uniqueCustomer('Early');
  await loginAsAdmin(request);
  await createJob(request, {
    customerName: who.name,
    phone: who.phone,
    service: '4x4 Recovery',
    location: 'Burrup Peninsula',
  });
  const posts: string[] = [];
  page.on('request', (sent: Request) => {
    if (sent.method() === 'POST') posts.push(sent.url());
  });
  const release = await holdScripts(page);
  await page.goto('/dashboard', { waitUntil: 'commit' });
  const lookup = page.getByLabel('Phone number or Job ID');
  await lookup.fill(who.phone);
  release();
  // Before the script the page always offers the digits a job ID needs; the script, which can
  // tell a phone from a job ID, takes them away: it has hydrated the form.
  await expect(page.getByLabel('Last 4 digits of your phone')).toHaveCount(0, { timeout: 30_000 });
  await expect(lookup).toHaveValue(who.phone);
  await lookup.press('Enter');
  await expect(page.getByTestId('active-job')).toHaveCount(1);
  // The script looked it up: the page's form was not posted.
  expect(posts.filter((url) => new URL(url).pathname === '/dashboard')).toEqual([]);
});

test('no public page breaks its Content-Security-Policy, sent compressed as browsers get it', async ({
  page,
  baseURL,
  request,
}) => {
  const violations: string[] = [];
  // A blocked eval that the page catches logs nothing to the console; the event still fires.
  await page.exposeFunction('reportPolicyViolation', (text: string) => {
    violations.push(`${page.url()}: ${text}`);
  });
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      const report = (window as unknown as { reportPolicyViolation: (text: string) => void })
        .reportPolicyViolation;
      report(`${event.violatedDirective} blocked ${event.blockedURI}`);
    });
  });
  page.on('console', (message) => {
    if (/Content Security Policy|Refused to (execute|load|apply|frame)/i.test(message.text())) {
      violations.push(`${page.url()}: ${message.text()}`);
    }
  });
  for (const path of [
    '/',
    '/auth',
    '/booking',
    '/contact',
    '/customer-portal',
    '/dashboard',
    '/feedback',
  ]) {
    const response = await page.goto(path);
    expect(response?.headers()['content-encoding'], path).toMatch(/^(br|gzip)$/);
    expect(response?.headers()['content-security-policy'], path).toContain(
      "frame-ancestors 'none'",
    );
    expect(response?.headers()['referrer-policy'], path).toBe('strict-origin-when-cross-origin');
    await expect(page.locator('h1').first()).toBeVisible();
    // Hydrated: the form's button no longer says it is getting ready.
    if (await page.locator('form').count()) {
      await expect(page.getByRole('button', { name: 'Getting ready…' })).toHaveCount(0, {
        timeout: 30_000,
      });
    }
  }
  // The customer's tracking link reads the server's answer through the shared schemas: zod must
  // not probe for eval (the policy forbids it) while it parses.
  await loginAsAdmin(request);
  const who = uniqueCustomer('Policy');
  const job = await createJob(request, {
    customerName: who.name,
    phone: who.phone,
    service: 'Towing',
    location: 'Karratha',
  });
  const answered = page.waitForResponse((response) => response.url().includes('/api/track/'));
  await page.goto(`/customer-portal?token=${job.trackingToken}`);
  await expect(page.getByText(job.number).first()).toBeVisible();
  await answered;
  await expect(page.getByText('Live Updates').first()).toBeVisible({ timeout: 30_000 });
  expect(violations).toEqual([]);
  expect(baseURL).toBeTruthy();
});
