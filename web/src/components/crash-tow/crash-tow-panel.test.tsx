import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import {
  CRASH_PHOTO_SUBJECTS,
  WA_TOWING_MESSAGES,
  crashTowGaps,
  crashTowPatchSchema,
  formatStampTime,
  newCrashTow,
  type CrashTow,
} from '@pilbara/shared-schema';
import { aJob, aJobPhoto, aJobSignature } from '@pilbara/shared-schema/testing';
import { renderScreen } from '../../app/test-providers';
import { setOnline } from '../../lib/testing/fake-api';
import { fill } from '../../lib/testing/user-input';
import { db, resetDevice } from '../../sync/testing/device';
import { CrashTowPanel, MarkCrashTowButton } from './crash-tow-panel';
import { CRASH_TOW_TEXT } from './crash-tow-text';

const JOB = aJob();
const OWNER = 'Sam Taylor';

function aCrashTow(overrides: Partial<CrashTow> = {}): CrashTow {
  return {
    ...newCrashTow(JOB.id, { crashLocation: JOB.location, markedBy: 2, now: JOB.createdAt }),
    ...overrides,
  };
}

/** The form filled in as the authoriser and the driver leave it, with no property aboard. */
const FILLED_IN: Partial<CrashTow> = {
  authorisedBy: 'owner_driver',
  authoriserName: 'Dana Reid',
  destination: 'Karratha yard',
  charges: 'Tow $450, storage $40 a day',
  dashcamCamera: 'Truck 1 front camera',
  dashcamFile: '2026_1120_0830.mp4',
  noProperty: true,
};

function photoId(n: number): string {
  return `0b1c2d3e-0000-4000-8000-${String(n).padStart(12, '0')}`;
}

/** Every side photographed, the damage too, and both signatures on the form. */
async function recordEverything(): Promise<void> {
  const sides = CRASH_PHOTO_SUBJECTS.filter((subject) => subject !== 'property');
  await db.job_photos.bulkPut([
    ...sides.map((subject, index) => aJobPhoto({ id: photoId(index + 1), subject })),
    aJobPhoto({ id: photoId(9), stage: 'damage' }),
  ]);
  await db.job_signatures.bulkPut([
    aJobSignature(),
    aJobSignature({ id: photoId(102), document: 'att_towing_worker', signerName: OWNER }),
  ]);
}

async function stored(): Promise<CrashTow> {
  return (await db.crash_tows.get(JOB.id)) as CrashTow;
}

async function outboxNames(): Promise<string[]> {
  return (await db.outbox.toArray()).map((entry) => entry.name);
}

function renderPanel({ canOverride = false } = {}) {
  return renderScreen(<CrashTowPanel job={JOB} actorName={OWNER} canOverride={canOverride} />);
}

/** The list of what is still missing before loading, as the driver reads it. */
function missing(): string[] {
  const alert = screen.queryByText(CRASH_TOW_TEXT.stillMissing)?.closest('[role=alert]');
  return alert
    ? within(alert as HTMLElement)
        .getAllByRole('listitem')
        .map((item) => item.textContent ?? '')
    : [];
}

function loadButton(): HTMLButtonElement {
  return screen.getByRole('button', { name: CRASH_TOW_TEXT.loaded });
}

beforeEach(async () => {
  await resetDevice();
  setOnline(true);
  await db.jobs.put(JOB);
});

afterEach(() => setOnline(true));

