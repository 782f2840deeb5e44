import { describe, expect, it } from 'vitest';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { renderToString } from 'react-dom/server';
import { DRIVER_STEP_LABELS, type Job } from '@pilbara/shared-schema';
import { DriverPreviewScreen } from './driver-first-screen';
import { DRIVER_TEXT } from './driver-text';
import { OTHER_DRIVER_ID, SAM_DRIVER_ID, aJobOfToday } from '@pilbara/shared-schema/testing';

const NOW = new Date().toISOString();

const job = (overrides: Parameters<typeof aJobOfToday>[0]) => aJobOfToday(overrides, NOW);

function renderScreen(jobs: Job[]) {
  return render(
    <MantineProvider env="test">
      <DriverPreviewScreen driverId={SAM_DRIVER_ID} screen={{ cursor: 12, jobs }} />
    </MantineProvider>,
  );
}

describe('the driver’s first screen from the sign-in', () => {
  it('shows the answer’s jobs by the list rule, each waiting with its actions off', () => {
    renderScreen([
      job({ id: 'JOB-2026-1', customerName: 'Kim Lee', status: 'Scheduled' }),
      job({ id: 'JOB-2026-2', customerName: 'Dana Reid', status: 'Emergency', notes: 'Bogged' }),
      job({
        id: 'JOB-2026-3',
        customerName: 'Pat Moss',
        assignedTo: 'Alex',
        assignedDriverId: OTHER_DRIVER_ID,
      }),
    ]);
    expect(screen.getByRole('heading', { name: DRIVER_TEXT.title })).toBeTruthy();
    const cards = screen.getAllByTestId('driver-job');
    // The emergency first, and nothing of another driver's.
    expect(cards.map((card) => card.getAttribute('data-job-id'))).toEqual([
      'JOB-2026-2',
      'JOB-2026-1',
    ]);
    const dana = cards[0]!;
    expect(dana.getAttribute('data-waiting')).toBe('true');
    expect(within(dana).getByTestId('driver-job-waiting').textContent).toBe(DRIVER_TEXT.waiting);
    expect(within(dana).getByTestId('job-notes').textContent).toBe('Bogged');
    // Calling and the map work at once: they need no synced row.
    expect(
      within(dana)
        .getByRole('link', { name: DRIVER_TEXT.call('Dana Reid') })
        .getAttribute('href'),
    ).toBe('tel:0412345678');
    for (const name of [DRIVER_STEP_LABELS.markEnRoute, DRIVER_TEXT.addNote]) {
      const button = within(dana).getByRole('button', { name });
      expect(button).toHaveProperty('disabled', true);
      fireEvent.click(button);
    }
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(within(dana).getByLabelText('Vehicle')).toHaveProperty('disabled', true);
  });

  it('says so when the answer holds none of the driver’s jobs', () => {
    renderScreen([
      job({
        id: 'JOB-2026-4',
        customerName: 'Pat Moss',
        assignedTo: 'Alex',
        assignedDriverId: OTHER_DRIVER_ID,
      }),
    ]);
    expect(screen.getByTestId('driver-empty').textContent).toContain(DRIVER_TEXT.empty);
    expect(screen.queryByTestId('driver-job')).toBeNull();
  });

  it('draws the first three cards in its first frame, the most urgent first, then the rest', async () => {
    const jobs = [
      ...['1', '2', '3', '4'].map((n) =>
        job({ id: `JOB-2026-${n}`, customerName: `Customer ${n}`, status: 'Scheduled' }),
      ),
      job({ id: 'JOB-2026-5', customerName: 'Dana Reid', status: 'Emergency' }),
    ];
    const ui = (
      <MantineProvider env="test">
        <DriverPreviewScreen driverId={SAM_DRIVER_ID} screen={{ cursor: 12, jobs }} />
      </MantineProvider>
    );
    // The first frame, before the screen has said it is on screen.
    const first = document.createElement('div');
    first.innerHTML = renderToString(ui);
    expect(
      [...first.querySelectorAll('[data-testid="driver-job"]')].map((card) =>
        card.getAttribute('data-job-id'),
      ),
    ).toEqual(['JOB-2026-5', 'JOB-2026-1', 'JOB-2026-2']);
    // Once it has been on screen, every job of the driver.
    renderScreen(jobs);
    await waitFor(() => expect(screen.getAllByTestId('driver-job')).toHaveLength(5));
  });
});
