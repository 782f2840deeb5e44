/**
 * A tracking link answers in its first response: the HTML of
 * `/customer-portal?token=…`, before any script runs, already shows the job — its number (the
 * customer's reference, never the key the device minted), status,
 * driver, arrival estimate — masked exactly as `GET /api/track/:token` masks it (no phone but its
 * last three digits, no email but its first letter and domain), with no-store caching and the
 * site's security headers; an unknown token gets the not-found state the same way. Then the page
 * hydrates from the answer it carries and polls as before.
 */
import { brotliDecompressSync } from 'node:zlib';
import { request as httpRequest } from 'node:http';
import { MESSAGES } from '@pilbara/shared-schema';
import { expect, test } from '../fixtures/server';
import { PortalPage } from '../page-models/tracking';
import { createJob, loginAsAdmin, uniqueCustomer, updateJob } from '../page-models/test-data';

interface RawAnswer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  html: string;
}

/** The page as the first response carries it (br decoded), nothing run. */
function firstHtml(baseURL: string, path: string): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      `${baseURL}${path}`,
      { headers: { 'accept-encoding': 'br', accept: 'text/html' } },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => {
          const body = Buffer.concat(chunks);
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            html:
              res.headers['content-encoding'] === 'br'
                ? brotliDecompressSync(body).toString('utf8')
                : body.toString('utf8'),
          });
        });
      },
    );
    req.on('error', reject);
    req.end();
  });
}

/** The visible text of an HTML page, tags and the JSON data elements left out. */
function shownText(html: string): string {
  return html
    .replace(/<script[\s\S]*?<\/script>/g, ' ')
    .replace(/<style[\s\S]*?<\/style>/g, ' ')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ');
}

