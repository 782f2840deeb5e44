import { beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import {
  CANCEL_REASONS,
  DRIVER_STEP_LABELS,
  MESSAGES,
  OTHER_REASON,
  type Job,
} from '@pilbara/shared-schema';
import { aJobOfToday } from '@pilbara/shared-schema/testing';
import { useLiveQuery } from 'dexie-react-hooks';
import { renderScreen } from '../../app/test-providers';
import { fill } from '../../lib/testing/user-input';
import { db, resetDevice } from '../../sync/testing/device';
import { DriverJobCard } from './driver-job-card';
import { DRIVER_TEXT } from './driver-text';

const NOW = new Date().toISOString();
const ID = 'JOB-2026-21';

const NO_FLEET = { vehicles: [], defects: [], checks: [] };

/** The card as the driver's screen draws it, from the job this device holds now. */
function LiveCard() {
  const job = useLiveQuery(async () => (await db.jobs.get(ID)) as Job | undefined, []);
  return job ? <DriverJobCard job={job} pending={false} driverName="Sam" fleet={NO_FLEET} /> : null;
}

async function renderWithJob(overrides: Partial<Job> = {}) {
  await db.jobs.put(
    aJobOfToday(
      { id: ID, customerName: 'Kim Lee', location: 'Karratha', notes: null, ...overrides },
      NOW,
    ),
  );
  const rendered = renderScreen(<LiveCard />, { route: '/driver' });
  const card = await screen.findByTestId('driver-job');
  return { ...rendered, card };
}

async function outbox(): Promise<Array<{ name: string; args: unknown }>> {
  return (await db.outbox.toArray()).map(({ name, args }) => ({ name, args }));
}

async function openCancel(
  user: Awaited<ReturnType<typeof renderWithJob>>['user'],
  card: HTMLElement,
) {
  await user.click(within(card).getByRole('button', { name: DRIVER_TEXT.cancelJob }));
  return screen.findByRole('dialog', { name: DRIVER_TEXT.cancelTitle(ID) });
}

async function openEdit(
  user: Awaited<ReturnType<typeof renderWithJob>>['user'],
  card: HTMLElement,
) {
  await user.click(within(card).getByRole('button', { name: DRIVER_TEXT.editJob }));
  return screen.findByRole('dialog', { name: `Edit ${ID}` });
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
    const job = aJobOfToday({ id: ID, customerName: 'Kim Lee' }, NOW);
    const { user } = renderScreen(
      <DriverJobCard job={job} pending={false} driverName="Sam" fleet={NO_FLEET} />,
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
