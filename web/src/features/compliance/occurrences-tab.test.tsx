import { beforeEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import {
  OCCURRENCE_KIND_LABELS,
  OCCURRENCE_REPORT_TARGET_HOURS,
  formatStampTime,
  occurrenceReportDueAt,
  type Occurrence,
} from '@pilbara/shared-schema';
import { renderScreen } from '../../app/test-providers';
import { fill } from '../../lib/testing/user-input';
import { FIRST_ID, db, resetDevice } from '../../sync/testing/device';
import {
  anOccurrence,
  hoursAgo,
  labelled,
  outboxNames,
  schemaMessages,
} from './compliance-fixture';
import { OCCURRENCES_TEXT } from './compliance-text';
import { OccurrencesTab } from './occurrences-tab';

const BY = 'Alex Owner';

function renderOccurrences() {
  return renderScreen(<OccurrencesTab byName={BY} />, { route: '/admin/compliance' });
}

async function openNew(user: ReturnType<typeof renderOccurrences>['user']) {
  await user.click(await screen.findByRole('button', { name: OCCURRENCES_TEXT.add }));
  return screen.findByRole('dialog', { name: OCCURRENCES_TEXT.add });
}

beforeEach(async () => {
  await resetDevice();
});

describe('the notifiable occurrences', () => {
  it('says none are recorded', async () => {
    renderOccurrences();
    expect(await screen.findByText(OCCURRENCES_TEXT.empty)).toBeTruthy();
  });

  it('shows when each is to be reported by, marks a late one, and a reported one’s reference', async () => {
    const due = anOccurrence({
      id: 1,
      jobId: 'JOB-2026-8',
      occurredAt: hoursAgo(2),
      awareAt: hoursAgo(1),
    });
    const late = anOccurrence({
      id: 2,
      kind: 'tow_truck_crash',
      occurredAt: hoursAgo(OCCURRENCE_REPORT_TARGET_HOURS + 3),
      awareAt: hoursAgo(OCCURRENCE_REPORT_TARGET_HOURS + 3),
    });
    const reported = anOccurrence({
      id: 3,
      kind: 'threat_or_assault',
      occurredAt: hoursAgo(50),
      reportedAt: hoursAgo(40),
      reportReference: 'DoT ref 55120',
    });
    await db.occurrences.bulkPut([late, reported, due]);
    renderOccurrences();
    await waitFor(() => expect(screen.getAllByTestId('occurrence')).toHaveLength(3));
    const [first, second, third] = screen.getAllByTestId('occurrence');

    expect(within(first!).getByText(OCCURRENCE_KIND_LABELS.injury)).toBeTruthy();
    expect(within(first!).getByTestId('occurrence-due').textContent).toBe(
      OCCURRENCES_TEXT.reportBy(formatStampTime(occurrenceReportDueAt(due.awareAt))),
    );
    expect(first!.textContent).toContain(
      `${formatStampTime(due.occurredAt)} · ${due.recordedBy} · JOB-2026-8`,
    );
    expect(
      within(first!).getByRole('button', { name: OCCURRENCES_TEXT.markReported }),
    ).toBeTruthy();

    expect(within(second!).getByText(OCCURRENCE_KIND_LABELS.tow_truck_crash)).toBeTruthy();
    expect(within(second!).getByTestId('occurrence-due').textContent).toBe(
      OCCURRENCES_TEXT.overdue,
    );

    expect(
      within(third!).getByText(
        OCCURRENCES_TEXT.reported(formatStampTime(reported.reportedAt!), 'DoT ref 55120'),
      ),
    ).toBeTruthy();
    expect(within(third!).queryByTestId('occurrence-due')).toBeNull();
    expect(within(third!).queryByRole('button')).toBeNull();
  });
});

describe('recording an occurrence', () => {
  it('names a short description and a job that is no job with the schema’s messages', async () => {
    const { user } = renderOccurrences();
    const dialog = await openNew(user);
    await fill(user, labelled(dialog, OCCURRENCES_TEXT.job), 'the Hilux');
    await fill(user, labelled(dialog, OCCURRENCES_TEXT.description), 'Cut');
    await user.click(within(dialog).getByRole('button', { name: OCCURRENCES_TEXT.save }));
    const expected = schemaMessages('occurrence.record', {
      id: 1,
      kind: 'injury',
      occurredAt: new Date().toISOString(),
      jobId: 'the Hilux',
      description: 'Cut',
      recordedBy: BY,
    });
    expect(await within(dialog).findByText(expected.description!)).toBeTruthy();
    expect(within(dialog).getByText(expected.jobId!)).toBeTruthy();
    expect(await db.occurrences.count()).toBe(0);
  });

  it('records what happened, when, and who recorded it; the report falls due from now', async () => {
    const { user } = renderOccurrences();
    const dialog = await openNew(user);
    await user.selectOptions(
      labelled(dialog, OCCURRENCES_TEXT.kind),
      OCCURRENCE_KIND_LABELS.damage_to_towed_vehicle,
    );
    // A date-time field takes a whole value at once, as the phone's picker gives it.
    fireEvent.change(labelled(dialog, OCCURRENCES_TEXT.when), {
      target: { value: '2026-11-20T14:30' },
    });
    await fill(user, labelled(dialog, OCCURRENCES_TEXT.job), 'JOB-2026-31');
    await fill(
      user,
      labelled(dialog, OCCURRENCES_TEXT.description),
      'Mirror knocked off a stored ute by the forklift.',
    );
    await user.click(within(dialog).getByRole('button', { name: OCCURRENCES_TEXT.save }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    const stored = (await db.occurrences.get(FIRST_ID)) as Occurrence | undefined;
    expect(stored).toMatchObject({
      kind: 'damage_to_towed_vehicle',
      occurredAt: new Date('2026-11-20T14:30').toISOString(),
      jobId: 'JOB-2026-31',
      recordedBy: BY,
      reportedAt: null,
    });
    const card = await screen.findByTestId('occurrence');
    expect(within(card).getByTestId('occurrence-due').textContent).toBe(
      OCCURRENCES_TEXT.reportBy(formatStampTime(occurrenceReportDueAt(stored!.awareAt))),
    );
    expect(await outboxNames()).toEqual(['occurrence.record']);
  });
});

describe('recording the report to the Department', () => {
  /** The report dialog of the one occurrence on the device, and its card. */
  async function openReport() {
    await db.occurrences.put(anOccurrence());
    const { user } = renderOccurrences();
    const card = await screen.findByTestId('occurrence');
    await user.click(within(card).getByRole('button', { name: OCCURRENCES_TEXT.markReported }));
    const dialog = await screen.findByRole('dialog', { name: OCCURRENCES_TEXT.markReported });
    return { user, card, dialog };
  }

  it('needs the reference, then shows the occurrence reported', async () => {
    const { user, card, dialog } = await openReport();
    await user.click(within(dialog).getByRole('button', { name: OCCURRENCES_TEXT.save }));
    const expected = schemaMessages('occurrence.reported', { id: 3, reportReference: '' });
    expect(await within(dialog).findByText(expected.reportReference!)).toBeTruthy();
    expect((await db.occurrences.get(3))?.reportedAt).toBeNull();

    await fill(user, labelled(dialog, OCCURRENCES_TEXT.reference), 'Phoned DoT, ref 7731');
    await user.click(within(dialog).getByRole('button', { name: OCCURRENCES_TEXT.save }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(within(card).queryByTestId('occurrence-due')).toBeNull());
    const reported = (await db.occurrences.get(3)) as Occurrence | undefined;
    expect(
      within(card).getByText(
        OCCURRENCES_TEXT.reported(formatStampTime(reported!.reportedAt!), 'Phoned DoT, ref 7731'),
      ),
    ).toBeTruthy();
    expect(await outboxNames()).toEqual(['occurrence.reported']);
  });

  it('leaves it unreported on Cancel', async () => {
    const { user, card, dialog } = await openReport();
    await fill(user, labelled(dialog, OCCURRENCES_TEXT.reference), 'not yet');
    await user.click(within(dialog).getByRole('button', { name: OCCURRENCES_TEXT.cancel }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(within(card).getByTestId('occurrence-due')).toBeTruthy();
    expect(await db.outbox.count()).toBe(0);
  });
});
