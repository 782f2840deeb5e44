/**
 * The feedback page and the contact page's quote request as plain HTML forms: with JavaScript off,
 * the feedback lookup posts and is answered with the review form of the person's own jobs, its
 * star ratings are the browser's own radio buttons, and the review and the quote request each show
 * their messages with the values kept, then their result; the server holds exactly one record.
 */
import { MESSAGES } from '@pilbara/shared-schema';
import { expect, test } from '../fixtures/server';
import { FeedbackPage } from '../page-models/public-forms';
import {
  completeJob,
  createJob,
  lastFour,
  loginAsAdmin,
  queryRows,
  uniqueCustomer,
} from '../page-models/test-data';

test.use({ javaScriptEnabled: false });

/** How long a page answering a post may take: the server stores and mails before it answers. */
const ANSWER = { timeout: 30_000 };

test('feedback: a lookup, a review with its messages and values kept, then one review', async ({
  page,
  request,
  server,
}) => {
  test.setTimeout(120_000);
  await loginAsAdmin(request);
  const customer = uniqueCustomer('Noscriptreview');
  const job = await createJob(request, {
    customerName: customer.name,
    phone: customer.phone,
    email: customer.email,
    service: 'Winch Recovery',
    location: 'Millstream Road',
  });
  await completeJob(request, job.id);

  await page.goto('/feedback');
  await expect(page.getByRole('heading', { name: 'No Completed Services' })).toBeVisible();
  const lookup = page.getByRole('form', { name: 'Find My Services' });
  // A job ID needs the phone's last digits: asked for beside the field, the ID kept.
  await lookup.getByLabel('Phone number or Job ID').fill(job.number);
  await lookup.getByRole('button', { name: 'Find My Services' }).click();
  const lookupAgain = page.getByRole('form', { name: 'Find My Services' });
  await expect(page.getByRole('alert').filter({ hasText: 'There is a problem' })).toBeVisible(
    ANSWER,
  );
  await expect(lookupAgain.getByLabel('Phone number or Job ID')).toHaveValue(job.number);
  await expect(lookupAgain.getByLabel('Last 4 digits of your phone')).toHaveAccessibleDescription(
    new RegExp(MESSAGES.PHONE_PROOF_REQUIRED),
  );
  await lookupAgain.getByLabel('Last 4 digits of your phone').fill(lastFour(customer.phone));
  await lookupAgain.getByRole('button', { name: 'Find My Services' }).click();

  // The review form, listing the person's completed job, chosen already as it is the only one.
  const feedback = new FeedbackPage(page);
  await expect(feedback.form).toBeVisible(ANSWER);
  const jobField = feedback.form.getByLabel('Which service are you reviewing?');
  await expect(jobField).toHaveValue(job.number);
  await expect(jobField.locator('option:checked')).toContainText('Winch Recovery');
  await feedback.score('Overall Rating', 4);
  await feedback.form.getByLabel('Your Comments').fill('ok');
  await feedback.form.getByRole('radio', { name: 'Maybe' }).check();
  await feedback.form.getByRole('button', { name: 'Submit Feedback' }).click();

  await expect(page.getByRole('alert').filter({ hasText: 'There is a problem' })).toBeVisible(
    ANSWER,
  );
  const again = new FeedbackPage(page);
  await expect(again.form.getByLabel('Which service are you reviewing?')).toHaveValue(job.number);
  await expect(again.form.getByRole('radio', { name: 'Overall Rating: 4 out of 5' })).toBeChecked();
  await expect(again.form.getByLabel('Your Comments')).toHaveValue('ok');
  await expect(again.form.getByLabel('Your Comments')).toHaveAccessibleDescription(
    MESSAGES.COMMENTS_DETAILED,
  );
  await expect(again.form.getByRole('radio', { name: 'Maybe' })).toBeChecked();
  await expect(
    again.form.getByRole('radio', { name: 'Service Quality: 1 out of 5' }),
  ).toHaveAccessibleDescription(MESSAGES.RATING_RANGE);
  const reviews = () =>
    queryRows<{ rating: number; comments: string }>(
      server.dbFile,
      'SELECT rating, comments FROM feedback WHERE jobId = ?',
      job.id,
    );
  expect(reviews()).toEqual([]);

  for (const [label, score] of [
    ['Service Quality', 5],
    ['Response Time', 4],
    ['Communication', 5],
    ['Value for Money', 3],
  ] as const)
    await again.score(label, score);
  const comments = 'Winched out of the creek bed before dark, thank you.';
  await again.form.getByLabel('Your Comments').fill(comments);
  await again.form.getByRole('radio', { name: 'Yes' }).check();
  await again.form.getByRole('button', { name: 'Submit Feedback' }).click();

  await expect(
    page.getByRole('heading', { level: 1, name: MESSAGES.FEEDBACK_SUBMITTED_TITLE }),
  ).toBeVisible(ANSWER);
  await expect(page.getByText(MESSAGES.FEEDBACK_SUBMITTED_DESCRIPTION)).toBeVisible();
  expect(reviews()).toEqual([{ rating: 4, comments }]);
});

