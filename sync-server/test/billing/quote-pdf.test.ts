import { describe, expect, it } from 'vitest';
import { QUOTE_TERMS, formatCents } from '@pilbara/shared-schema';
import { renderQuotePdf } from '../../src/services/pdf';
import { login } from '../helper';
import { buildBillingApp, createQuote, pdfPages } from './billing-helper';

// 10:00 in Perth on 20 Nov 2026.
const NOW = new Date('2026-11-20T02:00:00.000Z');

describe('GET /api/quotes/:id/pdf', () => {
  it('answers an A4 PDF download named Quote-{id}.pdf with every part of the quote', async () => {
    const app = await buildBillingApp({
      now: () => NOW,
      env: { PUBLIC_URL: 'https://tow.example.com' },
    });
    const quote = createQuote(app);
    const cookie = await login(app);

    const response = await app.inject({
      method: 'GET',
      url: `/api/quotes/${quote.id}/pdf`,
      headers: { cookie },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="Quote-${quote.number}.pdf"`,
    );
    expect(response.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');

    const pages = await pdfPages(response.rawPayload);
    expect(pages).toHaveLength(1);
    const text = pages.join(' ');

    // Header from the active profile, and the quote's number and dates in Perth time.
    expect(text).toContain(app.profile.tradingName);
    for (const owner of app.profile.owners) expect(text).toContain(`${owner.name}: ${owner.phone}`);
    expect(text).toContain(app.profile.email);
    // The placeholder ABN of an unconfigured server is not printed.
    expect(app.profile.abn).toBe('00 000 000 000');
    // As a word: the pay link's random token may hold the letters (it once read `…sABNaE…`).
    expect(text).not.toMatch(/(^|\s)ABN\b/);
    expect(text).not.toContain(app.profile.abn);
    expect(text).toContain(`QUOTE ${quote.number}`);
    expect(text).toContain('Issue date: 20 Nov 2026');
    expect(text).toContain('Valid until: 4 Dec 2026');

    // Customer, vehicle, service, route and distance.
    expect(text).toContain('Jordan Reid');
    expect(text).toContain('Phone: 0411 222 333');
    expect(text).toContain('Email: jordan@example.com');
    expect(text).toContain('Vehicle type: Toyota LandCruiser 79');
    expect(text).toContain('Service: 4x4 Recovery');
    expect(text).toContain('Route: Karratha -> Tom Price');
    expect(text).toContain('Distance: 340 km');

    // Items by category (the shared headings) with quantity, unit price and total.
    expect(text).toMatch(/Services Emergency Towing 1 \$180\.00 \$180\.00/);
    expect(text).toMatch(/Parts Tow Strap Heavy Duty 2 \$45\.00 \$90\.00/);

    // Totals: 27000 × 1.4 = 37800, 10 % = 3780, final 34020 cents.
    expect(quote.finalPrice).toBe(34020);
    expect(text).toMatch(/Subtotal \$270\.00/);
    expect(text).toMatch(/Location multiplier \(Tom Price ×1\.4\) \+\$108\.00/);
    expect(text).toMatch(/Discount \(10%\) -\$37\.80/);
    expect(text).toMatch(/Final price \$340\.20 GST included \$30\.93 Prices include GST/);

    expect(text).toContain('Bogged on the access road past the mine gate.');
    for (const term of QUOTE_TERMS) expect(text).toContain(term);
    expect(text).toContain(`Pay online: https://tow.example.com/checkout?quote=${quote.number}`);
  });

  it('flows a long quote onto further pages and keeps every line', async () => {
    const app = await buildBillingApp({ now: () => NOW });
    const items = Array.from({ length: 45 }, (_, index) => ({
      description: `Recovery line ${index + 1} with a long description that has to wrap across the description column of the table`,
      quantity: (index % 3) + 1,
      unitPrice: 1000 + index,
      category: (['service', 'parts', 'misc'] as const)[index % 3],
    }));
    const quote = createQuote(app, {
      items,
      fromLocation: null,
      toLocation: null,
      discountPercent: 0,
    });
    const pages = await pdfPages(await renderQuotePdf(quote, { profile: app.profile }));
    expect(pages.length).toBeGreaterThan(1);
    const text = pages.join(' ');
    for (let n = 1; n <= 45; n += 1) expect(text).toContain(`Recovery line ${n} `);
    expect(pages[0]).toContain(`Page 1 of ${pages.length}`);
    // The continued table repeats its headings.
    const continued = pages.slice(1).filter((page) => page.includes('Recovery line'));
    expect(continued.length).toBeGreaterThan(0);
    for (const page of continued) expect(page).toMatch(/^Description Qty Unit price Total /);
    expect(text).toContain('Location multiplier (×1) $0.00');
    expect(text).toContain('Discount (0%) $0.00');
    expect(text).toContain(`Final price ${formatCents(quote.finalPrice)} GST included`);
    expect(pages.at(-1)).toContain(QUOTE_TERMS.at(-1));
  });

  it('draws names outside the standard font without failing, and states a non-default validity', async () => {
    const app = await buildBillingApp({ now: () => NOW });
    const quote = createQuote(app, { customerName: 'Zoë Nguyễn 李', validDays: 30 });
    const text = (await pdfPages(await renderQuotePdf(quote, { profile: app.profile }))).join(' ');
    expect(text).toContain('Zoë Nguy?n ?');
    expect(text).toContain('This quote is valid for 30 days.');
    expect(text).toContain('Valid until: 20 Dec 2026');
  });

  it('answers 404 for an unknown or malformed quote id', async () => {
    const app = await buildBillingApp();
    const cookie = await login(app);
    for (const id of ['Q-2026-999', 'nonsense']) {
      const response = await app.inject({
        method: 'GET',
        url: `/api/quotes/${id}/pdf`,
        headers: { cookie },
      });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ error: 'Quote not found' });
    }
  });
});
