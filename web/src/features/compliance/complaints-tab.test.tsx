import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import {
  COMPLAINT_CHANNEL_LABELS,
  COMPLAINT_STAGE_LABELS,
  complaintDueDates,
  formatStampTime,
  type Complaint,
} from '@pilbara/shared-schema';
import { renderScreen } from '../../app/test-providers';
import { setOnline } from '../../lib/testing/fake-api';
import { fill } from '../../lib/testing/user-input';
import { FIRST_ID, db, resetDevice } from '../../sync/testing/device';
import { aComplaint, hoursAgo, labelled, outboxNames, schemaMessages } from './compliance-fixture';
import { COMPLAINTS_TEXT } from './compliance-text';
import { ComplaintsTab } from './complaints-tab';

const BY = 'Alex Owner';

function renderComplaints() {
  return renderScreen(<ComplaintsTab byName={BY} />, { route: '/admin/compliance' });
}

async function complaintCard(id: number): Promise<HTMLElement> {
  return waitFor(() => {
    const found = screen
      .getAllByTestId('complaint')
      .find((element) => element.dataset.complaintId === String(id));
    if (!found) throw new Error(`no complaint ${id}`);
    return found;
  });
}

async function openNew(user: ReturnType<typeof renderComplaints>['user']) {
  await user.click(await screen.findByRole('button', { name: COMPLAINTS_TEXT.add }));
  return screen.findByRole('dialog', { name: COMPLAINTS_TEXT.add });
}

/** Presses the card's next-stage button and answers the stage's dialog. */
async function recordStage(
  user: ReturnType<typeof renderComplaints>['user'],
  complaint: Complaint,
  button: string,
  stage: keyof typeof COMPLAINT_STAGE_LABELS,
): Promise<HTMLElement> {
  const element = await complaintCard(complaint.id);
  await user.click(within(element).getByRole('button', { name: button }));
  return screen.findByRole('dialog', {
    name: `${COMPLAINT_STAGE_LABELS[stage]}: complaint ${complaint.id}`,
  });
}

beforeEach(async () => {
  await resetDevice();
  setOnline(true);
});

afterEach(() => {
  setOnline(true);
});

describe('the complaints register', () => {
  it('says none are recorded, and offers the register’s download online only', async () => {
    renderComplaints();
    expect(await screen.findByText(COMPLAINTS_TEXT.empty)).toBeTruthy();
    const csv = screen.getByTestId('complaints-csv');
    expect(csv.getAttribute('href')).toBe('/api/compliance/complaints.csv');
    expect(csv.dataset.disabled).toBeUndefined();
    setOnline(false);
    await waitFor(() => expect(csv.getAttribute('href')).toBeNull());
    expect(csv.dataset.disabled).toBe('true');
  });

  it('shows each complaint newest first with how it came and the next stage due', async () => {
    const older = aComplaint({ id: 1, name: 'First Caller', receivedAt: hoursAgo(5) });
    const newer = aComplaint({
      id: 2,
      name: 'Second Caller',
      channel: 'email',
      email: 'c@example.com',
    });
    await db.complaints.bulkPut([older, newer]);
    renderComplaints();
    await complaintCard(1);
    expect(screen.getAllByTestId('complaint').map((card) => card.dataset.complaintId)).toEqual([
      '2',
      '1',
    ]);
    const element = await complaintCard(2);
    expect(within(element).getByText('2. Second Caller')).toBeTruthy();
    expect(element.textContent).toContain(
      COMPLAINTS_TEXT.received(formatStampTime(newer.receivedAt), COMPLAINT_CHANNEL_LABELS.email),
    );
    expect(element.textContent).toContain(' · c@example.com');
    expect(within(element).getByTestId('complaint-next').textContent).toBe(
      COMPLAINTS_TEXT.next(
        COMPLAINT_STAGE_LABELS.acknowledged,
        formatStampTime(complaintDueDates(newer.receivedAt).acknowledged),
      ),
    );
  });

  it('marks a stage late once its due time has passed, and a finished one resolved', async () => {
    const month = 24 * 30;
    await db.complaints.bulkPut([
      aComplaint({ id: 1, receivedAt: hoursAgo(month) }),
      aComplaint({
        id: 2,
        receivedAt: hoursAgo(month),
        acknowledgedAt: hoursAgo(month - 1),
        acknowledgedBy: 'Jo',
        investigatedAt: hoursAgo(month - 2),
        findings: 'Ramp edge worn',
        resolvedAt: hoursAgo(month - 3),
        outcome: 'Bumper repaired at our cost',
      }),
    ]);
    renderComplaints();
    const late = await complaintCard(1);
    expect(within(late).getByTestId('complaint-next').textContent).toMatch(
      new RegExp(` · ${COMPLAINTS_TEXT.late}$`),
    );
    const done = await complaintCard(2);
    expect(within(done).getByTestId('complaint-next').textContent).toBe(COMPLAINTS_TEXT.done);
    expect(within(done).queryByRole('button')).toBeNull();
    expect(done.textContent).toContain(': Bumper repaired at our cost');
    expect(done.textContent).toContain('by Jo');
  });
});

