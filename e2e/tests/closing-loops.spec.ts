/**
 * Loops a customer opens, closed by the office: a contact message answered from the admin panel
 * (sent to the customer threaded under the owners' copy, kept with the message), and a new
 * review read on the admin panel by the owner, who was emailed about it for its low rating.
 */
import { MESSAGES, feedbackUrl } from '@pilbara/shared-schema';
import { expect, test, type Mailbox } from '../fixtures/server';
import { openAdminPanelByApi, openFigures } from '../page-models/admin';
import { ContactPage, FeedbackPage, PAGE_LOAD_TIMEOUT } from '../page-models/public-forms';
import { jobDoneFor, loginAsAdmin, uniqueCustomer } from '../page-models/test-data';

function header(raw: string, name: string): string | undefined {
  return new RegExp(`^${name}: (.*)$`, 'mi').exec(raw)?.[1]?.trim();
}

function mailsTo(mailbox: Mailbox, address: string) {
  return mailbox.messages.filter((mail) => mail.to.includes(address));
}

test('a reply to a contact message is sent to the customer and kept with it', async ({
  browser,
  baseURL,
  mailbox,
}) => {
  test.setTimeout(180_000);
  const visitor = await browser.newContext({ baseURL, viewport: { width: 390, height: 844 } });
  const office = await browser.newContext({ baseURL, viewport: { width: 1280, height: 900 } });
  try {
    const who = uniqueCustomer('Asking');
    const page = await visitor.newPage();
    const contact = new ContactPage(page);
    await contact.open();
    await contact.fill({
      firstName: who.firstName,
      lastName: who.lastName,
      phone: who.phone,
      email: who.email,
      service: 'General Inquiry',
      message: 'Can you tow a caravan from Dampier to Port Hedland next month?',
    });
    await contact.send();
    await expect(page.getByText(MESSAGES.CONTACT_SENT_TITLE)).toBeVisible({ timeout: 30_000 });

    // The owners' copy arrives; its Message-ID is what the reply threads under.
    let original = '';
    await expect
      .poll(
        () => {
          const mail = mailbox.messages.find(
            (m) => m.raw.includes(who.email) && !m.to.includes(who.email),
          );
          original = mail ? (header(mail.raw, 'Message-ID') ?? '') : '';
          return original;
        },
        { timeout: 30_000, message: 'the owners get the message' },
      )
      .toMatch(/^<contact-\d+@/);

    const panel = await openAdminPanelByApi(office);
    await panel.tab('Contact Messages');
    const card = panel.page.getByTestId('contact-message').filter({ hasText: who.email });
    await expect(card).toHaveAttribute('data-status', 'new', { timeout: 30_000 });
    await card.getByRole('button', { name: 'Reply by email' }).click();
    const answer = 'Yes, we can. A caravan tow to Port Hedland is about 3 hours; call us to book.';
    await card.getByLabel(`Reply to ${who.email}`).fill(answer);
    await card.screenshot({ path: test.info().outputPath('contact-reply-1280.png') });
    await card.getByRole('button', { name: 'Send reply' }).click();

    // Sent to the customer, threaded under the owners' copy.
    await expect
      .poll(() => mailsTo(mailbox, who.email).length, {
        timeout: 30_000,
        message: 'the customer gets the reply',
      })
      .toBe(1);
    const reply = mailsTo(mailbox, who.email)[0]!;
    expect(header(reply.raw, 'In-Reply-To')).toBe(original);
    expect(header(reply.raw, 'References')).toBe(original);
    expect(reply.raw).toContain('Yes, we can. A caravan tow to Port Hedland');

    // Kept with the message, which is handled, on this device and after a reload.
    await expect(card).toHaveAttribute('data-status', 'handled', { timeout: 30_000 });
    await expect(card.getByTestId('message-replies')).toContainText(answer);
    await panel.page.reload();
    await panel.tab('Contact Messages');
    const again = panel.page.getByTestId('contact-message').filter({ hasText: who.email });
    await expect(again.getByTestId('message-replies')).toContainText(answer, {
      timeout: PAGE_LOAD_TIMEOUT,
    });
    await again.screenshot({ path: test.info().outputPath('contact-replied-1280.png') });
    await panel.page.setViewportSize({ width: 360, height: 740 });
    await again.screenshot({ path: test.info().outputPath('contact-replied-360.png') });
  } finally {
    await visitor.close();
    await office.close();
  }
});

test('the owner reads a new review on the admin panel and is emailed about a low one', async ({
  browser,
  baseURL,
  request,
  mailbox,
}) => {
  test.setTimeout(180_000);
  await loginAsAdmin(request);
  const who = uniqueCustomer('Reviewing');
  const job = await jobDoneFor(request, who, { service: 'Winch Recovery', location: 'Karratha' });
  const office = await browser.newContext({ baseURL, viewport: { width: 390, height: 844 } });
  const customer = await browser.newContext({ baseURL, viewport: { width: 390, height: 844 } });
  try {
    const panel = await openAdminPanelByApi(office);
    await openFigures(panel.page);
    const reviews = panel.page.getByTestId('reviews-card');
    await expect(reviews).toBeVisible();

    const page = await customer.newPage();
    await page.addInitScript(() => localStorage.setItem('installCardDismissed', '1'));
    await page.goto(feedbackUrl(baseURL ?? '', job.number, job.trackingToken));
    const feedback = new FeedbackPage(page);
    await expect(feedback.form).toBeVisible({ timeout: 30_000 });
    for (const [label, score] of [
      ['Overall Rating', 2],
      ['Service Quality', 2],
      ['Response Time', 2],
      ['Communication', 3],
      ['Value for Money', 2],
    ] as const)
      await feedback.score(label, score);
    const words = 'Waited three hours on the highway and nobody called to say why.';
    await feedback.form.getByLabel('Your Comments').fill(words);
    await feedback.form.getByRole('radio', { name: 'No' }).check();
    await feedback.form.getByRole('button', { name: 'Submit Feedback' }).click();
    await expect(page.getByText(MESSAGES.FEEDBACK_SUBMITTED_TITLE)).toBeVisible({
      timeout: 30_000,
    });

    // The owner's open panel shows it, synced: who, which job, the stars and the words.
    const item = reviews.getByTestId('review').filter({ hasText: job.number });
    await expect(item).toContainText(words, { timeout: 30_000 });
    await expect(item).toContainText(who.name);
    await expect(item).toContainText('Owners told');
    await expect(reviews.getByTestId('reviews-summary')).toHaveText(
      /^\d\.\d ★ average from \d+ reviews?$/,
    );
    await reviews.screenshot({ path: test.info().outputPath('reviews-card-390.png') });

    // The owners were emailed about it.
    await expect
      .poll(
        () =>
          mailbox.messages.filter((mail) =>
            mail.raw.includes(`Subject: 2-star review for job ${job.number}`),
          ).length,
        { timeout: 30_000, message: 'the owners are emailed about the low review' },
      )
      .toBe(1);
  } finally {
    await office.close();
    await customer.close();
  }
});
