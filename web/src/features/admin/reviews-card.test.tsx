import { beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import {
  MESSAGES,
  feedbackSchema,
  formatDateTime,
  type Feedback,
  type MessageReply,
} from '@pilbara/shared-schema';
import { aJob } from '@pilbara/shared-schema/testing';
import { renderScreen } from '../../app/test-providers';
import { fakeApi, json, type FakeApi } from '../../lib/testing/fake-api';
import { fill } from '../../lib/testing/user-input';
import { db, resetDevice } from '../../sync/testing/device';
import { REVIEW_TEXT } from './admin-text';
import { replyFailures } from './reply-fixture';
import { ReviewsCard } from './reviews-card';

function review(id: number, overrides: Partial<Feedback> = {}): Feedback {
  return feedbackSchema.parse({
    id,
    jobId: 'JOB-2026-1',
    rating: 5,
    serviceQuality: 5,
    responseTime: 5,
    communication: 5,
    value: 5,
    comments: `Review number ${id}`,
    recommend: 'yes',
    improvements: null,
    createdAt: `2026-11-${String(10 + id).padStart(2, '0')}T08:00:00.000Z`,
    ...overrides,
  });
}

const REPLY: MessageReply = {
  id: 'r1',
  at: '2026-11-21T09:00:00.000Z',
  by: 'Kim Owner',
  text: 'Sorry about the wait; we have a second truck on nights now.',
  status: 'sent',
  error: null,
};

async function renderCard(reviews: Feedback[], jobs = [aJob({ number: 'JOB-2026-1' })]) {
  await db.feedback.bulkPut(reviews);
  await db.jobs.bulkPut(jobs);
  const view = renderScreen(<ReviewsCard />, { route: '/admin' });
  return { ...view, card: await screen.findByTestId('reviews-card') };
}

function shownReviews(card: HTMLElement): string[] {
  return within(card)
    .queryAllByTestId('review')
    .map((element) => element.dataset.reviewId ?? '');
}

let api: FakeApi;

beforeEach(async () => {
  await resetDevice();
  api = fakeApi();
});

describe('the reviews card', () => {
  it('says no reviews yet before the first', async () => {
    const { card } = await renderCard([]);
    expect(within(card).getByTestId('reviews-summary').textContent).toBe(
      REVIEW_TEXT.summary(null, 0),
    );
    expect(within(card).getByText(REVIEW_TEXT.none)).toBeTruthy();
  });

  it('averages the ratings and shows the newest three until asked for all', async () => {
    const { card, user } = await renderCard([
      review(1, { rating: 4 }),
      review(2, { rating: 5 }),
      review(3, { rating: 3 }),
      review(4, { rating: 4 }),
    ]);
    await waitFor(() =>
      expect(within(card).getByTestId('reviews-summary').textContent).toBe(
        REVIEW_TEXT.summary(4, 4),
      ),
    );
    expect(shownReviews(card)).toEqual(['4', '3', '2']);
    await user.click(within(card).getByRole('button', { name: REVIEW_TEXT.all(4) }));
    expect(shownReviews(card)).toEqual(['4', '3', '2', '1']);
    await user.click(within(card).getByRole('button', { name: REVIEW_TEXT.fewer }));
    expect(shownReviews(card)).toHaveLength(3);
  });

  it('marks a low rating, names the job and customer, and shows what could improve', async () => {
    const { card } = await renderCard([
      review(1, { rating: 2, improvements: 'Answer the phone at night', replies: [REPLY] }),
    ]);
    const item = await within(card).findByTestId('review');
    expect(within(item).getByText(REVIEW_TEXT.low)).toBeTruthy();
    expect(within(item).getByLabelText('2 out of 5')).toBeTruthy();
    expect(within(item).getByText('JOB-2026-1 · Dana Reid')).toBeTruthy();
    expect(within(item).getByText('Review number 1')).toBeTruthy();
    expect(
      within(item).getByText(`${REVIEW_TEXT.improvements}: Answer the phone at night`),
    ).toBeTruthy();
    expect(
      within(item).getByText(
        `${REVIEW_TEXT.answeredBy('Kim Owner', formatDateTime(REPLY.at), 'sent')}: ${REPLY.text}`,
      ),
    ).toBeTruthy();
  });

  it('does not mark a good review, and offers no answer when the customer left no email', async () => {
    const { card } = await renderCard([review(1)], [aJob({ email: null })]);
    const item = await within(card).findByTestId('review');
    expect(within(item).queryByText(REVIEW_TEXT.low)).toBeNull();
    expect(within(item).queryByRole('button', { name: REVIEW_TEXT.answer })).toBeNull();
  });
});

describe('answering a review by email', () => {
  async function openAnswer(): Promise<{ user: UserEvent; field: HTMLElement }> {
    const { card, user } = await renderCard([review(1, { rating: 2 })]);
    await user.click(await within(card).findByRole('button', { name: REVIEW_TEXT.answer }));
    return { user, field: await screen.findByLabelText(REVIEW_TEXT.answerLabel) };
  }

  it('asks for the answer first and sends nothing', async () => {
    const { user } = await openAnswer();
    await user.click(screen.getByRole('button', { name: REVIEW_TEXT.send }));
    expect(await screen.findByText(MESSAGES.REPLY_REQUIRED)).toBeTruthy();
    expect(api.calls).toHaveLength(0);
  });

  it('sends it through the server, says so, and closes the box', async () => {
    api.on('POST /api/feedback/1/reply', () =>
      json({ review: review(1, { rating: 2, replies: [REPLY] }) }),
    );
    const { user, field } = await openAnswer();
    await fill(user, field, REPLY.text);
    await user.click(screen.getByRole('button', { name: REVIEW_TEXT.send }));
    expect(await screen.findByText(REVIEW_TEXT.answered)).toBeTruthy();
    expect(api.callsTo('POST /api/feedback/1/reply')[0]?.body).toEqual({ text: REPLY.text });
    await waitFor(() => expect(screen.queryByLabelText(REVIEW_TEXT.answerLabel)).toBeNull());
  });

  it.each(replyFailures(REVIEW_TEXT.needsConnection))(
    'keeps the answer and says why when %s',
    async (_, answer, shown) => {
      api.on('POST /api/feedback/1/reply', answer);
      const { user, field } = await openAnswer();
      await fill(user, field, REPLY.text);
      await user.click(screen.getByRole('button', { name: REVIEW_TEXT.send }));
      expect(await screen.findByText(shown)).toBeTruthy();
      expect((field as HTMLTextAreaElement).value).toBe(REPLY.text);
    },
  );

  it('goes back without sending', async () => {
    const { user } = await openAnswer();
    await user.click(screen.getByRole('button', { name: REVIEW_TEXT.back }));
    await waitFor(() => expect(screen.queryByLabelText(REVIEW_TEXT.answerLabel)).toBeNull());
    expect(screen.getByRole('button', { name: REVIEW_TEXT.answer })).toBeTruthy();
    expect(api.calls).toHaveLength(0);
  });
});
