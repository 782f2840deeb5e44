import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import {
  MESSAGES,
  PAYMENT_METHOD_LABELS,
  RECORDABLE_PAYMENT_METHODS,
  REFUND_METHODS,
  formatCents,
} from '@pilbara/shared-schema';
import { renderScreen } from '../../app/test-providers';
import { fill } from '../../lib/testing/user-input';
import type { PaymentDetails } from './billing-actions';
import { MODES, PaymentDialog, type PaymentDialogProps } from './payment-dialog';
import { QUOTES_TEXT } from './quotes-text';

// A Wednesday in Perth, so the calendar's days before it are in the same month.
const NOW = new Date('2026-12-09T02:00:00.000Z');
const TARGET = { key: 'INV-2026-4', title: 'Invoice INV-2026-4 for Dana Reid', owedCents: 25_000 };

function renderDialog(props: Partial<PaymentDialogProps> = {}) {
  const onSubmit = vi.fn(async (_details: PaymentDetails) => true);
  const onClose = vi.fn();
  const view = renderScreen(
    <PaymentDialog target={TARGET} onClose={onClose} onSubmit={onSubmit} {...props} />,
  );
  const mode = props.mode ?? 'payment';
  return {
    ...view,
    onSubmit,
    onClose,
    form: screen.getByRole('form', { name: MODES[mode].title }),
  };
}

type View = ReturnType<typeof renderDialog>;

function methods(form: HTMLElement): { label: string; checked: boolean }[] {
  return within(form)
    .getAllByRole('radio')
    .map((radio) => ({
      label: (radio as HTMLInputElement).labels?.[0]?.textContent ?? '',
      checked: (radio as HTMLInputElement).checked,
    }));
}

async function submit({ user, form }: View, mode: keyof typeof MODES = 'payment') {
  await user.click(within(form).getByRole('button', { name: MODES[mode].title }));
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(NOW);
});

afterEach(() => {
  vi.useRealTimers();
});

describe('recording a payment', () => {
  it('names what is paid and offers the ways money is taken, cash first', () => {
    const { form } = renderDialog();
    expect(form.textContent).toContain(
      `${TARGET.title}: ${formatCents(25_000)} ${MODES.payment.owed}`,
    );
    expect(methods(form)).toEqual(
      RECORDABLE_PAYMENT_METHODS.map((method) => ({
        label: PAYMENT_METHOD_LABELS[method],
        checked: method === 'cash',
      })),
    );
    expect(within(form).queryByText(QUOTES_TEXT.CARD_NOT_SET_UP_TITLE)).toBeNull();
  });

  it('records the whole balance by card on site, stamped now, and closes', async () => {
    const view = renderDialog();
    await view.user.click(
      within(view.form).getByRole('radio', { name: PAYMENT_METHOD_LABELS['card-on-site'] }),
    );
    await fill(view.user, within(view.form).getByLabelText(/^Reference/), 'EFTPOS 4471');
    await submit(view);
    await waitFor(() => expect(view.onClose).toHaveBeenCalledTimes(1));
    expect(view.onSubmit).toHaveBeenCalledWith({
      method: 'card-on-site',
      amount: TARGET.owedCents,
      reference: 'EFTPOS 4471',
      paidAt: null,
    });
  });

  it('keeps the day the money came in when it was an earlier one', async () => {
    const view = renderDialog();
    await view.user.click(within(view.form).getByLabelText(MODES.payment.date));
    await view.user.click(await screen.findByRole('button', { name: '7 December 2026' }));
    await submit(view);
    await waitFor(() => expect(view.onSubmit).toHaveBeenCalledTimes(1));
    expect(view.onSubmit.mock.calls[0]?.[0].paidAt).toBe('2026-12-07');
  });

  it('stays open with what was entered when the payment could not be recorded', async () => {
    const view = renderDialog({ onSubmit: vi.fn(async () => false) });
    const amount = within(view.form).getByLabelText(/^Amount/) as HTMLInputElement;
    await view.user.clear(amount);
    await fill(view.user, amount, '80');
    await submit(view);
    await waitFor(() =>
      expect(within(view.form).getByRole('button', { name: MODES.payment.title })).toHaveProperty(
        'disabled',
        false,
      ),
    );
    expect(view.onClose).not.toHaveBeenCalled();
    expect(amount.value).toBe('80');
  });

  it('says card payment is not set up when opened from Pay Now', () => {
    const { form } = renderDialog({ cardNotSetUp: true });
    expect(within(form).getByText(QUOTES_TEXT.CARD_NOT_SET_UP_TITLE)).toBeTruthy();
  });

  it('cancels without recording', async () => {
    const view = renderDialog();
    await view.user.click(within(view.form).getByRole('button', { name: 'Cancel' }));
    expect(view.onClose).toHaveBeenCalledTimes(1);
    expect(view.onSubmit).not.toHaveBeenCalled();
  });
});

describe('recording a refund', () => {
  it('offers the ways money goes back, bank transfer first, and records one', async () => {
    const view = renderDialog({ mode: 'refund' });
    expect(view.form.textContent).toContain(MODES.refund.owed);
    expect(methods(view.form)).toEqual(
      REFUND_METHODS.map((method) => ({
        label: PAYMENT_METHOD_LABELS[method],
        checked: method === 'bank-transfer',
      })),
    );
    const amount = within(view.form).getByLabelText(/^Amount/);
    await view.user.clear(amount);
    await fill(view.user, amount, '120.50');
    await submit(view, 'refund');
    await waitFor(() => expect(view.onClose).toHaveBeenCalledTimes(1));
    expect(view.onSubmit).toHaveBeenCalledWith({
      method: 'bank-transfer',
      amount: 12_050,
      reference: null,
      paidAt: null,
    });
  });

  it('refuses nothing at all with the shared message', async () => {
    const view = renderDialog({ mode: 'refund' });
    await view.user.clear(within(view.form).getByLabelText(/^Amount/));
    await submit(view, 'refund');
    expect(await within(view.form).findByText(MESSAGES.PAYMENT_AMOUNT_MIN)).toBeTruthy();
    expect(view.onSubmit).not.toHaveBeenCalled();
  });
});
