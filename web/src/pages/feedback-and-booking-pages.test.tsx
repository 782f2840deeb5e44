import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import {
  DEFAULT_BUSINESS_PROFILE,
  PROMISE_TEXTS,
  URGENCY_LABELS,
  customerJobsResponseSchema,
  trackResponseSchema,
  type Job,
} from '@pilbara/shared-schema';
import { aJob } from '@pilbara/shared-schema/testing';
import { renderScreen } from '../app/test-providers';
import { fakeApi, json, setOnline } from '../lib/testing/fake-api';
import { fill, selectInput } from '../lib/testing/user-input';
import { BookingPage } from './booking-page';
import { FeedbackPage } from './feedback-page';

const TOKEN = 'job-token-aaaaaaaaaaaaaa';

function tracked(overrides: Partial<Job>, reviewed = false) {
  return json(
    trackResponseSchema.parse({
      job: aJob({ status: 'Completed', progress: 100, ...overrides }),
      position: null,
      timeline: [],
      reviewed,
    }),
  );
}

function customerJobs(jobs: Job[], reviewedJobIds: string[] = []) {
  return json(customerJobsResponseSchema.parse({ jobs, bookings: [], reviewedJobIds }));
}

beforeEach(() => {
  localStorage.clear();
  setOnline(true);
});

afterEach(() => {
  localStorage.clear();
  setOnline(true);
});

describe('the feedback page from a review link', () => {
  it('opens the form for the link’s job at once, with nothing to type to prove it', async () => {
    fakeApi({ [`GET /api/track/${TOKEN}`]: tracked({}) });
    renderScreen(<FeedbackPage />, { route: `/feedback?job=JOB-2026-1&token=${TOKEN}` });
    const review = await screen.findByTestId('linked-review');
    const form = within(review).getByRole('form', { name: 'Leave Feedback' });
    expect(selectInput(form, /^Which service/).textContent).toContain('JOB-2026-1');
  });

  it('thanks a customer who already reviewed the job', async () => {
    fakeApi({ [`GET /api/track/${TOKEN}`]: tracked({}, true) });
    renderScreen(<FeedbackPage />, { route: `/feedback?job=JOB-2026-1&token=${TOKEN}` });
    expect((await screen.findByTestId('linked-review-closed')).textContent).toContain(
      'your review of job JOB-2026-1 is in',
    );
    expect(screen.queryByRole('form', { name: 'Leave Feedback' })).toBeNull();
  });

  it('says a job still under way cannot be reviewed yet', async () => {
    fakeApi({ [`GET /api/track/${TOKEN}`]: tracked({ status: 'En Route', progress: 25 }) });
    renderScreen(<FeedbackPage />, { route: `/feedback?job=JOB-2026-1&token=${TOKEN}` });
    expect((await screen.findByTestId('linked-review-closed')).textContent).toContain(
      'Job JOB-2026-1 is not finished yet',
    );
  });
});

describe('the feedback page without a link', () => {
  it('asks the visitor to find their services first', async () => {
    fakeApi();
    renderScreen(<FeedbackPage />, { route: '/feedback' });
    expect(await screen.findByRole('heading', { name: 'No Completed Services' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Find My Services' })).toBeTruthy();
  });

  it('finds the completed jobs of a phone and offers only those not reviewed', async () => {
    const api = fakeApi({
      'GET /api/jobs/customer/0412345678': customerJobs(
        [
          aJob({ id: 'JOB-2026-7', status: 'Completed', service: 'Emergency Towing' }),
          aJob({ id: 'JOB-2026-8', status: 'Completed', service: '4x4 Recovery' }),
          aJob({ id: 'JOB-2026-9', status: 'En Route' }),
        ],
        ['JOB-2026-8'],
      ),
    });
    const { user } = renderScreen(<FeedbackPage />, { route: '/feedback?job=JOB-2026-7' });
    await fill(user, await screen.findByLabelText('Phone number or Job ID'), '0412345678');
    await user.click(screen.getByRole('button', { name: 'Find My Services' }));
    const form = await screen.findByRole('form', { name: 'Leave Feedback' });
    const picker = selectInput(form, /^Which service/);
    expect(picker.textContent).toContain('JOB-2026-7');
    await user.click(picker);
    const options = await screen.findAllByRole('option', { hidden: true });
    expect(options.map((option) => option.textContent)).toEqual([
      expect.stringContaining('JOB-2026-7'),
    ]);
    expect(api.callsTo('GET /api/jobs/customer/0412345678').length).toBeGreaterThan(0);
  });

  it('thanks a customer who reviewed every finished job', async () => {
    fakeApi({
      'GET /api/jobs/customer/0412345678': customerJobs(
        [aJob({ id: 'JOB-2026-8', status: 'Completed' })],
        ['JOB-2026-8'],
      ),
    });
    const { user } = renderScreen(<FeedbackPage />, { route: '/feedback' });
    await fill(user, await screen.findByLabelText('Phone number or Job ID'), '0412345678');
    await user.click(screen.getByRole('button', { name: 'Find My Services' }));
    expect(await screen.findByText(/already reviewed every completed service/)).toBeTruthy();
  });
});

describe('the booking page', () => {
  it('promises the staff alert only online, and offers both hotlines for an emergency', async () => {
    fakeApi();
    renderScreen(<BookingPage variant="integrated" />, { route: '/book-service' });
    expect(screen.getByText(PROMISE_TEXTS.bookingAlertTitle)).toBeTruthy();
    expect(screen.getByText(PROMISE_TEXTS.bookingAlert)).toBeTruthy();

    fireEvent.click(
      await screen.findByRole('radio', {
        name: `${URGENCY_LABELS.emergency.label}: ${URGENCY_LABELS.emergency.description}`,
      }),
    );
    const panel = await screen.findByTestId('emergency-hotline');
    expect(
      within(panel)
        .getAllByRole('link')
        .map((link) => link.getAttribute('href')),
    ).toEqual(
      DEFAULT_BUSINESS_PROFILE.owners.map((owner) => `tel:${owner.phone.replace(/\s/g, '')}`),
    );

    // Offline the booking waits on the phone: nobody is alerted until it is sent.
    setOnline(false);
    await waitFor(() => expect(screen.queryByText(PROMISE_TEXTS.bookingAlertTitle)).toBeNull());
    expect(screen.queryByText(PROMISE_TEXTS.bookingAlert)).toBeNull();
  });

  it('starts from the service and place a link passes in', async () => {
    fakeApi();
    renderScreen(<BookingPage variant="standard" />, {
      route: `/booking?service=${encodeURIComponent('Winch Recovery')}&location=Dampier`,
    });
    const form = await screen.findByRole('form', { name: 'Book a Service' });
    expect(selectInput(form, /^Service Required/).textContent).toContain('Winch Recovery');
    expect(
      (within(form).getByRole('textbox', { name: /^Location/ }) as HTMLInputElement).value,
    ).toBe('Dampier');
    expect(screen.queryByText(PROMISE_TEXTS.bookingAlertTitle)).toBeNull();
  });

  it('ignores a service it does not offer', async () => {
    fakeApi();
    renderScreen(<BookingPage variant="standard" />, { route: '/booking?service=Helicopter' });
    const form = await screen.findByRole('form', { name: 'Book a Service' });
    expect(selectInput(form, /^Service Required/).textContent).not.toContain('Helicopter');
  });
});
