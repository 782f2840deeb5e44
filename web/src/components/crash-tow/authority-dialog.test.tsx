import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import {
  ATT_AUTHORISER_LABELS,
  MESSAGES,
  WA_TOWING_MESSAGES,
  newCrashTow,
  type CrashTow,
} from '@pilbara/shared-schema';
import { aJob } from '@pilbara/shared-schema/testing';
import { renderScreen } from '../../app/test-providers';
import { fill } from '../../lib/testing/user-input';
import { db, resetDevice } from '../../sync/testing/device';
import { AuthorityDialog } from './authority-dialog';
import { CrashTowPanel } from './crash-tow-panel';
import { CRASH_TOW_TEXT } from './crash-tow-text';

const JOB = aJob();

function aCrashTow(overrides: Partial<CrashTow> = {}): CrashTow {
  return {
    ...newCrashTow(JOB.id, { crashLocation: JOB.location, markedBy: 2, now: JOB.createdAt }),
    ...overrides,
  };
}

async function stored(): Promise<CrashTow> {
  return (await db.crash_tows.get(JOB.id)) as CrashTow;
}

/** Opens the form from the checklist, as the driver does at the crash scene. */
async function openForm(button: string = CRASH_TOW_TEXT.fillIn) {
  const rendered = renderScreen(<CrashTowPanel job={JOB} actorName="Sam" canOverride={false} />);
  await rendered.user.click(await screen.findByRole('button', { name: button }));
  const form = await screen.findByTestId('att-form');
  return { ...rendered, form };
}

function field(form: HTMLElement, label: string | RegExp): HTMLInputElement {
  return within(form).getByLabelText(label) as HTMLInputElement;
}

beforeEach(async () => {
  await resetDevice();
  await db.jobs.put(JOB);
  await db.crash_tows.put(aCrashTow());
});

describe('the Authority to Tow form', () => {
  it('asks a police officer for rank, number and station, and Main Roads for a staff number', async () => {
    const { user, form } = await openForm();
    const police = /^Rank|^Registered number|^Station/;
    expect(within(form).queryAllByLabelText(police)).toHaveLength(0);

    await user.click(within(form).getByLabelText(ATT_AUTHORISER_LABELS.police));
    expect(within(form).getAllByLabelText(police)).toHaveLength(3);
    expect(within(form).queryByLabelText(/^Main Roads staff number/)).toBeNull();

    await user.click(within(form).getByLabelText(ATT_AUTHORISER_LABELS.main_roads));
    expect(within(form).getByLabelText(/^Main Roads staff number/)).toBeTruthy();
    expect(within(form).queryAllByLabelText(police)).toHaveLength(0);
  });

  it('saves what was filled in on the phone, and the checklist shows who authorised it', async () => {
    const { user, form } = await openForm();
    await user.click(within(form).getByLabelText(ATT_AUTHORISER_LABELS.police));
    await fill(user, field(form, /^Name of the person/), 'Sgt Kelly');
    await fill(user, field(form, /^Rank/), 'Sergeant');
    await fill(user, field(form, /^Registered number/), 'PD1234');
    await fill(user, field(form, /^Station/), 'Karratha');
    await fill(user, field(form, /^Towed to/), 'Karratha yard');
    await fill(user, field(form, /^Charges or their basis/), 'Tow $450');
    await user.click(within(form).getByRole('button', { name: CRASH_TOW_TEXT.save }));

    await waitFor(() => expect(screen.queryByTestId('att-form')).toBeNull());
    expect(screen.getByTestId('att-summary').textContent).toBe(
      `${ATT_AUTHORISER_LABELS.police}: Sgt Kelly`,
    );
    expect(screen.getByText('To Karratha yard · Tow $450')).toBeTruthy();
    expect(screen.getByRole('button', { name: CRASH_TOW_TEXT.edit })).toBeTruthy();
    // Now named, the authoriser may sign.
    expect(screen.getByRole('button', { name: CRASH_TOW_TEXT.authoriserSigns })).toHaveProperty(
      'disabled',
      false,
    );
    expect(await stored()).toMatchObject({
      authorisedBy: 'police',
      authoriserName: 'Sgt Kelly',
      officerRank: 'Sergeant',
      officerNumber: 'PD1234',
      officerStation: 'Karratha',
      destination: 'Karratha yard',
      charges: 'Tow $450',
      // Left empty: kept as not given.
      authoriserEmail: null,
    });
    expect((await db.outbox.toArray()).map((entry) => entry.name)).toEqual(['crashTow.save']);
  });

  it('opens again with what was saved, the crash site already there', async () => {
    await db.crash_tows.put(
      aCrashTow({ authorisedBy: 'owner_driver', authoriserName: 'Dana Reid', charges: 'Tow $450' }),
    );
    const { form } = await openForm(CRASH_TOW_TEXT.edit);
    expect(
      (within(form).getByLabelText(ATT_AUTHORISER_LABELS.owner_driver) as HTMLInputElement).checked,
    ).toBe(true);
    expect(field(form, /^Name of the person/).value).toBe('Dana Reid');
    expect(field(form, /^Towed from/).value).toBe(JOB.location);
    expect(field(form, /^Charges or their basis/).value).toBe('Tow $450');
  });

  it('names a bad email under its field and keeps the form open with nothing saved', async () => {
    const { user, form } = await openForm();
    await fill(user, field(form, /^Name of the person/), 'Dana Reid');
    await fill(user, field(form, /^Their email/), 'dana at example');
    await user.click(within(form).getByRole('button', { name: CRASH_TOW_TEXT.save }));

    expect(await within(form).findByText(MESSAGES.EMAIL_INVALID)).toBeTruthy();
    expect(field(form, /^Their email/).getAttribute('aria-invalid')).toBe('true');
    expect((await stored()).authoriserName).toBeNull();
    expect(await db.outbox.count()).toBe(0);
  });

  it('closes on Cancel and keeps nothing that was typed', async () => {
    const { user, form } = await openForm();
    await fill(user, field(form, /^Name of the person/), 'Half typed');
    await user.click(within(form).getByRole('button', { name: CRASH_TOW_TEXT.cancel }));
    await waitFor(() => expect(screen.queryByTestId('att-form')).toBeNull());
    expect(screen.getByTestId('att-summary').textContent).toBe(CRASH_TOW_TEXT.notFilled);
    expect(await db.outbox.count()).toBe(0);
  });

  it('says the vehicle is already loaded when another phone recorded it meanwhile', async () => {
    const tow = aCrashTow();
    const onClose = vi.fn();
    const { user } = renderScreen(<AuthorityDialog tow={tow} onClose={onClose} />);
    const form = await screen.findByTestId('att-form');
    await db.crash_tows.put({ ...tow, loadedAt: '2026-11-20T09:00:00.000Z' });
    await fill(user, field(form, /^Name of the person/), 'Dana Reid');
    await user.click(within(form).getByRole('button', { name: CRASH_TOW_TEXT.save }));

    expect(await within(form).findByText(WA_TOWING_MESSAGES.ALREADY_LOADED)).toBeTruthy();
    expect(onClose).not.toHaveBeenCalled();
    expect((await stored()).authoriserName).toBeNull();
  });
});
