/**
 * A customer books online, staff approve the booking, and the approval email
 * that arrives over SMTP carries a tracking link with the job's token — it opens the job at once.
 * The same page reached with a guessed job ID shows nothing: it asks for the phone's last four
 * digits, refuses wrong ones, and shows the job only when they match.
 */
import { MESSAGES } from '@pilbara/shared-schema';
import { expect, test } from '../fixtures/server';
import { PortalPage } from '../page-models/tracking';
import { lastFour, loginAsAdmin, uniqueCustomer } from '../page-models/test-data';

/** The plain text of a raw message, quoted-printable soft breaks and `=3D` undone. */
function decoded(raw: string): string {
  return raw.replace(/=\r?\n/g, '').replace(/=3D/gi, '=');
}

test('the tracking link from the approval email shows the job; a guessed job ID needs the phone', async ({
  page,
  request,
  mailbox,
  baseURL,
}) => {
  const who = uniqueCustomer('Link');
  // The customer books as a guest: the server mints the reference and the tracking token.
  const booked = await request.post('/api/bookings', {
    data: {
      customerName: who.name,
      phone: who.phone,
      email: who.email,
      service: 'Winch Recovery',
      location: 'Millstream Road, 20 km south of Karratha',
      preferredDate: new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10),
      preferredTime: '09:00 AM',
      urgency: 'scheduled',
      description: 'Bogged Hilux in the creek bed, needs a winch out.',
      id: 'BKG-2026-99999999999999999999',
    },
  });
  expect(booked.status()).toBe(201);
  const booking = (await booked.json()) as { id: string; trackingToken: string };
  expect(booking.id).not.toBe('BKG-2026-99999999999999999999');

  await loginAsAdmin(request);
  const approved = await request.post(`/api/bookings/${booking.id}/approve`, { data: {} });
  expect(approved.status()).toBe(200);
  // The customer is told the job's number; its key stays on the server.
  const jobId = ((await approved.json()) as { job: { number: string } }).job.number;

  // Two emails reach the customer, each once: the booking received, then its approval with the
  // job id and the tracking link.
  const mails = () =>
    mailbox.messages.filter((mail) => mail.to.includes(who.email)).map((m) => decoded(m.raw));
  await expect.poll(() => mails().length, { timeout: 15_000 }).toBe(2);
  expect(mails()[0]).toContain(`Subject: Booking ${booking.id} received`);
  const mail = mails().find((text) => text.includes('Booking confirmed')) ?? '';
  expect(mail).toContain(`Booking confirmed: job ${jobId}`);
  const link = /(https?:\/\/[^\s"<>]+\/customer-portal\?token=([A-Za-z0-9_-]+))/.exec(mail);
  expect(link?.[2]).toBe(booking.trackingToken);
  const url = new URL(link?.[1] ?? 'http://missing/');
  expect(url.origin).toBe(new URL(baseURL ?? 'http://missing/').origin);

  const portal = new PortalPage(page);
  await portal.openLink(url.pathname + url.search);
  await expect(portal.details.getByTestId('job-id')).toHaveText(jobId);
  await expect(portal.details.getByText('Winch Recovery')).toBeVisible();

  // Someone who only guessed the job ID gets nothing until the phone digits match.
  await portal.open(jobId);
  await expect(portal.details).toHaveCount(0);
  await expect(portal.digitsBox).toBeVisible();
  await page.getByRole('button', { name: 'Track Job' }).click();
  await expect(page.getByText(MESSAGES.PHONE_PROOF_REQUIRED)).toBeVisible();
  await expect(portal.details).toHaveCount(0);

  const wrong = lastFour(who.phone) === '0000' ? '1111' : '0000';
  await portal.search(jobId, wrong);
  await expect(page.getByRole('heading', { name: MESSAGES.JOB_NOT_FOUND_PAGE })).toBeVisible();
  await expect(portal.details).toHaveCount(0);

  await page.getByRole('button', { name: 'Try Another Search' }).click();
  await portal.search(jobId, lastFour(who.phone));
  await expect(portal.details.getByTestId('job-id')).toHaveText(jobId);
  await expect(page).toHaveURL(new RegExp(`token=${booking.trackingToken}`));
});