describe('marking a job a crash tow', () => {
  it('opens the empty checklist on this phone, and refuses to mark it twice', async () => {
    const { user } = renderScreen(
      <>
        <MarkCrashTowButton jobId={JOB.id} />
        <CrashTowPanel job={JOB} actorName={OWNER} canOverride={false} />
      </>,
    );
    await user.click(screen.getByRole('button', { name: CRASH_TOW_TEXT.mark }));

    const panel = await screen.findByTestId('crash-tow');
    const empty = crashTowGaps(aCrashTow(), [], []);
    expect(within(panel).getByTestId('crash-tow-gaps').textContent).toBe(
      CRASH_TOW_TEXT.toDo(empty.length),
    );
    expect(within(panel).getByTestId('att-summary').textContent).toBe(CRASH_TOW_TEXT.notFilled);
    expect(missing()).toEqual(empty.map((gap) => gap.message));
    expect((await stored()).crashLocation).toBe(JOB.location);
    expect(await outboxNames()).toEqual(['crashTow.mark']);

    await user.click(screen.getByRole('button', { name: CRASH_TOW_TEXT.mark }));
    expect(
      (await screen.findByText(WA_TOWING_MESSAGES.CRASH_TOW_EXISTS)).getAttribute('role'),
    ).toBe('alert');
    expect(await outboxNames()).toEqual(['crashTow.mark']);
  });

  it('shows nothing for a job that is not a crash tow', async () => {
    const other = aJob({ id: 'JOB-2026-2' });
    await db.jobs.put(other);
    await db.crash_tows.put(aCrashTow());
    renderScreen(
      <>
        <CrashTowPanel job={JOB} actorName={OWNER} canOverride={false} />
        <CrashTowPanel job={other} actorName={OWNER} canOverride={false} />
      </>,
    );
    await waitFor(() => expect(screen.getAllByTestId('crash-tow')).toHaveLength(1));
  });
});

describe('the checklist before loading', () => {
  it('keeps the vehicle from loading while anything is missing, and lets the authoriser sign only once named', async () => {
    await db.crash_tows.put(aCrashTow());
    renderPanel();
    expect(await screen.findByRole('button', { name: CRASH_TOW_TEXT.fillIn })).toBeTruthy();
    expect(loadButton().disabled).toBe(true);
    expect(screen.getByRole('button', { name: CRASH_TOW_TEXT.authoriserSigns })).toHaveProperty(
      'disabled',
      true,
    );
    expect(screen.getByRole('button', { name: CRASH_TOW_TEXT.workerSigns })).toHaveProperty(
      'disabled',
      false,
    );
    // A driver may not override the checks: only an owner's screen offers it.
    expect(screen.queryByRole('button', { name: CRASH_TOW_TEXT.override })).toBeNull();
  });

  it('counts each guided photo where it is filed, and names who signed and when', async () => {
    await db.crash_tows.put(aCrashTow({ authorisedBy: 'police', authoriserName: 'Sgt Kelly' }));
    await db.job_photos.bulkPut([
      aJobPhoto({ id: photoId(1), subject: 'front' }),
      aJobPhoto({ id: photoId(2), subject: 'front' }),
      aJobPhoto({ id: photoId(3), stage: 'damage' }),
    ]);
    const signature = aJobSignature({ signerName: 'Sgt Kelly' });
    await db.job_signatures.put(signature);
    renderPanel();

    const rows = await waitFor(() => {
      const found = screen.getAllByTestId('crash-photo');
      if (!within(found[0]!).queryByText('2')) throw new Error('photos not counted yet');
      return found;
    });
    const counts = Object.fromEntries(
      rows.map((row) => [
        row.dataset.subject,
        within(row).queryByText(/^\d+$/)?.textContent ?? '0',
      ]),
    );
    expect(counts).toEqual({
      front: '2',
      rear: '0',
      left: '0',
      right: '0',
      damage: '1',
      property: '0',
    });
    expect(screen.getByTestId('att-summary').textContent).toContain('Sgt Kelly');
    expect(
      screen.getByText(CRASH_TOW_TEXT.signed('Sgt Kelly', formatStampTime(signature.signedAt))),
    ).toBeTruthy();
    expect(screen.queryByRole('button', { name: CRASH_TOW_TEXT.authoriserSigns })).toBeNull();
    expect(missing()).toContain(WA_TOWING_MESSAGES.OFFICER_DETAILS_REQUIRED);
    expect(missing()).not.toContain(WA_TOWING_MESSAGES.AUTHORISER_SIGNATURE);
  });

  it('records the vehicle loaded once nothing is missing, then locks the form', async () => {
    await db.crash_tows.put(aCrashTow(FILLED_IN));
    await recordEverything();
    const { user } = renderPanel();
    expect(await screen.findByText(CRASH_TOW_TEXT.ready)).toBeTruthy();
    expect(missing()).toEqual([]);

    await user.click(loadButton());
    const loaded = await screen.findByTestId('crash-tow-loaded');
    const row = await stored();
    expect(loaded.textContent).toBe(CRASH_TOW_TEXT.loadedAt(formatStampTime(row.loadedAt!)));
    expect(await outboxNames()).toEqual(['crashTow.markLoaded']);
    expect((await db.job_updates.toArray()).map((update) => update.message)).toEqual([
      'Vehicle loaded',
    ]);
    expect(screen.queryByRole('button', { name: CRASH_TOW_TEXT.edit })).toBeNull();
    expect(screen.getByRole('checkbox', { name: CRASH_TOW_TEXT.noProperty })).toHaveProperty(
      'disabled',
      true,
    );
    expect(screen.queryByRole('button', { name: CRASH_TOW_TEXT.addItem })).toBeNull();
  });
});

