import { beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import {
  DEFAULT_BUSINESS_PROFILE,
  arrivalEstimate,
  arrivalText,
  documentRef,
  type Job,
  type JobPosition,
} from '@pilbara/shared-schema';
import { aJob } from '@pilbara/shared-schema/testing';
import { renderScreen } from '../../app/test-providers';
import { fakeApi } from '../../lib/testing/fake-api';
import { fill } from '../../lib/testing/user-input';
import { db, resetDevice } from '../../sync/testing/device';
import { ADMIN_TOASTS } from './admin-text';
import { ARRIVAL_TEXT, ArrivalEstimate } from './arrival-estimate';
import { useJobs } from './use-admin-data';

const JOB = aJob({ location: 'Roebourne' });

/** The estimate line of the one job on this device, following its changes. */
function Estimate() {
  const [job] = useJobs();
  return job ? <ArrivalEstimate job={job} /> : null;
}

async function renderEstimate(job: Job = JOB) {
  await db.jobs.put(job);
  return renderScreen(<Estimate />, { route: '/admin' });
}

async function shown(): Promise<string> {
  return (await screen.findByTestId('arrival-estimate-text')).textContent ?? '';
}

/** What the shared rule tells the customer of `job` now, from the default depot. */
function ruleText(job: Job, position: JobPosition | null = null): string {
  return arrivalText(arrivalEstimate(job, position, new Date(), DEFAULT_BUSINESS_PROFILE.depot));
}

async function openDialog(user: ReturnType<typeof renderScreen>['user']) {
  await user.click(await screen.findByRole('button', { name: ARRIVAL_TEXT.edit }));
  return screen.findByRole('dialog', { name: ARRIVAL_TEXT.title(documentRef(JOB)) });
}

beforeEach(async () => {
  await resetDevice();
  fakeApi();
});

describe('the arrival estimate on a job card', () => {
  it('tells what the customer is told from the depot while the job waits for a truck', async () => {
    await renderEstimate();
    expect(await shown()).toBe(ruleText(JOB));
    expect(await shown()).toContain('once a driver sets off');
    expect(screen.queryByText(new RegExp(ARRIVAL_TEXT.setByHand))).toBeNull();
  });

  it('follows the truck’s shared position once it is on its way', async () => {
    const job = aJob({ location: 'Roebourne', status: 'En Route' });
    const position: JobPosition = {
      id: job.id,
      jobId: job.id,
      latitude: -20.7,
      longitude: 117.0,
      accuracy: 20,
      recordedAt: new Date().toISOString(),
      updatedAt: new Date().toISOString(),
    };
    await db.job_positions.put(position);
    await renderEstimate(job);
    await waitFor(async () => expect(await shown()).toBe(ruleText(job, position)));
    expect(ruleText(job, position)).not.toBe(ruleText(job));
  });

  // The card renders from the job it is given, at once: a waiting job's line is there on the
  // first render, so its absence for a finished one is not a line still loading.
  it.each(['Completed', 'Cancelled'] as const)('shows nothing for a job %s', (status) => {
    renderScreen(<ArrivalEstimate job={JOB} />);
    expect(screen.getByTestId('arrival-estimate')).toBeTruthy();
    renderScreen(<ArrivalEstimate job={aJob({ ...JOB, id: 'JOB-2026-2', status })} />);
    expect(screen.getAllByTestId('arrival-estimate')).toHaveLength(1);
  });
});

describe('setting the estimate by hand', () => {
  it('keeps Save off until something is written, then tells the customer that instead', async () => {
    const { user } = await renderEstimate();
    const dialog = await openDialog(user);
    const save = within(dialog).getByRole('button', { name: ARRIVAL_TEXT.save });
    expect((save as HTMLButtonElement).disabled).toBe(true);
    expect(within(dialog).queryByRole('button', { name: ARRIVAL_TEXT.useRule })).toBeNull();
    await fill(user, within(dialog).getByLabelText(ARRIVAL_TEXT.field), '40 min, roadworks');
    expect((save as HTMLButtonElement).disabled).toBe(false);
    await user.click(save);

    expect(await screen.findByText(ADMIN_TOASTS.arrivalSet('40 min, roadworks'))).toBeTruthy();
    await waitFor(async () => expect(await shown()).toBe('40 min, roadworks'));
    expect(screen.getByTestId('arrival-estimate').textContent).toContain(ARRIVAL_TEXT.setByHand);
    expect((await db.jobs.get(JOB.id))?.estimatedArrival).toBe('40 min, roadworks');
    expect((await db.outbox.toArray()).map((entry) => entry.name)).toEqual(['job.setArrival']);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('hands the estimate back to the distance at the owner’s word', async () => {
    const { user } = await renderEstimate(aJob({ ...JOB, estimatedArrival: 'After the flood' }));
    const dialog = await openDialog(user);
    expect((within(dialog).getByLabelText(ARRIVAL_TEXT.field) as HTMLInputElement).value).toBe(
      'After the flood',
    );
    await user.click(within(dialog).getByRole('button', { name: ARRIVAL_TEXT.useRule }));

    expect(await screen.findByText(ADMIN_TOASTS.arrivalCleared)).toBeTruthy();
    await waitFor(async () => expect(await shown()).toBe(ruleText(JOB)));
    expect((await db.jobs.get(JOB.id))?.estimatedArrival ?? null).toBeNull();
  });

  it('changes nothing on Cancel', async () => {
    const { user } = await renderEstimate();
    const dialog = await openDialog(user);
    await fill(user, within(dialog).getByLabelText(ARRIVAL_TEXT.field), 'Half an hour');
    await user.click(within(dialog).getByRole('button', { name: ARRIVAL_TEXT.cancel }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(await shown()).toBe(ruleText(JOB));
    expect(await db.outbox.count()).toBe(0);
  });
});
