/**
 * The review request email's link (`/feedback?job=…&token=…`) opens the
 * feedback form for that job, with nothing to type to find it; once reviewed, the same link
 * says so, and the customer's dashboard History offers Rate only on jobs not reviewed.
 */
import { MESSAGES, feedbackUrl } from '@pilbara/shared-schema';
import { expect, test } from '../fixtures/server';
import { FeedbackPage } from '../page-models/public-forms';
import { completeJob, createJob, loginAsAdmin, uniqueCustomer } from '../page-models/test-data';

test.use({ actionTimeout: 20_000 });

test('the review link opens that job’s form at once, and says so once it is reviewed', async ({
  page,
  request,
  baseURL,
}) => {
  test.setTimeout(180_000);
  await loginAsAdmin(request);
  const customer = uniqueCustomer('Reviewer');
  const job = await createJob(request, {
    customerName: customer.name,
    phone: customer.phone,
    email: customer.email,
    service: 'Emergency Towing',
    location: 'Karratha',
  });
  const other = await createJob(request, {
    customerName: customer.name,
    phone: customer.phone,
    service: '4x4 Recovery',
    location: 'Dampier',
  });
  await completeJob(request, job.id);
  await completeJob(request, other.id);
  await page.addInitScript(() => localStorage.setItem('installCardDismissed', '1'));

  // The link from the email: no phone, no job ID to type; it names the job by its number.
  await page.goto(feedbackUrl(baseURL ?? '', job.number, job.trackingToken));
  const feedback = new FeedbackPage(page);
  await expect(feedback.form).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('heading', { name: 'No Completed Services' })).toHaveCount(0);
  await expect(
    feedback.form
      .getByRole('textbox', { name: 'Which service are you reviewing?' })
      .or(feedback.form.getByRole('button', { name: /Which service are you reviewing\?/ })),
  ).toContainText(job.number);
  for (const [label, score] of [
    ['Overall Rating', 5],
    ['Service Quality', 5],
    ['Response Time', 4],
    ['Communication', 5],
    ['Value for Money', 4],
  ] as const)
    await feedback.score(label, score);
  await feedback.form
    .getByLabel('Your Comments')
    .fill('Out to the highway in twenty minutes, and careful with the car.');
  await feedback.form.getByRole('radio', { name: 'Yes' }).check();
  await feedback.form.getByRole('button', { name: 'Submit Feedback' }).click();
  await expect(page.getByText(MESSAGES.FEEDBACK_SUBMITTED_TITLE)).toBeVisible();

  // The same link again: thanked, not offered a form the server would refuse.
  await page.goto(feedbackUrl(baseURL ?? '', job.number, job.trackingToken));
  await expect(page.getByTestId('linked-review-closed')).toContainText(
    `your review of job ${job.number} is in`,
    { timeout: 30_000 },
  );
  await expect(feedback.form).toHaveCount(0);

  // The dashboard's History: Rate only on the job not reviewed yet.
  await page.goto('/dashboard');
  await page.getByRole('textbox', { name: /Phone number or Job ID/ }).fill(customer.phone);
  await page.getByRole('button', { name: 'Access Dashboard' }).click();
  await page.getByRole('tab', { name: /History/ }).click();
  const history = page.getByTestId('history-job');
  await expect(history).toHaveCount(2, { timeout: 15_000 });
  const reviewed = history.filter({ hasText: job.number });
  const waiting = history.filter({ hasText: other.number });
  await expect(reviewed.getByTestId('history-reviewed')).toBeVisible();
  await expect(reviewed.getByRole('link', { name: 'Rate' })).toHaveCount(0);
  await expect(waiting.getByRole('link', { name: 'Rate' })).toBeVisible();
});