describe('the dashboard camera', () => {
  it('saves the camera and its file on the phone, and the gap goes', async () => {
    await db.crash_tows.put(aCrashTow());
    const { user } = renderPanel();
    await fill(user, await screen.findByLabelText(CRASH_TOW_TEXT.camera), 'Truck 1 front');
    await fill(user, screen.getByLabelText(CRASH_TOW_TEXT.file), 'clip-0830.mp4');
    expect(missing()).toContain(WA_TOWING_MESSAGES.DASHCAM_REQUIRED);
    await user.click(screen.getByRole('button', { name: CRASH_TOW_TEXT.saveDashcam }));

    expect(await screen.findByText(CRASH_TOW_TEXT.saved)).toBeTruthy();
    await waitFor(() => expect(missing()).not.toContain(WA_TOWING_MESSAGES.DASHCAM_REQUIRED));
    expect(await stored()).toMatchObject({
      dashcamCamera: 'Truck 1 front',
      dashcamFile: 'clip-0830.mp4',
    });
  });

  it('refuses a recording that ends before it starts, under its end, and keeps nothing', async () => {
    await db.crash_tows.put(aCrashTow());
    const { user } = renderPanel();
    await fill(user, await screen.findByLabelText(CRASH_TOW_TEXT.camera), 'Truck 1 front');
    await fill(user, screen.getByLabelText(CRASH_TOW_TEXT.from), '2026-11-20T09:00');
    await fill(user, screen.getByLabelText(CRASH_TOW_TEXT.to), '2026-11-20T08:00');
    await user.click(screen.getByRole('button', { name: CRASH_TOW_TEXT.saveDashcam }));

    const refused = crashTowPatchSchema.safeParse({
      dashcamFrom: '2026-11-20T09:00:00.000Z',
      dashcamTo: '2026-11-20T08:00:00.000Z',
    });
    const message = refused.error!.issues[0]!.message;
    expect(await screen.findByText(message)).toBeTruthy();
    expect(screen.getByLabelText(CRASH_TOW_TEXT.to).getAttribute('aria-invalid')).toBe('true');
    expect(screen.queryByText(CRASH_TOW_TEXT.saved)).toBeNull();
    expect((await stored()).dashcamCamera).toBeNull();
    expect(await db.outbox.count()).toBe(0);
  });
});

describe('the personal property', () => {
  it('lists an item with its count and place, and takes it off again', async () => {
    await db.crash_tows.put(aCrashTow());
    const { user } = renderPanel();
    const add = await screen.findByRole('button', { name: CRASH_TOW_TEXT.addItem });
    expect(add).toHaveProperty('disabled', true);
    await fill(user, screen.getByLabelText(CRASH_TOW_TEXT.item), 'Toolbox');
    const quantity = screen.getByLabelText(CRASH_TOW_TEXT.quantity);
    await user.clear(quantity);
    await user.paste('2');
    await fill(user, screen.getByLabelText(CRASH_TOW_TEXT.where), 'Rear seat');
    await user.click(add);

    const list = await screen.findByTestId('property-list');
    expect(list.textContent).toContain('2 × Toolbox (Rear seat)');
    expect((screen.getByLabelText(CRASH_TOW_TEXT.item) as HTMLInputElement).value).toBe('');
    expect(screen.getByRole('checkbox', { name: CRASH_TOW_TEXT.noProperty })).toHaveProperty(
      'disabled',
      true,
    );
    // Listed but not yet photographed: the checklist asks for the photo now.
    await waitFor(() => expect(missing()).toContain(WA_TOWING_MESSAGES.PROPERTY_PHOTO_REQUIRED));
    expect((await stored()).propertyItems).toMatchObject([
      { description: 'Toolbox', quantity: 2, where: 'Rear seat' },
    ]);

    await user.click(within(list).getByRole('button', { name: CRASH_TOW_TEXT.remove }));
    await waitFor(() => expect(screen.queryByTestId('property-list')).toBeNull());
    expect((await stored()).propertyItems).toEqual([]);
  });

  it('ticks that there is none, which hides the item form and clears the gap', async () => {
    await db.crash_tows.put(aCrashTow());
    const { user } = renderPanel();
    await user.click(await screen.findByRole('checkbox', { name: CRASH_TOW_TEXT.noProperty }));
    await waitFor(() => expect(screen.queryByLabelText(CRASH_TOW_TEXT.item)).toBeNull());
    expect(missing()).not.toContain(WA_TOWING_MESSAGES.PROPERTY_REQUIRED);
    expect((await stored()).noProperty).toBe(true);
  });
});

