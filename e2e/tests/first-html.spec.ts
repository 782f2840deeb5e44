/**
 * The first response of every public page carries the page itself: pre-rendered
 * HTML, compressed, whose first 14 KB on the wire — what arrives in the first round trip of a
 * new connection — already hold the header's call button, the page's heading and both phone
 * numbers, with a <noscript> that gives both numbers too. Unknown paths answer 404 with the 404
 * page. Fetched over plain HTTP, as a first visit's browser does, and decoded by this test. A page
 * whose form works without script is never kept: it is served afresh every time (`no-store`).
 */
import { rmSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { createBrotliDecompress, brotliDecompressSync } from 'node:zlib';
import { DEFAULT_BUSINESS_PROFILE } from '@pilbara/shared-schema';
import { expect, startServer, test } from '../fixtures/server';

/** Each public route and the heading its first HTML must carry. */
const PAGES: Record<string, string> = {
  '/': 'Professional Towing &amp; 4x4 Recovery',
  '/services': 'Professional Automotive Services',
  '/gallery': 'Our Work Gallery',
  '/about': 'Meet Sam Taylor &amp; Alex Morgan',
  '/contact': 'Contact Us',
  '/service-areas': 'Service Areas',
  '/pricing': 'Pricing Guide',
  '/customer-portal': 'Track Your Job',
  '/booking': 'Book a Service',
  '/book-service': 'Book a Service',
  '/service-history': 'Service History',
  '/feedback': 'Customer Feedback',
  '/complaints': 'Make a complaint',
  '/dashboard': 'Access Your Dashboard',
  '/auth': 'Login',
  '/login': 'Login',
  '/register': 'Create an Account',
  '/checkout': 'Complete Payment',
};

const FIRST_ROUND_TRIP = 14 * 1024;

/**
 * The pages whose form works without script. Each is served with a fresh idempotency key in its
 * form, so it must never be reused from a cache: a kept copy would post a key already spent, and
 * be answered with the earlier booking or message instead of sending this one.
 */
const ONE_TIME_KEY_PAGES = new Set(['/contact', '/booking', '/book-service']);
const FORM_KEY = /<input type="hidden" name="formKey" value="([^"]+)"/;

interface RawAnswer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

function get(baseURL: string, path: string): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      `${baseURL}${path}`,
      { headers: { 'accept-encoding': 'br, gzip', accept: 'text/html' } },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            body: Buffer.concat(chunks),
          }),
        );
      },
    );
    req.on('error', reject);
    req.end();
  });
}

/** What a browser can read from only the first `bytes` of a brotli stream. */
function readablePrefix(body: Buffer, bytes: number): Promise<string> {
  return new Promise((resolve) => {
    const out: Buffer[] = [];
    const stream = createBrotliDecompress();
    stream.on('data', (chunk: Buffer) => out.push(chunk));
    // A cut-off stream ends in an error; what was decoded before it is what arrived.
    stream.on('error', () => resolve(Buffer.concat(out).toString('utf8')));
    stream.on('end', () => resolve(Buffer.concat(out).toString('utf8')));
    stream.end(body.subarray(0, bytes));
  });
}

const [owner1, owner2] = DEFAULT_BUSINESS_PROFILE.owners;

for (const [path, heading] of Object.entries(PAGES)) {
  test(`the first HTML of ${path} holds its heading and both phone numbers`, async ({
    baseURL,
  }) => {
    const answer = await get(baseURL!, path);
    expect(answer.status).toBe(200);
    expect(answer.headers['content-encoding']).toBe('br');
    expect(String(answer.headers.vary)).toMatch(/accept-encoding/i);
    const oneTimeKey = ONE_TIME_KEY_PAGES.has(path);
    expect(answer.headers['cache-control']).toBe(oneTimeKey ? 'no-store' : 'no-cache');

    const html = brotliDecompressSync(answer.body).toString('utf8');
    if (oneTimeKey) {
      // Every serving carries its own key: two visits are two sends, never one.
      const again = brotliDecompressSync((await get(baseURL!, path)).body).toString('utf8');
      const key = FORM_KEY.exec(html)?.[1];
      expect(key).toBeTruthy();
      expect(FORM_KEY.exec(again)?.[1]).not.toBe(key);
    } else {
      expect(html).not.toMatch(FORM_KEY);
    }
    expect(html).toMatch(new RegExp(`<h1[^>]*>${heading.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}<`));
    expect(html).toContain(owner1!.phone);
    expect(html).toContain(owner2!.phone);
    const noscript = /<noscript>([\s\S]*?)<\/noscript>/.exec(
      html.slice(html.indexOf('<body')),
    )?.[1];
    expect(noscript).toContain(owner1!.phone);
    expect(noscript).toContain(owner2!.phone);

    // The call buttons, both numbers and the heading arrive in the first round trip.
    const early = await readablePrefix(answer.body, FIRST_ROUND_TRIP);
    const tel = `href="tel:${owner1!.phone.replace(/\s/g, '')}"`;
    expect(early.split(tel).length - 1).toBeGreaterThanOrEqual(2); // header and emergency button
    expect(early).toContain(owner1!.phone);
    expect(early).toContain(owner2!.phone);
    expect(early).toContain(heading);
  });
}

test('an unknown path answers 404 with the 404 page', async ({ baseURL }) => {
  const answer = await get(baseURL!, '/no-such-page/here');
  expect(answer.status).toBe(404);
  const html = brotliDecompressSync(answer.body).toString('utf8');
  expect(html).toContain('404 Page Not Found');
  expect(html).toContain(owner1!.phone);
});

test("a deployment's own phone numbers are in the first HTML, not the built-in ones", async () => {
  // Rendering the pages again with the configured profile takes a few seconds at start.
  test.slow();
  const { server, stop } = await startServer({
    OWNER1_NAME: 'Dana Reyes',
    OWNER1_PHONE: '0499 111 222',
    OWNER2_PHONE: '0499 333 444',
  });
  try {
    for (const path of ['/', '/contact', '/booking.html']) {
      const answer = await get(server.baseURL, path);
      expect(answer.status, path).toBe(200);
      const html = brotliDecompressSync(answer.body).toString('utf8');
      expect(html, path).toContain('0499 111 222');
      expect(html, path).toContain('href="tel:0499111222"');
      expect(html, path).toContain('0499 333 444');
      expect(html, path).not.toContain(owner1!.phone);
    }
    const about = brotliDecompressSync((await get(server.baseURL, '/about')).body).toString('utf8');
    expect(about).toContain('Meet Dana Reyes &amp; Alex Morgan');
  } finally {
    await stop();
    rmSync(server.dataDir, { recursive: true, force: true });
  }
});