describe('recording a complaint received by phone or in person', () => {
  it('names what is missing with the schema’s messages and records nothing', async () => {
    const { user } = renderComplaints();
    const dialog = await openNew(user);
    const channels = within(labelled(dialog, COMPLAINTS_TEXT.channel)).getAllByRole('option');
    expect(channels.map((option) => option.textContent)).not.toContain(
      COMPLAINT_CHANNEL_LABELS.web,
    );
    await user.click(within(dialog).getByRole('button', { name: COMPLAINTS_TEXT.save }));
    const expected = schemaMessages('complaint.record', {
      id: 1,
      channel: 'phone',
      name: '',
      details: '',
    });
    expect(await within(dialog).findByText(expected.name!)).toBeTruthy();
    expect(within(dialog).getByText(expected.details!)).toBeTruthy();
    expect(await db.complaints.count()).toBe(0);
  });

  it('asks for a way to reply when neither phone nor email is given', async () => {
    const { user } = renderComplaints();
    const dialog = await openNew(user);
    const details = 'Charged two days of storage for one night.';
    await fill(user, labelled(dialog, COMPLAINTS_TEXT.name), 'Pat Doyle');
    await fill(user, labelled(dialog, COMPLAINTS_TEXT.details), details);
    await user.click(within(dialog).getByRole('button', { name: COMPLAINTS_TEXT.save }));
    const expected = schemaMessages('complaint.record', {
      id: 1,
      channel: 'phone',
      name: 'Pat Doyle',
      details,
    });
    expect(await within(dialog).findByText(expected.email!)).toBeTruthy();
    expect(await db.complaints.count()).toBe(0);
  });

  it('records it on this device and lists it waiting to be acknowledged', async () => {
    const { user } = renderComplaints();
    const dialog = await openNew(user);
    await user.selectOptions(
      labelled(dialog, COMPLAINTS_TEXT.channel),
      COMPLAINT_CHANNEL_LABELS.in_person,
    );
    await fill(user, labelled(dialog, COMPLAINTS_TEXT.name), 'Pat Doyle');
    await fill(user, labelled(dialog, COMPLAINTS_TEXT.phone), '0400 999 888');
    await fill(user, labelled(dialog, COMPLAINTS_TEXT.reference), '1ABC123');
    await fill(user, labelled(dialog, COMPLAINTS_TEXT.details), 'Yard gate locked at 4 pm.');
    await user.click(within(dialog).getByRole('button', { name: COMPLAINTS_TEXT.save }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    const element = await complaintCard(FIRST_ID);
    expect(within(element).getByText(`${FIRST_ID}. Pat Doyle`)).toBeTruthy();
    expect(within(element).getByRole('button', { name: COMPLAINTS_TEXT.acknowledge })).toBeTruthy();
    expect(await db.complaints.get(FIRST_ID)).toMatchObject({
      channel: 'in_person',
      phone: '0400 999 888',
      email: null,
      reference: '1ABC123',
      acknowledgedAt: null,
    });
    expect(await outboxNames()).toEqual(['complaint.record']);
  });
});

describe('the stages of the procedure', () => {
  it('acknowledges a complaint in the name of whoever is signed in', async () => {
    const complaint = aComplaint();
    await db.complaints.put(complaint);
    const { user } = renderComplaints();
    const dialog = await recordStage(user, complaint, COMPLAINTS_TEXT.acknowledge, 'acknowledged');
    expect(within(dialog).queryByRole('textbox')).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: COMPLAINTS_TEXT.save }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    const element = await complaintCard(complaint.id);
    expect(
      await within(element).findByRole('button', { name: COMPLAINTS_TEXT.investigate }),
    ).toBeTruthy();
    expect(element.textContent).toContain(`by ${BY}`);
    expect(await db.complaints.get(complaint.id)).toMatchObject({ acknowledgedBy: BY });
  });

  it('wants findings of substance, then shows them on the card', async () => {
    const complaint = aComplaint({ acknowledgedAt: hoursAgo(0.5), acknowledgedBy: BY });
    await db.complaints.put(complaint);
    const { user } = renderComplaints();
    const dialog = await recordStage(user, complaint, COMPLAINTS_TEXT.investigate, 'investigated');
    const findings = labelled(dialog, COMPLAINTS_TEXT.findings);
    await fill(user, findings, 'x');
    await user.click(within(dialog).getByRole('button', { name: COMPLAINTS_TEXT.save }));
    const expected = schemaMessages('complaint.advance', {
      id: complaint.id,
      stage: 'investigated',
      findings: 'x',
    });
    expect(await within(dialog).findByText(expected.findings!)).toBeTruthy();
    expect((await db.complaints.get(complaint.id))?.investigatedAt).toBeNull();

    await user.clear(findings);
    await fill(user, findings, 'Dashcam shows the ramp touched the bumper');
    await user.click(within(dialog).getByRole('button', { name: COMPLAINTS_TEXT.save }));
    const element = await complaintCard(complaint.id);
    expect(
      await within(element).findByText(/: Dashcam shows the ramp touched the bumper$/),
    ).toBeTruthy();
    expect(within(element).getByRole('button', { name: COMPLAINTS_TEXT.resolve })).toBeTruthy();
  });

  it('leaves the complaint as it was when the stage is cancelled', async () => {
    const complaint = aComplaint();
    await db.complaints.put(complaint);
    const { user } = renderComplaints();
    const dialog = await recordStage(user, complaint, COMPLAINTS_TEXT.acknowledge, 'acknowledged');
    await user.click(within(dialog).getByRole('button', { name: COMPLAINTS_TEXT.cancel }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect((await db.complaints.get(complaint.id))?.acknowledgedAt).toBeNull();
    expect(await db.outbox.count()).toBe(0);
  });
});
