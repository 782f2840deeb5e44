import { describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import { DRIVER_STEP_LABELS, mapsLink, type DriverStep, type Job } from '@pilbara/shared-schema';
import { aJobOfToday } from '@pilbara/shared-schema/testing';
import { renderScreen } from '../../app/test-providers';
import { DriverJobView, VehiclePlaceholder, type DriverJobViewProps } from './driver-job-view';
import { DRIVER_TEXT } from './driver-text';

const NOW = new Date().toISOString();

function renderView(overrides: Partial<Job> = {}, props: Partial<DriverJobViewProps> = {}) {
  const job = aJobOfToday({ id: 'JOB-2026-11', customerName: 'Kim Lee', ...overrides }, NOW);
  const handlers = {
    onStep: vi.fn<(step: DriverStep) => void>(),
    onEdit: vi.fn(),
    onCancel: vi.fn(),
    onNote: vi.fn(),
    onToggleRecord: vi.fn(),
  };
  const rendered = renderScreen(
    <DriverJobView
      job={job}
      pending={false}
      waiting={false}
      vehicle={<VehiclePlaceholder job={job} />}
      {...handlers}
      {...props}
    />,
  );
  return { ...rendered, ...handlers, card: screen.getByTestId('driver-job') };
}

describe('one job’s card on the driver’s screen', () => {
  it.each([
    ['Assigned', 'markEnRoute'],
    ['Scheduled', 'markEnRoute'],
    ['En Route', 'startService'],
    ['In Progress', 'complete'],
  ] as const)('gives a job that is %s its one next step (%s)', async (status, step) => {
    const { user, card, onStep } = renderView({ status });
    expect(within(card).getByTestId('job-status').textContent).toBe(status);
    await user.click(within(card).getByRole('button', { name: DRIVER_STEP_LABELS[step] }));
    expect(onStep).toHaveBeenCalledWith(step);
  });

  it('shows a completed job as done, with nothing left to change', () => {
    const { card } = renderView({ status: 'Completed', progress: 100 });
    expect(within(card).getByText(DRIVER_TEXT.done)).toBeTruthy();
    for (const label of Object.values(DRIVER_STEP_LABELS)) {
      expect(within(card).queryByRole('button', { name: label })).toBeNull();
    }
    for (const name of [DRIVER_TEXT.editJob, DRIVER_TEXT.cancelJob]) {
      expect(within(card).getByRole('button', { name })).toHaveProperty('disabled', true);
    }
    // A note and the photos stay open to a finished job: the office may still need them.
    expect(within(card).getByRole('button', { name: DRIVER_TEXT.addNote })).toHaveProperty(
      'disabled',
      false,
    );
  });

  it('marks a change saved on this phone and not yet sent', () => {
    const { card } = renderView({}, { pending: true });
    expect(within(card).getByTitle(DRIVER_TEXT.pending)).toBeTruthy();
  });

  it('has no such mark once everything is sent', () => {
    const { card } = renderView();
    expect(within(card).queryByTitle(DRIVER_TEXT.pending)).toBeNull();
  });

  it('counts the photos and signatures on the record’s button, and says whether it is open', async () => {
    const { user, card, onToggleRecord } = renderView({}, { files: 3, recordOpen: true });
    const toggle = within(card).getByRole('button', { name: DRIVER_TEXT.fieldRecord(3) });
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    await user.click(toggle);
    expect(onToggleRecord).toHaveBeenCalledTimes(1);
  });

  it('rings the customer and opens the place in maps in one tap each', () => {
    const { card } = renderView({ phone: '0412 345 678', location: 'Dampier Road, Karratha' });
    expect(
      within(card)
        .getByRole('link', { name: DRIVER_TEXT.call('Kim Lee') })
        .getAttribute('href'),
    ).toBe('tel:0412345678');
    const map = within(card).getByRole('link', {
      name: `${DRIVER_TEXT.map}: Dampier Road, Karratha`,
    });
    expect(map.getAttribute('href')).toBe(mapsLink('Dampier Road, Karratha'));
    expect(map.getAttribute('target')).toBe('_blank');
  });

  it('keeps Edit and Cancel off where the screen cannot do them yet (the first screen)', () => {
    const { card } = renderView({}, { onEdit: undefined, onCancel: undefined });
    for (const name of [DRIVER_TEXT.editJob, DRIVER_TEXT.cancelJob]) {
      expect(within(card).getByRole('button', { name })).toHaveProperty('disabled', true);
    }
  });

  it('opens the note, the edit and the cancel of an active job', async () => {
    const { user, card, onNote, onEdit, onCancel } = renderView({ status: 'En Route' });
    await user.click(within(card).getByRole('button', { name: DRIVER_TEXT.addNote }));
    await user.click(within(card).getByRole('button', { name: DRIVER_TEXT.editJob }));
    await user.click(within(card).getByRole('button', { name: DRIVER_TEXT.cancelJob }));
    expect([onNote, onEdit, onCancel].map((handler) => handler.mock.calls.length)).toEqual([
      1, 1, 1,
    ]);
  });

  it('draws the vehicle select disabled on the first screen, saying when none is set', () => {
    const { card } = renderView({ vehicleId: null });
    const vehicle = within(card).getByLabelText('Vehicle') as HTMLInputElement;
    expect(vehicle.disabled).toBe(true);
    expect(vehicle.value).toBe('No vehicle');
  });
});
