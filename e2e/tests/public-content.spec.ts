/**
 * Journeys through the public content pages (docs/features.md, the public site): every content
 * route shows its title and key texts, the gallery's filter, dialog and broken-image placeholder,
 * the FAQ with several answers open, the coverage map and its booking link, the 404 page, the
 * shell's call buttons and install card, and no serious accessibility violations on a phone.
 */
import type { Page } from '@playwright/test';
import {
  DEFAULT_BUSINESS_PROFILE,
  PRODUCT_NAME,
  PROMISE_TEXTS,
  serviceAreaText,
} from '@pilbara/shared-schema';
import { expectNoSeriousA11yViolations } from '../fixtures/axe';
import { expect, test } from '../fixtures/server';
import { loginAsAdmin } from '../page-models/test-data';

const CONTENT_ROUTES = [
  {
    path: '/',
    title: 'Home',
    h1: 'Professional Towing & 4x4 Recovery',
    texts: [
      'Our Services',
      'Digital Service Platform',
      'Customer Feedback',
      'Frequently Asked Questions',
    ],
  },
  {
    path: '/services',
    title: 'Services',
    h1: 'Professional Automotive Services',
    texts: [
      'Emergency Towing',
      '4x4 & Off-Road Recovery',
      'Commercial Services',
      'Request Service Online',
    ],
  },
  {
    path: '/gallery',
    title: 'Gallery',
    h1: 'Our Work Gallery',
    texts: ['All Photos', 'Heavy-Duty Tow Trucks', 'Recovery Equipment', 'Diagnostic Tools'],
  },
  {
    path: '/about',
    title: 'About Us',
    h1: `Meet ${DEFAULT_BUSINESS_PROFILE.owners[0]!.name} & ${DEFAULT_BUSINESS_PROFILE.owners[1]!.name}`,
    texts: [
      'Our Story',
      'Professional Standards',
      'What Drives Us',
      'Locals Helping Locals',
      'BBB A+',
      '$2M Coverage',
    ],
  },
  {
    path: '/service-areas',
    title: 'Service Areas',
    h1: 'Service Areas',
    texts: ['How quickly we get there', 'Bulgarra', 'Point Samson'],
  },
  {
    path: '/pricing',
    title: 'Pricing',
    h1: 'Pricing Guide',
    texts: [
      '$120',
      '$380',
      'Transmission Repairs',
      'After-hours call-out',
      'All prices include GST.',
      'Payment is due on completion.',
    ],
  },
  {
    path: '/service-history',
    title: 'Service History',
    h1: 'Service History',
    // The sample list says it is a sample: no visitor takes it for their own history.
    texts: [
      'Sample history',
      'Total services (sample)',
      'Total spent (sample)',
      'Average rating',
      'Download Invoice',
      'Book Similar Service',
    ],
  },
] as const;

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

async function expectTitle(page: Page, title: string): Promise<void> {
  await expect(page).toHaveTitle(`${title} | ${PRODUCT_NAME}`);
}

test.describe('content pages', () => {
  for (const route of CONTENT_ROUTES) {
    test(`${route.path} shows its title, heading and key texts`, async ({ page }) => {
      await page.goto(route.path);
      await expect(page.getByRole('heading', { level: 1, name: route.h1 })).toBeVisible({
        timeout: 30_000,
      });
      await expectTitle(page, route.title);
      const main = page.getByRole('main');
      for (const text of route.texts)
        await expect(main.getByText(text, { exact: true }).first()).toBeVisible();
      // The shell on every page: header links, footer texts (hours and area from the business
      // profile), floating emergency call.
      await expect(page.getByRole('banner').getByRole('link', { name: 'Track Job' })).toBeVisible();
      const footer = page.getByRole('contentinfo');
      await expect(footer.getByText(DEFAULT_BUSINESS_PROFILE.hours)).toBeVisible();
      await expect(
        footer.getByText(`Serving ${serviceAreaText(DEFAULT_BUSINESS_PROFILE)}`),
      ).toBeVisible();
      await expect(page.getByRole('link', { name: /^Emergency call/ })).toBeVisible();
    });
  }

  test('the home page sections come in their order', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible({ timeout: 30_000 });
    await expect(
      page.getByRole('heading', { level: 2, name: 'Frequently Asked Questions' }),
    ).toBeVisible();
    const headings = await page
      .getByRole('main')
      .getByRole('heading', { level: 2 })
      .allInnerTexts();
    const order = [
      'Our Services',
      'Digital Service Platform',
      'Broken down or stuck? Call us now',
      'Customer Feedback',
      'Our Coverage Area',
      'Frequently Asked Questions',
    ];
    expect(headings.filter((h) => order.includes(h))).toEqual(order);
    const cards = page.getByRole('main').getByRole('heading', { level: 3 });
    await expect(
      cards.filter({ hasText: /^(Towing Services|4x4 Recovery|Automotive Repairs)$/ }),
    ).toHaveCount(3);
    await expect(page.getByRole('link', { name: 'Get Quote' }).first()).toHaveAttribute(
      'href',
      '/contact',
    );
    await expect(
      page
        .getByRole('main')
        .getByRole('link', { name: 'Book Service' })
        .filter({ hasText: 'Book Service' })
        .nth(1),
    ).toHaveAttribute('href', '/booking');
    for (const [label, href] of [
      ['Track Job', '/customer-portal'],
      ['Service History', '/service-history'],
      ['Rate Service', '/feedback'],
    ]) {
      await expect(
        page.getByRole('main').getByRole('link', { name: label, exact: true }).last(),
      ).toHaveAttribute('href', href!);
    }
    for (const owner of DEFAULT_BUSINESS_PROFILE.owners) {
      await expect(
        page.getByRole('main').getByRole('link', { name: `${owner.name}: ${owner.phone}` }),
      ).toHaveAttribute('href', `tel:${owner.phone.replace(/\D/g, '')}`);
    }
  });
});

