import { beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import {
  FIELD_RECORD_TEXT,
  SIGNATURE_DOCUMENT_TEXT,
  jobSheetUrl,
  staffPhotoUrl,
} from '@pilbara/shared-schema';
import { aJob, aJobPhoto, aJobSignature } from '@pilbara/shared-schema/testing';
import { renderScreen } from '../../app/test-providers';
import { setOnline } from '../../lib/testing/fake-api';
import { db, resetDevice } from '../../sync/testing/device';
import { FieldRecordPanel } from './field-record-panel';

const JOB = 'JOB-2026-1';

function photoId(n: number): string {
  return `0b1c2d3e-0000-4000-8000-${String(n).padStart(12, '0')}`;
}

function renderPanel() {
  return renderScreen(<FieldRecordPanel jobId={JOB} />, { route: '/admin' });
}

beforeEach(async () => {
  await resetDevice();
  setOnline(true);
  await db.jobs.put(aJob());
});

describe('the job’s field record', () => {
  it('says there are no photos yet and counts none of the pickup corners', async () => {
    renderPanel();
    expect(await screen.findByText(FIELD_RECORD_TEXT.noPhotos)).toBeTruthy();
    expect(screen.getByTestId('corners-taken').textContent).toBe(
      FIELD_RECORD_TEXT.cornersTaken('Pickup', 0, 4),
    );
  });

  it('groups the photos by stage and counts the corners of the stage chosen', async () => {
    await db.job_photos.bulkPut([
      aJobPhoto({ id: photoId(1) }),
      aJobPhoto({ id: photoId(2), takenAt: '2026-11-20T08:31:00.000Z' }),
      aJobPhoto({ id: photoId(3), stage: 'damage' }),
    ]);
    const { user } = renderPanel();
    await waitFor(() => expect(screen.getAllByTestId('photo-group')).toHaveLength(2));
    const groups = screen.getAllByTestId('photo-group');
    expect(groups.map((group) => group.dataset.stage)).toEqual(['pickup', 'damage']);
    expect(within(groups[0]!).getByText('Pickup (2)')).toBeTruthy();
    expect(within(groups[1]!).getByText('Damage (1)')).toBeTruthy();
    expect(screen.getByTestId('corners-taken').textContent).toBe(
      FIELD_RECORD_TEXT.cornersTaken('Pickup', 2, 4),
    );

    const stages = screen.getByRole('group', { name: FIELD_RECORD_TEXT.stage });
    await user.click(within(stages).getByRole('button', { name: 'Drop-off' }));
    expect(
      within(stages).getByRole('button', { name: 'Drop-off' }).getAttribute('aria-pressed'),
    ).toBe('true');
    expect(screen.getByTestId('corners-taken').textContent).toBe(
      FIELD_RECORD_TEXT.cornersTaken('Drop-off', 0, 4),
    );
    // Damage photos count no corners: the line goes.
    await user.click(within(stages).getByRole('button', { name: 'Damage' }));
    expect(screen.queryByTestId('corners-taken')).toBeNull();
  });

  it('shows each photo from the server once it is there, and larger on a tap', async () => {
    await db.job_photos.put(aJobPhoto({ id: photoId(1) }));
    const { user } = renderPanel();
    const photo = await screen.findByTestId('field-photo');
    const thumb = within(photo).getByRole('img', { name: 'Pickup 1 of 1' });
    expect(thumb.getAttribute('src')).toBe(staffPhotoUrl(photoId(1), 'thumb'));
    expect(within(photo).queryByTestId('only-on-phone')).toBeNull();
    await user.click(within(photo).getByRole('button', { name: 'Pickup 1 of 1' }));
    const viewer = await screen.findByRole('dialog');
    expect(within(viewer).getByRole('img').getAttribute('src')).toBe(
      staffPhotoUrl(photoId(1), 'full'),
    );
  });

  it('marks a photo whose bytes are still only on this phone', async () => {
    await db.job_photos.put(aJobPhoto({ id: photoId(1) }));
    await db.fieldFiles.put({
      id: photoId(1),
      kind: 'photo',
      jobId: JOB,
      contentHash: 'a'.repeat(64),
      mimeType: 'image/jpeg',
      full: new ArrayBuffer(16),
      thumb: new ArrayBuffer(8),
      size: 16,
      createdAt: '2026-11-20T08:30:00.000Z',
      uploadedAt: null,
      lastError: null,
    });
    renderPanel();
    const photo = await screen.findByTestId('field-photo');
    await waitFor(() => expect(within(photo).getByTestId('only-on-phone')).toBeTruthy());
    expect((await screen.findByTestId('field-record-waiting')).textContent).toBe(
      `1 ${FIELD_RECORD_TEXT.onlyOnThisPhone.toLowerCase()}`,
    );
  });

  it('shows who signed what, and offers to sign what is not signed yet', async () => {
    await db.job_signatures.put(aJobSignature());
    renderPanel();
    await waitFor(() => expect(screen.getAllByTestId('field-signature')).toHaveLength(2));
    const [authority, release] = screen.getAllByTestId('field-signature');
    expect(authority!.dataset.document).toBe('authority_to_tow');
    expect(within(authority!).getByText(/^Dana Reid · /)).toBeTruthy();
    expect(within(authority!).queryByRole('button', { name: /^Sign:/ })).toBeNull();
    expect(release!.textContent).toContain(
      `${FIELD_RECORD_TEXT.notSigned} · ${SIGNATURE_DOCUMENT_TEXT.vehicle_release.signer}`,
    );
    expect(
      within(release!).getByRole('button', {
        name: `${FIELD_RECORD_TEXT.sign}: ${SIGNATURE_DOCUMENT_TEXT.vehicle_release.title}`,
      }),
    ).toBeTruthy();
  });

  it('downloads the job sheet online, and says it waits for signal offline', async () => {
    const { unmount } = renderPanel();
    const sheet = await screen.findByRole('link', { name: FIELD_RECORD_TEXT.jobSheet });
    expect(sheet.getAttribute('href')).toBe(jobSheetUrl(JOB));
    unmount();
    setOnline(false);
    try {
      renderPanel();
      expect(await screen.findByText(FIELD_RECORD_TEXT.jobSheetOffline)).toBeTruthy();
      expect(screen.queryByRole('link', { name: FIELD_RECORD_TEXT.jobSheet })).toBeNull();
    } finally {
      setOnline(true);
    }
  });
});