test('the quote request: its own address, its messages with the values kept, then one request', async ({
  page,
  server,
}) => {
  test.setTimeout(120_000);
  const customer = uniqueCustomer('Noscriptquote');
  await page.goto('/contact');
  const ways = page.getByRole('navigation', { name: 'What would you like to do?' });
  await expect(ways.getByRole('link', { name: 'Message' })).toHaveAttribute('aria-current', 'page');
  // The repair way in leads to the booking form.
  await ways.getByRole('link', { name: 'Repair' }).click();
  await expect(page.getByRole('link', { name: 'Pick a day and time' })).toBeVisible();
  await page
    .getByRole('navigation', { name: 'What would you like to do?' })
    .getByRole('link', { name: 'Quote' })
    .click();
  await expect(page).toHaveURL(/\/contact\?kind=quote$/);

  const form = page.getByRole('form', { name: 'Request a Quote' });
  await form.getByLabel('First Name').fill(customer.firstName);
  await form.getByLabel('Last Name').fill(customer.lastName);
  await form.getByLabel('Phone').fill(customer.phone);
  await form.getByLabel('Email').fill('not-an-email');
  await form.getByLabel('Vehicle').fill('Toyota LandCruiser 79, 4x4');
  await form.getByLabel('From').fill('Python Pool');
  await form.getByLabel('To').fill('Karratha');
  await form.getByLabel('What you need').fill('Seized wheel bearing, needs a tow to town.');
  await form.getByRole('button', { name: 'Request Quote' }).click();

  await expect(page.getByRole('alert').filter({ hasText: 'There is a problem' })).toBeVisible(
    ANSWER,
  );
  const again = page.getByRole('form', { name: 'Request a Quote' });
  await expect(again.getByLabel('Vehicle')).toHaveValue('Toyota LandCruiser 79, 4x4');
  await expect(again.getByLabel('From')).toHaveValue('Python Pool');
  await expect(again.getByLabel('Phone')).toHaveValue(customer.phone);
  await expect(again.getByLabel('Email')).toHaveAccessibleDescription(MESSAGES.EMAIL_INVALID);
  await expect(again.getByLabel('Service Needed')).toHaveAccessibleDescription(
    MESSAGES.SERVICE_SELECT,
  );
  const requests = () =>
    queryRows<{ kind: string; details: string }>(
      server.dbFile,
      "SELECT kind, details FROM emails WHERE json_extract(customerInfo, '$.phone') = ?",
      customer.phone,
    );
  const messages = () =>
    queryRows(server.dbFile, 'SELECT id FROM contact_submissions WHERE phone = ?', customer.phone);
  expect(requests()).toEqual([]);
  expect(messages()).toEqual([]);

  await again.getByLabel('Email').fill(customer.email);
  await again.getByLabel('Service Needed').selectOption('4x4 Recovery');
  await again.getByRole('button', { name: 'Request Quote' }).click();
  await expect(
    page.getByRole('heading', { level: 1, name: MESSAGES.CONTACT_SENT_TITLE }),
  ).toBeVisible(ANSWER);
  await expect(page.getByText('Toyota LandCruiser 79, 4x4')).toBeVisible();
  expect(messages()).toHaveLength(1);
  expect(requests()).toEqual([
    {
      kind: 'quote',
      details: JSON.stringify({
        vehicle: 'Toyota LandCruiser 79, 4x4',
        fromLocation: 'Python Pool',
        toLocation: 'Karratha',
      }),
    },
  ]);
});
