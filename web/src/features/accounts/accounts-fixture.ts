/**
 * What the accounts screens' tests share: the day the screen reckons from (Perth), an invoice on
 * an account, the driver list the server answers, the form's three required fields, and an
 * account's card on the list.
 */
import { screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import {
  addCalendarDays,
  driversResponseSchema,
  perthDate,
  type Invoice,
} from '@pilbara/shared-schema';
import { anInvoice } from '@pilbara/shared-schema/testing';
import { json } from '../../lib/testing/fake-api';
import { choose, fill, selectInput } from '../../lib/testing/user-input';

export const TODAY = perthDate(new Date());

/** The Perth day `days` from today (before it when negative). */
export function daysFrom(days: number): string {
  return addCalendarDays(TODAY, days);
}

/** An invoice of account 1 made `daysAgo` days ago, due 14 days later, nothing paid. */
export function onAccount(daysAgo: number, overrides: Partial<Invoice> = {}): Invoice {
  const made = daysFrom(-daysAgo);
  return anInvoice({
    accountId: 1,
    createdAt: `${made}T02:00:00.000Z`,
    dueDate: addCalendarDays(made, 14),
    ...overrides,
  });
}

/** The drivers the server lists (GET /api/drivers): Sam, whom an induction may name. */
export const DRIVERS_ANSWER = json(
  driversResponseSchema.parse({ drivers: [{ id: 2, name: 'Sam Taylor' }] }),
);

/** Fills what every account needs: its name, kind and legal name. */
export async function fillAccountBasics(
  user: UserEvent,
  form: HTMLElement,
  name = 'Pilbara Haulage',
): Promise<void> {
  await fill(user, within(form).getByLabelText(/^Account name/), name);
  await choose(user, selectInput(form, /^Kind/), 'Fleet');
  await fill(user, within(form).getByLabelText(/^Legal name/), `${name} Pty Ltd`);
}

/** The card of the account named `name` on the list. */
export function accountCard(name: string): Promise<HTMLElement> {
  return waitFor(() => {
    const found = screen
      .queryAllByTestId('account-card')
      .find((card) => within(card).queryByRole('heading', { name }));
    if (!found) throw new Error(`no card for ${name}`);
    return found;
  });
}
