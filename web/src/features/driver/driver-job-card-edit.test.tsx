import { beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { DRIVER_STEP_LABELS, MESSAGES, type Job } from '@pilbara/shared-schema';
import type { UserEvent } from '@testing-library/user-event';
import { renderScreen } from '../../app/test-providers';
import { aJobOfToday } from '@pilbara/shared-schema/testing';
import { fill } from '../../lib/testing/user-input';
import { db, resetDevice } from '../../sync/testing/device';
import { CARD_JOB_ID as ID, NO_FLEET, outbox, renderCardOf } from './driver-card-testing';
import { DriverJobCard } from './driver-job-card';
import { DRIVER_TEXT } from './driver-text';

/** A job of today for Sam, with what the test changes. */
function job(overrides: Partial<Job> = {}): Job {
  return aJobOfToday(
    { id: ID, customerName: 'Kim Lee', location: 'Karratha', notes: null, ...overrides },
    new Date().toISOString(),
  );
}

const renderWithJob = (overrides: Partial<Job> = {}) => renderCardOf(job(overrides));

async function openEdit(user: UserEvent, card: HTMLElement) {
  await user.click(within(card).getByRole('button', { name: DRIVER_TEXT.editJob }));
  return screen.findByRole('dialog', { name: `Edit ${ID}` });
}

beforeEach(async () => {
  await resetDevice();
});

describe('correcting a job’s details from the driver’s card', () => {
  it('names a field left empty with the schema’s message and saves nothing', async () => {
    const { user, card } = await renderWithJob();
    const dialog = await openEdit(user, card);
    await user.clear(within(dialog).getByLabelText('Location'));
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    expect(await within(dialog).findByText(MESSAGES.LOCATION_REQUIRED)).toBeTruthy();
    expect(await db.outbox.count()).toBe(0);
  });

  it('sends only what changed, and the card shows it', async () => {
    const { user, card } = await renderWithJob();
    const dialog = await openEdit(user, card);
    const location = within(dialog).getByLabelText('Location');
    await user.clear(location);
    await fill(user, location, 'Gate 3, Cape Lambert');
    await fill(user, within(dialog).getByLabelText('Notes'), 'Ask for Lee at security');
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));

    expect(await screen.findByText(`${ID}: details saved.`)).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const [update] = await outbox();
    expect(update?.name).toBe('job.update');
    expect((update?.args as { patch: unknown }).patch).toEqual({
      location: 'Gate 3, Cape Lambert',
      notes: 'Ask for Lee at security',
    });
    const shown = await screen.findByTestId('driver-job');
    await waitFor(() =>
      expect(within(shown).getByTestId('job-notes').textContent).toBe('Ask for Lee at security'),
    );
    expect(within(shown).getByText('Gate 3, Cape Lambert')).toBeTruthy();
  });

  it('closes without sending anything when nothing was changed', async () => {
    const { user, card } = await renderWithJob();
    const dialog = await openEdit(user, card);
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(await db.outbox.count()).toBe(0);
  });
});

describe('a note from the driver’s card', () => {
  it('asks for the note first when Save is pressed on an empty one, and keeps the dialog', async () => {
    const { user, card } = await renderWithJob();
    await user.click(within(card).getByRole('button', { name: DRIVER_TEXT.addNote }));
    const dialog = await screen.findByRole('dialog', { name: DRIVER_TEXT.noteTitle(ID) });
    await user.click(within(dialog).getByRole('button', { name: DRIVER_TEXT.saveNote }));
    expect(await within(dialog).findByText(MESSAGES.NOTE_REQUIRED)).toBeTruthy();
    expect(await db.outbox.count()).toBe(0);
    // Writing clears the message.
    await fill(
      user,
      within(dialog).getByLabelText(DRIVER_TEXT.noteLabel),
      'Tyre iron left on site',
    );
    expect(within(dialog).queryByText(MESSAGES.NOTE_REQUIRED)).toBeNull();
  });
});

describe('a step the phone cannot take', () => {
  it('says why in a toast, and keeps nothing to send', async () => {
    // The card of a job whose row this phone no longer holds (the office deleted it meanwhile).
    const { user } = renderScreen(
      <DriverJobCard job={job()} pending={false} driverName="Sam" fleet={NO_FLEET} />,
    );
    const card = await screen.findByTestId('driver-job');
    await user.click(within(card).getByRole('button', { name: DRIVER_STEP_LABELS.markEnRoute }));
    expect(
      await screen.findByText(`${MESSAGES.JOB_UPDATE_FAILED}: ${MESSAGES.JOB_NOT_FOUND}`),
    ).toBeTruthy();
    expect(await db.outbox.count()).toBe(0);
    expect(await db.jobs.count()).toBe(0);
  });
});