test.describe('gallery', () => {
  test('filters by category and opens a photo in a dialog', async ({ page }) => {
    await page.goto('/gallery');
    const photos = page.getByRole('button', { name: /^Enlarge:/ });
    await expect(photos).toHaveCount(11);
    await page.getByRole('button', { name: 'Equipment', exact: true }).click();
    await expect(photos).toHaveCount(3);
    await page.getByRole('button', { name: 'Towing', exact: true }).click();
    await expect(photos).toHaveCount(4);
    await page.getByRole('button', { name: 'All Photos' }).click();
    await expect(photos).toHaveCount(11);

    await page.getByRole('button', { name: 'Enlarge: Winched out of bulldust' }).click();
    const dialog = page.getByRole('dialog', { name: 'Winched out of bulldust' });
    await expect(dialog).toBeVisible();
    const picture = dialog.getByRole('img', { name: /^White 4x4 sunk in red bulldust/ });
    await expect(picture).toBeVisible();
    expect(await picture.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
  });

  test.describe('without the service worker', () => {
    // The worker would answer from its cache before the test's route could fail the request.
    test.use({ serviceWorkers: 'block' });

    test("shows 'Image unavailable' for a picture that fails to load", async ({ page }) => {
      await page.route('**/gallery/night-callout.svg', (route) =>
        route.fulfill({ status: 404, body: 'missing' }),
      );
      await page.goto('/gallery');
      const card = page.getByRole('button', { name: 'Enlarge: Night call-out on Dampier Road' });
      await expect(card.getByText('Image unavailable')).toBeVisible();
      // The other pictures still load.
      const loaded = page.getByRole('img', { name: /^Red tow truck towing a white sedan/ });
      await expect(loaded).toBeVisible();
      await expect(page.getByText('Image unavailable')).toHaveCount(1);
    });

    test('a part whose code cannot load (no signal yet) leaves the page working', async ({
      page,
    }) => {
      // The extras load after the page; signal lost before then must not blank the page.
      await page.route(/\/assets\/(install-card|update-prompt)-[\w-]+\.js$/, (route) =>
        route.abort('internetdisconnected'),
      );
      await page.goto('/customer-portal');
      await expect(page.getByRole('heading', { level: 1, name: 'Track Your Job' })).toBeVisible();
      await page
        .getByRole('search', { name: 'Track your job' })
        .getByLabel('Job ID or Name')
        .fill('JOB-2026-5');
      await expect(
        page
          .getByRole('search', { name: 'Track your job' })
          .getByLabel('Last 4 digits of your phone'),
      ).toBeVisible();
      await expect(
        page.getByRole('banner').getByRole('link', { name: /^Call .* on / }),
      ).toBeVisible();
    });
  });
});

test('the FAQ keeps several answers open at once, and opens before any script', async ({
  page,
  browser,
  baseURL,
}) => {
  const first = 'How quickly can you get to me?';
  const second = 'Can you work on mining sites?';
  const third = 'Can I track my tow truck live?';
  await page.goto('/');
  const faq = page.getByRole('main');
  const summary = (name: string) => page.locator('summary', { hasText: name });
  const question = (name: string) => faq.locator('summary', { hasText: name });
  const item = (name: string) => faq.getByTestId('faq-item').filter({ has: summary(name) });
  for (const name of [first, second, third]) await question(name).click();
  for (const name of [first, second, third]) await expect(item(name)).toHaveAttribute('open', '');
  await expect(page.getByText(PROMISE_TEXTS.faqHowQuickly)).toBeVisible();
  await expect(page.getByText(/certified for mining-site work/)).toBeVisible();
  await expect(page.getByText(/we text you a tracking link/)).toBeVisible();
  await question(second).click();
  await expect(item(second)).not.toHaveAttribute('open');
  await expect(page.getByText(/certified for mining-site work/)).toBeHidden();
  await expect(item(first)).toHaveAttribute('open', '');

  // The page as it arrives before its scripts (on one bar of signal, for seconds): with no
  // script at all, a question still opens.
  const bare = await browser.newContext({ baseURL, javaScriptEnabled: false });
  try {
    const plain = await bare.newPage();
    await plain.goto('/');
    await plain.locator('summary', { hasText: first }).click();
    await expect(plain.getByText(PROMISE_TEXTS.faqHowQuickly)).toBeVisible();
  } finally {
    await bare.close();
  }
});

test('the coverage map selects one area at a time and links to booking', async ({ page }) => {
  const figures = page.waitForResponse('**/api/response-times');
  await page.goto('/');
  // No job is recorded on this server: the measured figures it answers are none at all.
  const answer = (await (await figures).json()) as { areas: { medianMinutes: number | null }[] };
  expect(answer.areas.every((a) => a.medianMinutes === null)).toBe(true);
  const area = (name: string) =>
    page.getByRole('button', { name: new RegExp(`^${escape(name)}:`) });
  await area('Roebourne').click();
  await expect(area('Roebourne')).toHaveAttribute('aria-pressed', 'true');
  const details = page.getByRole('main').locator('[aria-live="polite"]');
  await expect(details.getByRole('heading', { name: 'Roebourne' })).toBeVisible();
  await expect(details).toContainText('Distance: 40 km');
  // So no response time is shown, rather than a made-up one.
  await expect(details).not.toContainText('Response time');
  await expect(details).toContainText('Pricing: Standard rates + $50 surcharge');

  // Keyboard: Tab reaches the areas, Enter and Space select.
  await area('Point Samson').focus();
  await page.keyboard.press('Enter');
  await expect(area('Point Samson')).toHaveAttribute('aria-pressed', 'true');
  await expect(area('Roebourne')).toHaveAttribute('aria-pressed', 'false');
  await area('Dampier').focus();
  await page.keyboard.press(' ');
  await expect(area('Dampier')).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByRole('button', { pressed: true })).toHaveCount(1);
  await page.keyboard.press(' ');
  await expect(page.getByRole('button', { pressed: true })).toHaveCount(0);

  await area('Wickham').click();
  await expect(details).toContainText('Distance: 15 km');
  await expect(details).not.toContainText('Response time');
  await expect(details).toContainText('Pricing: Standard rates, no surcharge');
  await page.getByRole('link', { name: 'Book Service for Wickham' }).click();
  // The booking opens with the chosen area already filled in as the location.
  await expect(page).toHaveURL(/\/booking\?location=Wickham$/);
  await expect(
    page.getByRole('form', { name: 'Book a Service' }).getByLabel('Location'),
  ).toHaveValue('Wickham');
});

