/**
 * Card payment of a quote in the checkout window (docs/features.md, card payment):
 * 1. read the publishable key from GET /api/config (an empty key means card payment is not set
 *    up in this deployment, and the page says so instead of failing);
 * 2. POST /api/quotes/{id}/create-payment-intent for a client secret (spinner until then);
 * 3. load Stripe.js and mount its Payment Element; 'Pay Now' stays disabled until it is ready;
 * 4. confirmPayment, which redirects to /checkout/success?quote_id={id} when it succeeds.
 * Stripe.js is loaded only here ('pure' entry), so no other page pulls the provider's script.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { loadStripe } from '@stripe/stripe-js/pure';
import type { Stripe, StripeElements } from '@stripe/stripe-js';
import { apiRequest } from '../../../lib/http';
import { configResponseSchema } from '@pilbara/shared-schema';

export type PaymentSetupState =
  | { status: 'idle' }
  | { status: 'invalid-link' }
  | { status: 'loading' }
  | { status: 'not-configured' }
  | { status: 'setup-failed' }
  | { status: 'ready-to-mount'; stripe: Stripe; clientSecret: string };

export type PayResult =
  { status: 'redirecting' } | { status: 'failed'; message: string } | { status: 'error' };

/** Steps 1–3; exported for tests and kept free of React. */
async function preparePayment(
  quoteId: string,
  token: string | null = null,
): Promise<Exclude<PaymentSetupState, { status: 'loading' | 'invalid-link' | 'idle' }>> {
  let key: string;
  try {
    const config = configResponseSchema.safeParse(await apiRequest<unknown>('/api/config'));
    if (!config.success) return { status: 'setup-failed' };
    key = config.data.cardPaymentsEnabled ? config.data.profile.stripePublishableKey : '';
  } catch {
    return { status: 'setup-failed' };
  }
  if (!key) return { status: 'not-configured' };
  try {
    const answer = await apiRequest<{ clientSecret?: string }>(
      `/api/quotes/${encodeURIComponent(quoteId)}/create-payment-intent`,
      // The pay link's token (docs/security.md); staff opening Pay Now are signed in instead.
      { method: 'POST', body: token ? { token } : {} },
    );
    if (!answer?.clientSecret) return { status: 'setup-failed' };
    // loadStripe rejects within milliseconds when the provider's script cannot load (offline).
    const stripe = await loadStripe(key);
    if (!stripe) return { status: 'setup-failed' };
    return { status: 'ready-to-mount', stripe, clientSecret: answer.clientSecret };
  } catch {
    return { status: 'setup-failed' };
  }
}

/**
 * The card form of the pay page, set up once `enabled` (the pay summary said there is something
 * to pay and card payment is set up); until then it stays idle and asks nothing of the provider.
 */
export function useCardPayment(
  quoteId: string | null,
  token: string | null = null,
  enabled = true,
) {
  const [state, setState] = useState<PaymentSetupState>(
    !quoteId ? { status: 'invalid-link' } : enabled ? { status: 'loading' } : { status: 'idle' },
  );
  const [elementReady, setElementReady] = useState(false);
  const [processing, setProcessing] = useState(false);
  const elements = useRef<StripeElements | null>(null);
  const mountPoint = useRef<HTMLDivElement | null>(null);

  useEffect(() => {
    if (!quoteId) {
      setState({ status: 'invalid-link' });
      return;
    }
    if (!enabled) {
      setState({ status: 'idle' });
      return;
    }
    let live = true;
    setState({ status: 'loading' });
    void preparePayment(quoteId, token).then((next) => {
      if (live) setState(next);
    });
    return () => {
      live = false;
    };
  }, [quoteId, token, enabled]);

  const stripe = state.status === 'ready-to-mount' ? state.stripe : null;
  const clientSecret = state.status === 'ready-to-mount' ? state.clientSecret : null;

  useEffect(() => {
    if (!stripe || !clientSecret || !mountPoint.current) return;
    const created = stripe.elements({ clientSecret });
    const payment = created.create('payment', { layout: 'tabs' });
    payment.on('ready', () => setElementReady(true));
    payment.mount(mountPoint.current);
    elements.current = created;
    return () => {
      payment.destroy();
      elements.current = null;
      setElementReady(false);
    };
  }, [stripe, clientSecret]);

  const pay = useCallback(async (): Promise<PayResult> => {
    if (!stripe || !elements.current || !quoteId) return { status: 'error' };
    setProcessing(true);
    try {
      const { error } = await stripe.confirmPayment({
        elements: elements.current,
        confirmParams: {
          return_url: `${window.location.origin}/checkout/success?quote_id=${encodeURIComponent(quoteId)}${token ? `&token=${encodeURIComponent(token)}` : ''}`,
        },
      });
      // confirmPayment only returns when it did not redirect, i.e. the provider refused.
      return { status: 'failed', message: error.message ?? 'Your card was not charged.' };
    } catch {
      return { status: 'error' };
    } finally {
      setProcessing(false);
    }
  }, [stripe, quoteId, token]);

  return { state, elementReady, processing, pay, mountPoint };
}