test("a tracking link's first HTML shows the job, masked as the API masks it", async ({
  request,
  baseURL,
  page,
}) => {
  const who = uniqueCustomer('First');
  await loginAsAdmin(request);
  const job = await createJob(request, {
    customerName: who.name,
    phone: who.phone,
    email: who.email,
    service: 'Winch Recovery',
    location: 'Millstream Road, 20 km south of Karratha',
    assignedTo: 'Sam Taylor',
    estimatedArrival: '40 minutes',
  });
  await updateJob(request, job.id, { status: 'En Route', progress: 25 });

  // Retried while the server's renderer warms up: until then a link gets the plain portal page.
  let answer: RawAnswer | undefined;
  await expect
    .poll(
      async () => {
        answer = await firstHtml(baseURL!, `/customer-portal?token=${job.trackingToken}`);
        return answer.html.includes('id="tracking-data"');
      },
      { timeout: 30_000 },
    )
    .toBe(true);
  const { status, headers, html } = answer!;
  expect(status).toBe(200);
  expect(headers['cache-control']).toBe('no-store');
  expect(String(headers['content-security-policy'])).toContain("script-src 'self'");
  expect(headers['x-content-type-options']).toBe('nosniff');
  expect(headers['x-robots-tag']).toBe('noindex');

  // The job as the customer sees it, in the HTML itself: number, status, driver, arrival.
  const text = shownText(html);
  expect(job.number).not.toBe(job.id);
  expect(html).toMatch(new RegExp(`data-testid="job-id"[^>]*>${job.number}<`));
  expect(text).not.toContain(job.id);
  // The job comes before every script the page names, so on one bar of signal the HTML does not
  // share the link with them: a browser starts fetching a script when it reads its tag.
  const firstScript = html.search(/<script type="module"|<link rel="modulepreload"/);
  expect(firstScript).toBeGreaterThan(html.indexOf('data-testid="job-id"'));
  expect(text).toContain('On the way');
  expect(text).toContain('Winch Recovery');
  expect(text).toContain('Sam Taylor');
  // The office's estimate was for the job's first step; En Route clears it, and without a shared
  // position the estimate is the distance from the depot to 20 km south of Karratha.
  expect(text).not.toContain('40 minutes');
  expect(text).toMatch(/About \d+ min \(20 km from Karratha in a straight line/);
  // Its timeline too: each step at the time it was recorded, from the same answer.
  expect(html).toContain('data-testid="job-timeline"');
  expect(text).toContain('Driver en route');

  // Nothing unmasked anywhere in the page, the embedded answer included.
  const digits = who.phone.replace(/\D/g, '');
  expect(html.replace(/\D/g, ' ')).not.toContain(digits);
  expect(html).not.toContain(who.phone);
  expect(html).not.toContain(who.email);
  const api = (await (await request.get(`/api/track/${job.trackingToken}`)).json()) as {
    job: { phone: string; email: string };
    timeline: unknown[];
    reviewed: boolean;
  };
  const embedded = JSON.parse(
    /<script type="application\/json" id="tracking-data">([\s\S]*?)<\/script>/.exec(html)?.[1] ??
      'null',
  ) as {
    token: string;
    answer: { job: { phone: string; email: string }; timeline: unknown[]; reviewed: boolean };
  };
  expect(embedded.token).toBe(job.trackingToken);
  expect(embedded.answer.timeline).toEqual(api.timeline);
  expect(embedded.answer.reviewed).toBe(false);
  expect(embedded.answer.job.phone).toBe(api.job.phone);
  expect(embedded.answer.job.email).toBe(api.job.email);
  expect(embedded.answer.job.phone).toMatch(/^[•\s]+\d{3}$/);
  // No script of its own: the answer is data, the page's code comes from files (the CSP).
  for (const [, attributes] of html.matchAll(/<script\b([^>]*)>/g)) {
    expect(attributes).toMatch(/type="application\/json"|src=/);
  }

  // With scripts off the job is still on screen: the first response is the page.
  const noScript = await page.context().browser()!.newContext({ javaScriptEnabled: false });
  try {
    const bare = await noScript.newPage();
    await bare.goto(`${baseURL}/customer-portal?token=${job.trackingToken}`);
    await expect(bare.getByTestId('job-id')).toHaveText(job.number);
    await expect(bare.getByTestId('job-details')).toContainText('On the way');
  } finally {
    await noScript.close();
  }

  // With scripts the page hydrates from that answer and keeps following the job.
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  const portal = new PortalPage(page);
  await portal.openLink(`/customer-portal?token=${job.trackingToken}`);
  await expect(portal.details.getByTestId('job-id')).toHaveText(job.number);
  await updateJob(request, job.id, { status: 'In Progress', progress: 50 });
  await expect(portal.details.locator('[data-status="In Progress"]')).toBeVisible({
    timeout: 20_000,
  });
  expect(errors).toEqual([]);
});

test('an unknown tracking link gets the not-found state in its first HTML', async ({ baseURL }) => {
  let answer: RawAnswer | undefined;
  await expect
    .poll(
      async () => {
        answer = await firstHtml(baseURL!, '/customer-portal?token=AAAAAAAAAAAAAAAAAAAAAA');
        return answer.html.includes('id="tracking-data"');
      },
      { timeout: 30_000 },
    )
    .toBe(true);
  expect(answer!.status).toBe(404);
  expect(answer!.headers['cache-control']).toBe('no-store');
  expect(answer!.html).toContain('data-testid="job-not-found"');
  expect(shownText(answer!.html)).toContain(MESSAGES.JOB_NOT_FOUND_PAGE);
});

test('a tracking link hydrates without zod or floating-ui: the search check and photos load on use', async ({
  page,
  request,
}) => {
  await loginAsAdmin(request);
  const who = uniqueCustomer('Lean');
  const job = await createJob(request, {
    customerName: who.name,
    phone: who.phone,
    service: 'Towing',
    location: 'Karratha',
  });
  const scripts: string[] = [];
  page.on('request', (sent) => {
    if (sent.resourceType() === 'script') scripts.push(sent.url());
  });
  await page.goto(`/customer-portal?token=${job.trackingToken}`);
  const search = page.getByRole('button', { name: 'Track Job' });
  // Hydrated: the search's button no longer says it is getting ready.
  await expect(search).toBeEnabled({ timeout: 30_000 });
  const firstLoad = [...scripts];
  expect(firstLoad.length).toBeGreaterThan(2);
  // What each library's code always carries, minified or not: zod's type tag, floating-ui's
  // attribute. The page's first scripts carry neither: on one bar of signal every byte before
  // the page is usable is a wait, and neither is needed to show the job.
  for (const url of firstLoad) {
    const code = await (await request.get(url)).text();
    expect(code, url).not.toContain('$ZodType');
    expect(code, url).not.toContain('data-floating-ui');
  }

  // The search still checks with the shared schema's messages, loaded at its first use.
  await search.click();
  await expect(page.getByText(MESSAGES.PORTAL_SEARCH_EMPTY, { exact: true })).toBeVisible();
});