test('the header shows Login to guests, and the welcome line, Admin tag, Admin Panel and Logout to an admin', async ({
  page,
}) => {
  await page.goto('/');
  const header = page.getByRole('banner');
  await expect(header.getByRole('link', { name: 'Login' })).toHaveAttribute('href', '/auth');
  await expect(header.getByRole('link', { name: 'Admin Panel' })).toHaveCount(0);
  await expect(header.getByRole('link', { name: /^Call .* on / })).toHaveAttribute(
    'href',
    /^tel:\d+$/,
  );

  // Sign in through the API (the login form has its own journeys), then reload: the app
  // restores the stored user and the server session cookie confirms it.
  const user = await loginAsAdmin(page.request);
  await page.evaluate((stored) => localStorage.setItem('auth_user', JSON.stringify(stored)), user);
  await page.reload();
  const welcome = header.getByTestId('welcome-line');
  await expect(welcome).toContainText(`Welcome, ${user.firstName || user.username}`);
  await expect(welcome.getByText('Admin', { exact: true })).toBeVisible();
  await expect(header.getByRole('link', { name: 'Admin Panel' })).toHaveAttribute('href', '/admin');
  await expect(header.getByRole('link', { name: 'Login' })).toHaveCount(0);

  await header.getByRole('button', { name: 'Logout' }).click();
  await expect(header.getByRole('link', { name: 'Login' })).toBeVisible();
  await expect(header.getByRole('link', { name: 'Admin Panel' })).toHaveCount(0);
});

