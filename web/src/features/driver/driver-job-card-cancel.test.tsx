import { beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { CANCEL_REASONS, MESSAGES, OTHER_REASON, type Job } from '@pilbara/shared-schema';
import type { UserEvent } from '@testing-library/user-event';
import { aJobOfToday } from '@pilbara/shared-schema/testing';
import { fill } from '../../lib/testing/user-input';
import { db, resetDevice } from '../../sync/testing/device';
import { CARD_JOB_ID as ID, outbox, renderCardOf } from './driver-card-testing';
import { DRIVER_TEXT } from './driver-text';

/** A job of today for Sam, with what the test changes. */
function job(overrides: Partial<Job> = {}): Job {
  return aJobOfToday(
    { id: ID, customerName: 'Kim Lee', location: 'Karratha', notes: null, ...overrides },
    new Date().toISOString(),
  );
}

const renderWithJob = (overrides: Partial<Job> = {}) => renderCardOf(job(overrides));

async function openCancel(user: UserEvent, card: HTMLElement) {
  await user.click(within(card).getByRole('button', { name: DRIVER_TEXT.cancelJob }));
  return screen.findByRole('dialog', { name: DRIVER_TEXT.cancelTitle(ID) });
}

beforeEach(async () => {
  await resetDevice();
});

describe('cancelling a job from the driver’s card', () => {
  it('says who is told what, and cancels with the reason picked', async () => {
    const { user, card } = await renderWithJob();
    const dialog = await openCancel(user, card);
    expect(within(dialog).getByText(DRIVER_TEXT.cancelBody)).toBeTruthy();
    expect(
      within(dialog)
        .getAllByRole('radio')
        .map((radio) => radio.getAttribute('value')),
    ).toEqual([...CANCEL_REASONS, OTHER_REASON]);
    await user.click(within(dialog).getByRole('radio', { name: 'Vehicle already moved' }));
    await user.click(within(dialog).getByRole('button', { name: DRIVER_TEXT.cancelConfirm }));

    expect(await screen.findByText(MESSAGES.JOB_CANCELLED_TITLE)).toBeTruthy();
    expect(screen.getByText(`${ID} is cancelled. The customer is told why.`)).toBeTruthy();
    expect((await db.jobs.get(ID))?.status).toBe('Cancelled');
    expect(await outbox()).toEqual([
      {
        name: 'job.cancel',
        args: expect.objectContaining({ id: ID, reason: 'Vehicle already moved' }),
      },
    ]);
  });

  it('asks for the driver’s own words under Other, and sends them as written', async () => {
    const { user, card } = await renderWithJob({ status: 'En Route' });
    const dialog = await openCancel(user, card);
    await user.click(within(dialog).getByRole('radio', { name: OTHER_REASON }));
    await user.click(within(dialog).getByRole('button', { name: DRIVER_TEXT.cancelConfirm }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(MESSAGES.REASON_REQUIRED);
    expect(await db.outbox.count()).toBe(0);

    await fill(user, within(dialog).getByLabelText('Your reason'), 'Road closed by flooding');
    expect(within(dialog).queryByRole('alert')).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: DRIVER_TEXT.cancelConfirm }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect((await outbox())[0]?.args).toMatchObject({ reason: 'Road closed by flooding' });
  });

  it('changes nothing when the driver goes back', async () => {
    const { user, card } = await renderWithJob();
    const dialog = await openCancel(user, card);
    await user.click(within(dialog).getByRole('button', { name: 'Back' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect((await db.jobs.get(ID))?.status).toBe('Assigned');
    expect(await db.outbox.count()).toBe(0);
    expect(screen.getByTestId('driver-job')).toBeTruthy();
  });
});
