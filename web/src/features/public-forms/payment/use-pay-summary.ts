/**
 * What the pay page shows before any card is asked for (GET /api/quotes/{id}/pay-summary): the
 * number to pay against, the amount still owed, whether the quote has expired, and whether card
 * payment is set up. The answer
 * is checked by hand, as the public pages' other answers are, to keep the schema library off it.
 */
import { useEffect, useState } from 'react';
import type { PaySummary } from '@pilbara/shared-schema';
import { apiRequest, HttpError, isNetworkError } from '../../../lib/http';

export type PaySummaryState =
  | { status: 'loading' }
  | { status: 'found'; summary: PaySummary }
  | { status: 'not-found' }
  | { status: 'offline' }
  | { status: 'failed' };

const STATES: readonly PaySummary['state'][] = ['payable', 'paid', 'not-payable'];

function parseSummary(value: unknown): PaySummary | null {
  if (typeof value !== 'object' || value === null) return null;
  const answer = value as Record<string, unknown>;
  const { kind, reference, customerName, service, totalCents, amountDueCents, state } = answer;
  if (kind !== 'quote' && kind !== 'invoice') return null;
  if (typeof reference !== 'string' || typeof customerName !== 'string') return null;
  if (typeof totalCents !== 'number' || typeof amountDueCents !== 'number') return null;
  if (!STATES.includes(state as PaySummary['state'])) return null;
  return {
    kind,
    reference,
    customerName,
    service: typeof service === 'string' ? service : null,
    totalCents,
    amountDueCents,
    state: state as PaySummary['state'],
    cardPayments: answer.cardPayments === true,
    expired: answer.expired === true,
    validUntil: typeof answer.validUntil === 'string' ? answer.validUntil : null,
  };
}

export function usePaySummary(quoteId: string | null, token: string | null): PaySummaryState {
  const [state, setState] = useState<PaySummaryState>({ status: 'loading' });
  useEffect(() => {
    if (!quoteId) return;
    let live = true;
    setState({ status: 'loading' });
    const query = token ? `?token=${encodeURIComponent(token)}` : '';
    apiRequest<unknown>(`/api/quotes/${encodeURIComponent(quoteId)}/pay-summary${query}`).then(
      (answer) => {
        if (!live) return;
        const summary = parseSummary(answer);
        setState(summary ? { status: 'found', summary } : { status: 'failed' });
      },
      (error: unknown) => {
        if (!live) return;
        if (error instanceof HttpError && error.status === 404) setState({ status: 'not-found' });
        else if (isNetworkError(error) || !navigator.onLine) setState({ status: 'offline' });
        else setState({ status: 'failed' });
      },
    );
    return () => {
      live = false;
    };
  }, [quoteId, token]);
  return state;
}
