import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { ADMIN_JOB_SERVICES, MESSAGES, documentRef, type Job } from '@pilbara/shared-schema';
import { aJob } from '@pilbara/shared-schema/testing';
import { renderScreen } from '../app/test-providers';
import { choose, fill, selectInput } from '../lib/testing/user-input';
import { JobDetailsDialog, type JobDetails } from './job-details-dialog';

const JOB = aJob({ notes: 'Keys with the servo' });

function renderDialog(job: Job = JOB, answer: string | null = null) {
  const onSave = vi.fn(async (_patch: Partial<JobDetails>) => answer);
  const onClose = vi.fn();
  const rendered = renderScreen(<JobDetailsDialog job={job} onSave={onSave} onClose={onClose} />);
  const dialog = screen.getByRole('dialog', { name: `Edit ${documentRef(job)}` });
  const input = (label: RegExp) => within(dialog).getByLabelText(label) as HTMLInputElement;
  const save = () =>
    rendered.user.click(within(dialog).getByRole('button', { name: 'Save changes' }));
  /** Replaces a field's text, as selecting it all and pasting does. */
  const replace = async (label: RegExp, text: string) => {
    await rendered.user.clear(input(label));
    if (text) await fill(rendered.user, input(label), text);
  };
  return { ...rendered, dialog, onSave, onClose, input, save, replace };
}

describe('correcting a job’s details', () => {
  it('opens on the job as it is', () => {
    const { input } = renderDialog();
    expect(input(/^Customer's phone/).value).toBe(JOB.phone);
    expect(input(/^Location/).value).toBe(JOB.location);
    expect(input(/^Notes/).value).toBe(JOB.notes);
    expect(selectInput(screen.getByRole('dialog'), /^What the job needs/).value).toBe(JOB.service);
  });

  it('sends only what changed, so another owner’s edit of the rest is kept', async () => {
    const { save, replace, onSave, onClose } = renderDialog();
    await replace(/^Location/, 'Dampier Hwy, 12 km east');
    await replace(/^Notes/, '');
    await save();
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
    expect(onSave.mock.calls).toEqual([[{ location: 'Dampier Hwy, 12 km east', notes: '' }]]);
  });

  it('closes without sending anything when nothing changed', async () => {
    const { save, replace, onSave, onClose } = renderDialog();
    // Spaces around a value are not a change.
    await replace(/^Location/, `  ${JOB.location} `);
    await save();
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(onSave).not.toHaveBeenCalled();
  });

  it('names each bad field with the server’s message, and clears it as it is corrected', async () => {
    const { dialog, save, replace, onSave } = renderDialog();
    await replace(/^Customer's phone/, 'call me');
    await replace(/^Location/, '');
    await save();
    expect(await within(dialog).findByText(MESSAGES.PHONE_INVALID)).toBeTruthy();
    expect(within(dialog).getByText(MESSAGES.LOCATION_REQUIRED)).toBeTruthy();
    expect(onSave).not.toHaveBeenCalled();

    await replace(/^Location/, 'Karratha');
    expect(within(dialog).queryByText(MESSAGES.LOCATION_REQUIRED)).toBeNull();
    expect(within(dialog).getByText(MESSAGES.PHONE_INVALID)).toBeTruthy();
  });

  it('keeps a service the office list lacks on offer, and changes it for one of the list', async () => {
    const booked = aJob({ service: 'Battery Jump Start' });
    const { user, dialog, save, onSave } = renderDialog(booked);
    const field = selectInput(dialog, /^What the job needs/);
    expect(field.value).toBe('Battery Jump Start');
    await choose(user, field, ADMIN_JOB_SERVICES[1]);
    await save();
    await waitFor(() => expect(onSave.mock.calls).toEqual([[{ service: ADMIN_JOB_SERVICES[1] }]]));
  });

  it('shows why the change was not kept and stays open', async () => {
    const { dialog, save, replace, onClose } = renderDialog(JOB, MESSAGES.JOB_NOT_FOUND);
    await replace(/^Location/, 'Roebourne');
    await save();
    expect((await within(dialog).findByRole('alert')).textContent).toBe(MESSAGES.JOB_NOT_FOUND);
    expect(onClose).not.toHaveBeenCalled();
  });

  it('goes Back without sending anything', async () => {
    const { user, dialog, replace, onSave, onClose } = renderDialog();
    await replace(/^Location/, 'Roebourne');
    await user.click(within(dialog).getByRole('button', { name: 'Back' }));
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(onSave).not.toHaveBeenCalled();
  });
});
