import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { DEFAULT_BUSINESS_PROFILE, MESSAGES } from '@pilbara/shared-schema';
import { renderScreen } from '../app/test-providers';
import { fakeApi, json } from '../lib/testing/fake-api';
import { CheckoutPage } from './checkout-page';
import { CheckoutSuccessPage } from './checkout-success-page';

const TOKEN = 'pay-token-cccccccccccccc';

function config(cardPaymentsEnabled: boolean) {
  return json({
    profile: {
      ...DEFAULT_BUSINESS_PROFILE,
      stripePublishableKey: cardPaymentsEnabled ? 'pk_test_123' : '',
    },
    cardPaymentsEnabled,
  });
}

describe('the checkout window', () => {
  it('says a link without a quote is not a payment link, and asks nothing', async () => {
    const api = fakeApi();
    renderScreen(<CheckoutPage />, { route: '/checkout' });
    expect(
      await screen.findByText(MESSAGES.INVALID_PAYMENT_LINK_DESCRIPTION, { selector: 'div *' }),
    ).toBeTruthy();
    expect(screen.getAllByText(MESSAGES.INVALID_PAYMENT_LINK_TITLE).length).toBeGreaterThan(0);
    expect(screen.queryByRole('button', { name: 'Pay Now' })).toBeNull();
    expect(api.calls).toHaveLength(0);
  });

  it('says card payment is not set up instead of failing, when the business has no keys', async () => {
    const api = fakeApi({ 'GET /api/config': config(false) });
    renderScreen(<CheckoutPage />, { route: `/checkout?quote=Q-2026-4&token=${TOKEN}` });
    const notice = await screen.findByTestId('card-not-set-up');
    expect(notice.textContent).toContain(MESSAGES.CARD_PAYMENTS_NOT_SET_UP);
    expect(screen.getByText('Q-2026-4')).toBeTruthy();
    // Nothing is asked of the card provider or the quote.
    expect(api.calls.map((call) => call.path)).toEqual(['/api/config']);
  });

  it('says the payment could not be set up when the server cannot be reached', async () => {
    fakeApi();
    renderScreen(<CheckoutPage />, { route: `/checkout?quote=Q-2026-4&token=${TOKEN}` });
    expect(
      (await screen.findAllByText(MESSAGES.PAYMENT_SETUP_FAILED_DESCRIPTION)).length,
    ).toBeGreaterThan(0);
    expect(screen.getAllByText(MESSAGES.PAYMENT_SETUP_FAILED_TITLE).length).toBe(2);
  });

  it('asks for the payment with the link’s token, and says so when the quote refuses it', async () => {
    const api = fakeApi({
      'GET /api/config': config(true),
      'POST /api/quotes/Q-2026-4/create-payment-intent': json(
        { error: 'This quote was already paid' },
        409,
      ),
    });
    renderScreen(<CheckoutPage />, { route: `/checkout?quote=Q-2026-4&token=${TOKEN}` });
    expect(
      (await screen.findAllByText(MESSAGES.PAYMENT_SETUP_FAILED_DESCRIPTION)).length,
    ).toBeGreaterThan(0);
    expect(api.callsTo('POST /api/quotes/Q-2026-4/create-payment-intent')[0]?.body).toEqual({
      token: TOKEN,
    });
  });
});

describe('the page the card provider returns to', () => {
  it('says Payment Successful only once the server has settled the quote', async () => {
    const api = fakeApi({ 'POST /api/quotes/Q-2026-4/confirm-payment': json({ paid: true }) });
    renderScreen(<CheckoutSuccessPage />, {
      route: `/checkout/success?quote_id=Q-2026-4&token=${TOKEN}`,
    });
    expect(await screen.findByRole('heading', { name: 'Payment Successful!' })).toBeTruthy();
    expect(
      screen.getByText('Thank you for your payment. Your quote has been accepted.'),
    ).toBeTruthy();
    expect(api.callsTo('POST /api/quotes/Q-2026-4/confirm-payment')[0]?.body).toEqual({
      token: TOKEN,
    });
  });

  it('says the payment is being confirmed while the provider has not told the server', async () => {
    fakeApi({ 'POST /api/quotes/Q-2026-4/confirm-payment': json({ paid: false }) });
    renderScreen(<CheckoutSuccessPage />, { route: '/checkout/success?quote_id=Q-2026-4' });
    expect(await screen.findByRole('heading', { name: 'Payment being confirmed' })).toBeTruthy();
    expect(screen.queryByText('Payment Successful!')).toBeNull();
  });

  it('never says successful for a quote the server does not know', async () => {
    fakeApi({ 'POST /api/quotes/Q-2026-99/confirm-payment': json({ error: 'Not found' }, 404) });
    renderScreen(<CheckoutSuccessPage />, { route: '/checkout/success?quote_id=Q-2026-99' });
    expect(
      await screen.findByRole('heading', { name: 'We could not find this quote' }),
    ).toBeTruthy();
    expect(screen.queryByText('Q-2026-99')).toBeNull();
  });

  it('says it could not check the payment when the server cannot be reached', async () => {
    fakeApi();
    renderScreen(<CheckoutSuccessPage />, { route: '/checkout/success?quote_id=Q-2026-4' });
    expect(
      await screen.findByRole('heading', { name: 'We could not check your payment' }),
    ).toBeTruthy();
  });

  it('says a return without a quote is not a payment link', async () => {
    const api = fakeApi();
    renderScreen(<CheckoutSuccessPage />, { route: '/checkout/success' });
    expect(
      await screen.findByRole('heading', { name: MESSAGES.INVALID_PAYMENT_LINK_TITLE }),
    ).toBeTruthy();
    expect(api.calls).toHaveLength(0);
  });
});
