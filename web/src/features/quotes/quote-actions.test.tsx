import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { MESSAGES, quotePdfFilename, type Quote } from '@pilbara/shared-schema';
import { aQuote } from '@pilbara/shared-schema/testing';
import { renderScreen } from '../../app/test-providers';
import { fakeApi, json, setOnline } from '../../lib/testing/fake-api';
import { businessYear } from '../../sync/leases';
import { db, resetDevice } from '../../sync/testing/device';
import { QuotesManager } from './quotes-manager';
import { QUOTES_TEXT } from './quotes-text';

const YEAR = businessYear();
const NOW = new Date().toISOString();
const ID = `Q-${YEAR}-7`;

function quote(overrides: Partial<Quote> = {}): Quote {
  return aQuote({
    id: ID,
    number: ID,
    customerEmail: 'dana@example.com',
    createdAt: NOW,
    updatedAt: NOW,
    validUntil: new Date(Date.now() + 14 * 86_400_000).toISOString(),
    ...overrides,
  });
}

async function card(id = ID): Promise<HTMLElement> {
  return screen.findByRole('article', { name: new RegExp(`^Quote ${id} for`) });
}

function renderManager() {
  return renderScreen(<QuotesManager />, { route: '/admin' });
}

beforeEach(async () => {
  await resetDevice();
  setOnline(true);
});

afterEach(() => {
  vi.restoreAllMocks();
  setOnline(true);
});

describe('what staff do with a quote', () => {
  it('marks a sent quote rejected on this device and says so', async () => {
    fakeApi();
    await db.quotes.put(quote({ status: 'sent' }));
    const { user } = renderManager();
    await user.click(within(await card()).getByRole('button', { name: 'Reject' }));
    expect(await screen.findByText(MESSAGES.quoteStatusChanged('rejected'))).toBeTruthy();
    await waitFor(async () => expect((await db.quotes.get(ID))?.status).toBe('rejected'));
    await waitFor(async () =>
      expect(within(await card()).getByTestId('quote-status').textContent).toContain('Rejected'),
    );
    expect((await db.outbox.toArray()).map((entry) => entry.name)).toEqual(['quote.setStatus']);
  });

  it('emails a draft through the server and says it went', async () => {
    const api = fakeApi({
      [`POST /api/quotes/${ID}/send-email`]: json({ quote: quote({ status: 'sent' }) }),
    });
    await db.quotes.put(quote());
    const { user } = renderManager();
    await user.click(within(await card()).getByRole('button', { name: 'Email Quote' }));
    expect(await screen.findByText(MESSAGES.QUOTE_EMAILED)).toBeTruthy();
    expect(api.callsTo(`POST /api/quotes/${ID}/send-email`)).toHaveLength(1);
  });

  it('says a quote without an email address cannot be emailed, and asks nothing', async () => {
    const api = fakeApi();
    await db.quotes.put(quote({ customerEmail: null }));
    const { user } = renderManager();
    await user.click(within(await card()).getByRole('button', { name: 'Email Quote' }));
    expect(await screen.findByText(QUOTES_TEXT.noEmail)).toBeTruthy();
    expect(api.calls).toHaveLength(0);
  });

  it('says the PDF needs a connection when offline', async () => {
    const api = fakeApi();
    await db.quotes.put(quote());
    setOnline(false);
    const { user } = renderManager();
    await user.click(within(await card()).getByRole('button', { name: 'Download PDF' }));
    expect(await screen.findByText(QUOTES_TEXT.pdfNeedsConnection)).toBeTruthy();
    expect(api.calls).toHaveLength(0);
  });

  it('saves the quote’s PDF under its number', async () => {
    fakeApi({ [`GET /api/quotes/${ID}/pdf`]: { status: 200, body: '%PDF-1.7' } });
    Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:quote'), revokeObjectURL: vi.fn() });
    const saved: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      saved.push(this.download);
    });
    await db.quotes.put(quote());
    const { user } = renderManager();
    await user.click(within(await card()).getByRole('button', { name: 'Download PDF' }));
    expect(await screen.findByText(MESSAGES.QUOTE_PDF_DOWNLOADED)).toBeTruthy();
    expect(saved).toEqual([quotePdfFilename(ID)]);
  });
});