test('the web manifest makes the app installable with real icons and shortcuts', async ({
  page,
  request,
}) => {
  await page.goto('/');
  const href = await page.locator('link[rel="manifest"]').getAttribute('href');
  expect(href).toBeTruthy();
  const manifest = (await (await request.get(href!)).json()) as {
    name: string;
    display: string;
    start_url: string;
    theme_color: string;
    icons: { src: string; sizes: string; purpose?: string }[];
    shortcuts: { name: string; url: string }[];
  };
  expect(manifest).toMatchObject({ name: PRODUCT_NAME, display: 'standalone', start_url: '/' });
  expect(manifest.theme_color).toMatch(/^#[0-9a-f]{6}$/i);
  expect(manifest.shortcuts.map((s) => [s.name, s.url])).toEqual([
    ['Book Service', '/book-service'],
    ['Track Job', '/customer-portal'],
  ]);
  for (const [sizes, purpose] of [
    ['192x192', 'any'],
    ['512x512', 'any'],
    ['512x512', 'maskable'],
  ] as const) {
    const icon = manifest.icons.find((i) => i.sizes === sizes && (i.purpose ?? 'any') === purpose);
    expect(icon, `${sizes} ${purpose} icon`).toBeTruthy();
    const png = await (await request.get(icon!.src)).body();
    // PNG signature, then the IHDR width and height.
    expect(png.subarray(1, 4).toString('latin1')).toBe('PNG');
    expect(`${png.readUInt32BE(16)}x${png.readUInt32BE(20)}`).toBe(sizes);
  }
});

test('an unknown address shows the 404 page with a way home', async ({ page }) => {
  await page.goto('/no-such-page/here');
  await expect(page.getByRole('heading', { level: 1, name: '404 Page Not Found' })).toBeVisible();
  await page.getByRole('link', { name: 'Back to Home' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(
    page.getByRole('heading', { level: 1, name: 'Professional Towing & 4x4 Recovery' }),
  ).toBeVisible();
});

/** The public routes built around a form; their texts are checked in public-forms.spec.ts. */
const FORM_ROUTES = [
  '/contact',
  '/booking',
  '/book-service',
  '/customer-portal',
  '/feedback',
  '/dashboard',
  '/auth',
  '/checkout',
  '/checkout/success',
];

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

  test('the menu lists every link and both phone lines, and call buttons are big enough', async ({
    page,
  }) => {
    await page.goto('/');
    const emergency = page.getByRole('link', { name: /^Emergency call/ });
    const box = await emergency.boundingBox();
    expect(box!.width).toBeGreaterThanOrEqual(48);
    expect(box!.height).toBeGreaterThanOrEqual(48);
    await expect(emergency).toHaveAttribute('href', /^tel:\d+$/);

    await page.getByRole('button', { name: 'Open menu' }).click();
    const menu = page.getByRole('dialog', { name: 'Menu' });
    await expect(menu).toBeVisible();
    for (const label of [
      'Home',
      'Services',
      'Gallery',
      'About',
      'Contact',
      'Service Areas',
      'Pricing',
      'Book Service',
      'Track Job',
      'My Dashboard',
    ]) {
      await expect(menu.getByRole('link', { name: label, exact: true })).toBeVisible();
    }
    await expect(menu.getByRole('link', { name: 'Admin Panel' })).toHaveCount(0);
    await expect(
      menu.getByRole('link', { name: new RegExp(escape(DEFAULT_BUSINESS_PROFILE.staffPhone)) }),
    ).toBeVisible();
    await expect(menu.getByRole('link', { name: 'Login' })).toHaveAttribute('href', '/auth');
    await menu.getByRole('link', { name: 'Pricing', exact: true }).click();
    await expect(page).toHaveURL(/\/pricing$/);
    await expect(menu).toBeHidden();
  });

  test('the install card shows outside standalone mode and can be dismissed', async ({ page }) => {
    await page.goto('/');
    const card = page.getByRole('region', { name: 'Install the app' });
    await expect(card).toBeVisible();
    await card.getByRole('button', { name: 'Dismiss install card' }).click();
    await expect(card).toBeHidden();
    await page.reload();
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(card).toBeHidden();
  });

  test('iPhone visitors get the Add to Home Screen steps', async ({ browser, baseURL }) => {
    const context = await browser.newContext({
      baseURL,
      viewport: { width: 390, height: 844 },
      userAgent:
        'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
      serviceWorkers: 'block',
    });
    const page = await context.newPage();
    await page.goto('/');
    await expect(page.getByRole('region', { name: 'Install the app' })).toContainText('Tap Share');
    await expect(page.getByRole('region', { name: 'Install the app' })).toContainText(
      "'Add to Home Screen'",
    );
    await context.close();
  });

  for (const route of [...CONTENT_ROUTES.map((r) => r.path), ...FORM_ROUTES, '/no-such-page']) {
    test(`${route} has no serious or critical accessibility violations`, async ({ page }) => {
      await page.goto(route);
      // The first visit also installs the service worker, which precaches the whole app: on a
      // busy test machine the page can take longer than the default wait.
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible({ timeout: 30_000 });
      await page.waitForLoadState('networkidle');
      await expectNoSeriousA11yViolations(page);
    });
  }
});
