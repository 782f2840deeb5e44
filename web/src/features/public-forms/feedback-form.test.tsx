import 'fake-indexeddb/auto';
import { beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { MESSAGES } from '@pilbara/shared-schema';
import { renderScreen } from '../../app/test-providers';
import { getDatabase } from '../../db/database';
import { fakeApi, json } from '../../lib/testing/fake-api';
import { fill, selectInput } from '../../lib/testing/user-input';
import { FeedbackForm } from './feedback-form';

const JOBS = [
  { id: 'JOB-2026-7', label: 'JOB-2026-7 · Emergency Towing · 20 Nov 2026' },
  { id: 'JOB-2026-9', label: 'JOB-2026-9 · 4x4 Recovery · 2 Dec 2026' },
];
const TOKEN = 'job-token-aaaaaaaaaaaaaa';

function renderForm(initialJobId = 'JOB-2026-9') {
  return renderScreen(
    <FeedbackForm jobs={JOBS} initialJobId={initialJobId} proof={{ token: TOKEN }} />,
    { route: '/feedback' },
  );
}

async function rate(user: ReturnType<typeof renderForm>['user'], label: string, stars: number) {
  const star = screen.getByRole('radio', {
    name: `${label}: ${stars} out of 5`,
  }) as HTMLInputElement;
  // A star is the label over its radio input, as a finger taps it.
  await user.click(star.labels?.[0] ?? star);
}

async function fillReview(user: ReturnType<typeof renderForm>['user']) {
  const form = await screen.findByRole('form', { name: 'Leave Feedback' });
  await rate(user, 'Overall Rating', 5);
  await rate(user, 'Service Quality', 5);
  await rate(user, 'Response Time', 4);
  await rate(user, 'Communication', 5);
  await rate(user, 'Value for Money', 3);
  await fill(
    user,
    within(form).getByLabelText(/^Your Comments/),
    'Sam had us out of the creek in an hour.',
  );
  await user.click(within(form).getByRole('radio', { name: 'Yes' }));
  return form;
}

beforeEach(async () => {
  await getDatabase().publicOutbox.clear();
});

describe('the feedback form', () => {
  it('starts on the job the link named', async () => {
    fakeApi();
    renderForm();
    const form = await screen.findByRole('form', { name: 'Leave Feedback' });
    expect(selectInput(form, /^Which service are you reviewing/).textContent).toContain(
      'JOB-2026-9 · 4x4 Recovery',
    );
  });

  it('names every missing answer with the shared messages and sends nothing', async () => {
    const api = fakeApi();
    const { user } = renderForm('');
    const form = await screen.findByRole('form', { name: 'Leave Feedback' });
    await user.click(within(form).getByRole('button', { name: 'Submit Feedback' }));
    expect(await within(form).findByText(MESSAGES.FEEDBACK_JOB_REQUIRED)).toBeTruthy();
    expect(within(form).getByText(MESSAGES.RATING_REQUIRED)).toBeTruthy();
    expect(within(form).getAllByText(MESSAGES.RATING_RANGE)).toHaveLength(4);
    expect(within(form).getByText(MESSAGES.COMMENTS_DETAILED)).toBeTruthy();
    expect(within(form).getByText(MESSAGES.RECOMMEND_REQUIRED)).toBeTruthy();
    expect(api.calls).toHaveLength(0);
    expect(await getDatabase().publicOutbox.count()).toBe(0);
  });

  it('asks for more than a word or two of comment', async () => {
    fakeApi();
    const { user } = renderForm();
    const form = await fillReview(user);
    const comments = within(form).getByLabelText(/^Your Comments/);
    await user.clear(comments);
    await fill(user, comments, 'Good');
    await user.click(within(form).getByRole('button', { name: 'Submit Feedback' }));
    expect(await within(form).findByText(MESSAGES.COMMENTS_DETAILED)).toBeTruthy();
  });

  it('sends the review with the job’s token as proof and thanks the customer', async () => {
    const api = fakeApi({ 'POST /api/feedback': json({ ok: true }, 201) });
    const { user } = renderForm();
    const form = await fillReview(user);
    await user.click(within(form).getByRole('button', { name: 'Submit Feedback' }));
    expect(await screen.findByText(MESSAGES.FEEDBACK_SUBMITTED_TITLE)).toBeTruthy();
    // The form starts again for another review.
    await waitFor(() =>
      expect((within(form).getByLabelText(/^Your Comments/) as HTMLTextAreaElement).value).toBe(''),
    );
    expect(api.callsTo('POST /api/feedback')[0]?.body).toMatchObject({
      jobId: 'JOB-2026-9',
      token: TOKEN,
      rating: 5,
      serviceQuality: 5,
      responseTime: 4,
      communication: 5,
      value: 3,
      recommend: 'yes',
      comments: 'Sam had us out of the creek in an hour.',
    });
  });

  it('says so kindly when the job was already reviewed, instead of a failure', async () => {
    fakeApi({ 'POST /api/feedback': json({ error: 'Already reviewed' }, 409) });
    const { user } = renderForm();
    const form = await fillReview(user);
    await user.click(within(form).getByRole('button', { name: 'Submit Feedback' }));
    expect(await screen.findByText('Feedback already received')).toBeTruthy();
    expect(screen.queryByText(MESSAGES.FEEDBACK_FAILED_TITLE)).toBeNull();
  });

  it('keeps the review on the phone with no signal', async () => {
    fakeApi({ 'POST /api/feedback': 'offline' });
    const { user } = renderForm();
    const form = await fillReview(user);
    await user.click(within(form).getByRole('button', { name: 'Submit Feedback' }));
    await waitFor(async () => expect(await getDatabase().publicOutbox.count()).toBe(1));
    expect((await getDatabase().publicOutbox.toArray())[0]).toMatchObject({ kind: 'feedback' });
  });
});