describe('an owner’s override', () => {
  it('asks for a reason, records who and why, and lets the vehicle load with gaps', async () => {
    await db.crash_tows.put(aCrashTow());
    const { user } = renderPanel({ canOverride: true });
    await user.click(await screen.findByRole('button', { name: CRASH_TOW_TEXT.override }));
    const dialog = await screen.findByRole('dialog', { name: CRASH_TOW_TEXT.overrideTitle });
    const reason = within(dialog).getByLabelText(CRASH_TOW_TEXT.overrideReason);
    await fill(user, reason, 'Fire');
    await user.click(within(dialog).getByRole('button', { name: CRASH_TOW_TEXT.overrideSave }));
    expect(
      await within(dialog).findByText(WA_TOWING_MESSAGES.OVERRIDE_REASON_REQUIRED),
    ).toBeTruthy();
    expect(await db.outbox.count()).toBe(0);

    const why = 'Vehicle on fire, police directed us to clear the road';
    await user.clear(reason);
    await fill(user, reason, why);
    await user.click(within(dialog).getByRole('button', { name: CRASH_TOW_TEXT.overrideSave }));
    expect(await screen.findByText(CRASH_TOW_TEXT.overridden(OWNER, why))).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.queryByRole('button', { name: CRASH_TOW_TEXT.override })).toBeNull();
    expect(missing()).toEqual([]);

    await user.click(loadButton());
    expect(await screen.findByTestId('crash-tow-loaded')).toBeTruthy();
    expect(await outboxNames()).toEqual(['crashTow.override', 'crashTow.markLoaded']);
    const history = (await db.job_updates.toArray()).map((update) => update.message);
    expect(history).toContain('Vehicle loaded (checks overridden by an owner)');
  });

  it('closes on Cancel without recording anything', async () => {
    await db.crash_tows.put(aCrashTow());
    const { user } = renderPanel({ canOverride: true });
    await user.click(await screen.findByRole('button', { name: CRASH_TOW_TEXT.override }));
    const dialog = await screen.findByRole('dialog', { name: CRASH_TOW_TEXT.overrideTitle });
    await fill(user, within(dialog).getByLabelText(CRASH_TOW_TEXT.overrideReason), 'Not sure');
    await user.click(within(dialog).getByRole('button', { name: CRASH_TOW_TEXT.cancel }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(loadButton().disabled).toBe(true);
    expect((await stored()).overrideAt).toBeNull();
  });
});

describe('the Authority to Tow PDF', () => {
  function pdfLink(): HTMLAnchorElement {
    return screen.getByText(CRASH_TOW_TEXT.pdf).closest('a')!;
  }

  it('downloads online, and says it waits for signal offline', async () => {
    await db.crash_tows.put(aCrashTow());
    renderPanel();
    await screen.findByTestId('crash-tow');
    expect(pdfLink().getAttribute('href')).toBe(`/api/jobs/${JOB.id}/authority-to-tow.pdf`);
    expect(screen.queryByText(CRASH_TOW_TEXT.pdfOffline)).toBeNull();

    setOnline(false);
    expect(await screen.findByText(CRASH_TOW_TEXT.pdfOffline)).toBeTruthy();
    expect(pdfLink().hasAttribute('href')).toBe(false);
  });
});
