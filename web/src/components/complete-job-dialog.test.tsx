import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import {
  CONDITION_PHOTO_CORNERS,
  CONDITION_PHOTO_STAGES,
  PROVISIONAL_TEXT,
  SIGNATURE_DOCUMENTS,
  completionGaps,
  type NumberedRow,
} from '@pilbara/shared-schema';
import { aJob, aJobPhoto, aJobSignature } from '@pilbara/shared-schema/testing';
import { renderScreen } from '../app/test-providers';
import { db, resetDevice } from '../sync/testing/device';
import { CompleteJobDialog } from './complete-job-dialog';

const JOB = aJob();

function recordId(n: number): string {
  return `0b1c2d3e-0000-4000-8000-${String(n).padStart(12, '0')}`;
}

/** Every corner at pickup and drop-off, and the documents given signed. */
async function record(signed: readonly (typeof SIGNATURE_DOCUMENTS)[number][]): Promise<void> {
  let n = 0;
  await db.job_photos.bulkPut(
    CONDITION_PHOTO_STAGES.flatMap((stage) =>
      Array.from({ length: CONDITION_PHOTO_CORNERS }, () =>
        aJobPhoto({ id: recordId(++n), stage }),
      ),
    ),
  );
  await db.job_signatures.bulkPut(
    signed.map((document) => aJobSignature({ id: recordId(100 + n++), document })),
  );
}

function renderDialog(job: NumberedRow & { id: string } = JOB) {
  const onConfirm = vi.fn();
  const onClose = vi.fn();
  const rendered = renderScreen(
    <CompleteJobDialog job={job} opened onConfirm={onConfirm} onClose={onClose} />,
  );
  return { ...rendered, onConfirm, onClose };
}

beforeEach(async () => {
  await resetDevice();
});

describe('completing a job', () => {
  it('names every gap of the field record before the owner decides', async () => {
    await db.job_photos.put(aJobPhoto({ id: recordId(1) }));
    renderDialog();
    const gaps = await screen.findByTestId('completion-gaps');
    const expected = completionGaps([aJobPhoto()], []);
    await waitFor(() =>
      expect(
        within(gaps)
          .getAllByRole('listitem')
          .map((item) => item.textContent),
      ).toEqual(expected),
    );
  });

  it('lists nothing once the record is whole, and completes once on confirm', async () => {
    const [first, ...rest] = SIGNATURE_DOCUMENTS;
    await record([first]);
    const { user, onConfirm, onClose } = renderDialog();
    const dialog = screen.getByRole('dialog', { name: `Complete ${JOB.id}?` });
    const gaps = await within(dialog).findByTestId('completion-gaps');
    expect(within(gaps).getAllByRole('listitem')).toHaveLength(rest.length);
    // The customer signs while the dialog is open: the last gap goes.
    await record(SIGNATURE_DOCUMENTS);
    await waitFor(() => expect(within(dialog).queryByTestId('completion-gaps')).toBeNull());
    await user.click(within(dialog).getByRole('button', { name: 'Complete job' }));
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(onConfirm).toHaveBeenCalledTimes(1);
  });

  it('names a job made offline by its pending number, and Not yet completes nothing', async () => {
    const { user, onConfirm, onClose } = renderDialog({ id: 'JOB-2026-P7' });
    const dialog = screen.getByRole('dialog', { name: `Complete ${PROVISIONAL_TEXT.REF}?` });
    await user.click(within(dialog).getByRole('button', { name: 'Not yet' }));
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(onConfirm).not.toHaveBeenCalled();
  });
});
