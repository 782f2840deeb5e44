/**
 * The public forms as a customer uses them: every validation message under its field, a good
 * submission that lands in the database, and a booking made with no signal that is delivered
 * exactly once after the connection returns, with a reload in between.
 */
import { MESSAGES, PROMISE_TEXTS } from '@pilbara/shared-schema';
import { expect, test, WITH_SERVICE_WORKER } from '../fixtures/server';
import { waitForOfflineReady } from '../page-models/app-shell';
import { ADMIN } from '../fixtures/server';
import {
  AuthPage,
  BOOKING_EMPTY_MESSAGES,
  BookingPage,
  ContactPage,
  FeedbackPage,
  PAGE_LOAD_TIMEOUT,
  chooseOption,
  publicOutboxSize,
  TOW_TO_WORKSHOP,
} from '../page-models/public-forms';
import {
  createJob,
  lastFour,
  loginAsAdmin,
  queryRows,
  uniqueCustomer,
  updateJob,
} from '../page-models/test-data';

test.describe('contact form', () => {
  test('shows each validation message, then sends a good message and resets', async ({
    page,
    server,
  }) => {
    const contact = new ContactPage(page);
    await contact.open();
    await contact.send();
    for (const message of [
      MESSAGES.FIRST_NAME_REQUIRED,
      MESSAGES.LAST_NAME_REQUIRED,
      MESSAGES.PHONE_INVALID,
      MESSAGES.EMAIL_INVALID,
      MESSAGES.SERVICE_SELECT,
      MESSAGES.MESSAGE_REQUIRED,
    ]) {
      await expect(contact.form.getByText(message, { exact: true })).toBeVisible();
    }

    const who = uniqueCustomer('Contact');
    await contact.form.getByLabel('Phone').fill('12345');
    await contact.form.getByLabel('Email').fill('not-an-email');
    await contact.send();
    await expect(contact.form.getByText(MESSAGES.PHONE_INVALID)).toBeVisible();
    await expect(contact.form.getByText(MESSAGES.EMAIL_INVALID)).toBeVisible();

    await contact.fill({
      firstName: who.firstName,
      lastName: who.lastName,
      phone: who.phone,
      email: who.email,
      service: '4x4 Recovery',
      message: 'Bogged to the axles on the Millstream road, about 40 km south of Karratha.',
    });
    await contact.send();
    await expect(page.getByText(MESSAGES.CONTACT_SENT_TITLE)).toBeVisible();
    await expect(page.getByText(MESSAGES.CONTACT_SENT_DESCRIPTION)).toBeVisible();
    await expect(contact.form.getByLabel('First Name')).toHaveValue('');

    const rows = queryRows<{ firstName: string; serviceNeeded: string; phone: string }>(
      server.dbFile,
      'SELECT firstName, serviceNeeded, phone FROM contact_submissions WHERE email = ?',
      who.email,
    );
    expect(rows).toEqual([
      { firstName: who.firstName, serviceNeeded: '4x4 Recovery', phone: who.phone },
    ]);
  });
});

test.describe('booking form', () => {
  test('standard variant shows each validation message and books with a plain service list', async ({
    page,
    server,
  }) => {
    const booking = new BookingPage(page);
    await booking.open('/booking');
    await expect(page.getByText(PROMISE_TEXTS.bookingAlertTitle)).toHaveCount(0);
    await booking.submit();
    for (const message of BOOKING_EMPTY_MESSAGES) {
      await expect(booking.form.getByText(message, { exact: true })).toBeVisible();
    }

    const who = uniqueCustomer('Booking');
    const date = await booking.fill({
      ...who,
      ...TOW_TO_WORKSHOP,
      vehicle: 'Toyota Hilux 2019, white',
    });
    await booking.submit();
    // The form gives way to the confirmation with the server's booking number.
    const confirmation = page.getByTestId('booking-confirmation');
    await expect(
      confirmation.getByRole('heading', { name: MESSAGES.BOOKING_SUBMITTED_TITLE }),
    ).toBeVisible();
    await expect(booking.form).toHaveCount(0);

    const rows = queryRows<Record<string, unknown>>(
      server.dbFile,
      'SELECT * FROM bookings WHERE customerName = ?',
      who.name,
    );
    expect(rows).toHaveLength(1);
    await expect(confirmation.getByTestId('booking-reference')).toHaveText(String(rows[0]!.id));
    expect(rows[0]).toMatchObject({
      phone: who.phone,
      email: who.email,
      service: 'Local Towing',
      preferredDate: date,
      preferredTime: '09:30 AM',
      urgency: 'scheduled',
      vehicleDetails: 'Toyota Hilux 2019, white',
      status: 'pending',
    });
  });

  test('integrated variant: urgency cards work from the keyboard and emergency shows the hotline', async ({
    page,
    server,
  }) => {
    const booking = new BookingPage(page);
    await booking.open('/book-service');
    await expect(page.getByText(PROMISE_TEXTS.bookingAlertTitle)).toBeVisible();
    const scheduled = page.getByRole('radio', { name: /^Scheduled/ });
    await expect(scheduled).toHaveAttribute('aria-checked', 'true');
    await expect(page.getByTestId('emergency-hotline')).toHaveCount(0);

    // Keyboard: focus the checked card, then arrow to another one.
    await scheduled.focus();
    await page.keyboard.press('ArrowLeft');
    await expect(page.getByRole('radio', { name: /^Same Day/ })).toHaveAttribute(
      'aria-checked',
      'true',
    );
    await page.getByRole('radio', { name: /^Emergency/ }).click();
    await expect(page.getByTestId('emergency-hotline')).toBeVisible();

    const who = uniqueCustomer('Urgent');
    await booking.fill({
      name: who.name,
      phone: who.phone,
      email: who.email,
      service: 'Heavy Vehicle Recovery',
      location: 'North West Coastal Highway near the Maitland River bridge',
      time: '08:00 AM',
      description: 'Road train trailer off the shoulder, needs heavy recovery.',
    });
    await booking.submit();
    await expect(
      page.getByRole('heading', { name: MESSAGES.BOOKING_SUBMITTED_TITLE }),
    ).toBeVisible();
    const rows = queryRows<{ urgency: string; vehicleDetails: string | null }>(
      server.dbFile,
      'SELECT urgency, vehicleDetails FROM bookings WHERE customerName = ?',
      who.name,
    );
    expect(rows).toEqual([{ urgency: 'emergency', vehicleDetails: null }]);
  });

  test.describe('with no signal', () => {
    // The reload offline is served by the service worker.
    test.use(WITH_SERVICE_WORKER);

    test('a booking made offline is delivered exactly once after reconnecting, with a reload in between', async ({
      page,
      context,
      server,
    }) => {
      // Three page loads, a service-worker install and a reconnect: more than the default budget.
      test.slow();
      const booking = new BookingPage(page);
      await booking.open('/book-service');
      await waitForOfflineReady(page);

      const who = uniqueCustomer('Offline');
      await booking.fill({
        name: who.name,
        phone: who.phone,
        email: who.email,
        service: 'Flat Tire Change',
        location: 'Karratha Tourist Park, Mooligunn Road',
        time: '10:00 AM',
        description: 'Flat tyre and the spare is flat as well.',
      });
      await context.setOffline(true);
      await booking.submit();
      await expect(
        page.getByRole('heading', { name: 'Booking saved on this phone' }),
      ).toBeVisible();
      await expect(page.getByTestId('device-reference')).toHaveText(/^[0-9A-F]{4}-[0-9A-F]{4}$/);

      // Closing and reopening the page while still offline keeps it waiting on the device.
      await page.reload();
      await expect(page.getByTestId('outbox-pending')).toContainText(
        '1 booking waiting to be sent',
        {
          timeout: PAGE_LOAD_TIMEOUT,
        },
      );
      expect(
        queryRows(server.dbFile, 'SELECT id FROM bookings WHERE customerName = ?', who.name),
      ).toHaveLength(0);

      await context.setOffline(false);
      await expect(page.getByTestId('outbox-pending')).toHaveCount(0, { timeout: 20_000 });
      await expect(page.getByText(/has now been sent/)).toBeVisible();

      // Another load (which retries the outbox at start) must not send it again: delivered, it
      // has left the device's outbox, so that load finds nothing to send.
      await expect.poll(() => publicOutboxSize(page)).toBe(0);
      await page.reload();
      await expect(page.getByRole('heading', { level: 1, name: 'Book a Service' })).toBeVisible({
        timeout: PAGE_LOAD_TIMEOUT,
      });
      const rows = queryRows<{ service: string; urgency: string }>(
        server.dbFile,
        'SELECT service, urgency FROM bookings WHERE customerName = ?',
        who.name,
      );
      expect(rows).toEqual([{ service: 'Flat Tire Change', urgency: 'scheduled' }]);
    });
  });
});

test.describe('feedback form', () => {
  test('says there is nothing to review for an unknown customer', async ({ page }) => {
    await page.goto('/feedback');
    await expect(page.getByRole('heading', { name: 'No Completed Services' })).toBeVisible();
    await page.getByLabel('Phone number or Job ID').fill('0499 000 111');
    await page.getByRole('button', { name: 'Find My Services' }).click();
    await expect(page.getByRole('heading', { name: 'No Completed Services' })).toBeVisible();
  });

  test('shows each validation message, then reviews a completed job found by its job ID', async ({
    page,
    request,
    server,
  }) => {
    const who = uniqueCustomer('Review');
    await loginAsAdmin(request);
    const job = await createJob(request, {
      customerName: who.name,
      phone: who.phone,
      service: 'Emergency Towing',
      location: 'Dampier Road, Karratha',
    });
    await updateJob(request, job.id, { status: 'Completed', progress: 100 });

    await page.goto('/feedback');
    // A job ID alone proves nothing: the page asks for the phone's last digits first.
    await page.getByLabel('Phone number or Job ID').fill(job.number);
    await page.getByRole('button', { name: 'Find My Services' }).click();
    await expect(page.getByText(MESSAGES.PHONE_PROOF_REQUIRED)).toBeVisible();
    await page.getByLabel('Last 4 digits of your phone').fill(lastFour(who.phone));
    await page.getByRole('button', { name: 'Find My Services' }).click();

    const feedback = new FeedbackPage(page);
    await expect(feedback.form).toBeVisible();
    await feedback.form.getByRole('button', { name: 'Submit Feedback' }).click();
    await expect(feedback.form.getByText(MESSAGES.FEEDBACK_JOB_REQUIRED)).toBeVisible();
    await expect(feedback.form.getByText(MESSAGES.RATING_REQUIRED)).toBeVisible();
    await expect(feedback.form.getByText(MESSAGES.RATING_RANGE)).toHaveCount(4);
    await expect(feedback.form.getByText(MESSAGES.COMMENTS_DETAILED)).toBeVisible();
    await expect(feedback.form.getByText(MESSAGES.RECOMMEND_REQUIRED)).toBeVisible();

    await chooseOption(
      page,
      'Which service are you reviewing?',
      new RegExp(`^Emergency Towing – ${job.number} \\(`),
    );
    await feedback.score('Overall Rating', 5);
    await feedback.score('Service Quality', 5);
    await feedback.score('Response Time', 4);
    await feedback.score('Communication', 5);
    await feedback.score('Value for Money', 4);
    await feedback.form.getByLabel('Your Comments').fill('Short');
    await feedback.form.getByRole('button', { name: 'Submit Feedback' }).click();
    await expect(feedback.form.getByText(MESSAGES.COMMENTS_DETAILED)).toBeVisible();
    await feedback.form
      .getByLabel('Your Comments')
      .fill('Arrived in 25 minutes and towed us to town. Friendly and fair.');
    await feedback.form.getByRole('radio', { name: 'Yes' }).check();
    await feedback.form.getByRole('button', { name: 'Submit Feedback' }).click();
    await expect(page.getByText(MESSAGES.FEEDBACK_SUBMITTED_TITLE)).toBeVisible();

    const rows = queryRows<Record<string, unknown>>(
      server.dbFile,
      // Found by the number the customer typed, kept against the job's key.
      'SELECT * FROM feedback WHERE jobId = ?',
      job.id,
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      rating: 5,
      serviceQuality: 5,
      responseTime: 4,
      communication: 5,
      value: 4,
      recommend: 'yes',
    });
  });

  test('does not offer a job that already has its review', async ({ page, request }) => {
    const who = uniqueCustomer('Reviewed');
    await loginAsAdmin(request);
    const jobs = [];
    for (const service of ['Emergency Towing', 'Jump Start Service']) {
      const job = await createJob(request, {
        customerName: who.name,
        phone: who.phone,
        service,
        location: 'Dampier Road, Karratha',
      });
      await updateJob(request, job.id, { status: 'Completed', progress: 100 });
      jobs.push(job);
    }
    const [towed, jumped] = jobs as [(typeof jobs)[number], (typeof jobs)[number]];
    const review = async (jobId: string) =>
      expect(
        (
          await request.post('/api/feedback', {
            data: {
              jobId,
              phone: lastFour(who.phone),
              rating: 4,
              serviceQuality: 4,
              responseTime: 4,
              communication: 4,
              value: 4,
              comments: 'Reviewed before, from another phone.',
              recommend: 'yes',
            },
          })
        ).status(),
      ).toBe(201);
    await review(towed.number);

    const findMine = async () => {
      await page.goto('/feedback');
      await page.getByLabel('Phone number or Job ID').fill(who.phone);
      await page.getByRole('button', { name: 'Find My Services' }).click();
    };
    await findMine();
    const feedback = new FeedbackPage(page);
    await expect(feedback.form).toBeVisible();
    await chooseOption(
      page,
      'Which service are you reviewing?',
      new RegExp(`^Jump Start Service – ${jumped.number} \\(`),
    );
    // Only the job still waiting for its review is offered.
    await page.getByRole('combobox', { name: 'Which service are you reviewing?' }).click();
    await expect(page.getByRole('option')).toHaveCount(1);
    await expect(page.getByRole('option', { name: new RegExp(towed.number) })).toHaveCount(0);

    // Once every job has its review, the page says so instead of offering a form that would fail.
    await review(jumped.number);
    await findMine();
    await expect(page.getByRole('heading', { name: 'No Completed Services' })).toBeVisible();
    await expect(page.getByText(/already reviewed every completed service/)).toBeVisible();
    await expect(feedback.form).toHaveCount(0);
  });
});

// Registering and signing in wait on scrypt at its production cost (128 MiB per hash), which
// is slow on a busy machine, so these answers get the page-load allowance.
const SIGN_IN_TIMEOUT = PAGE_LOAD_TIMEOUT;

test.describe('login and register', () => {
  test('register shows its messages, then switches to login with the username filled; login goes home', async ({
    page,
    server,
  }) => {
    const auth = new AuthPage(page);
    await auth.open('/register');
    await auth.registerForm.getByRole('button', { name: 'Create Account' }).click();
    for (const message of [
      MESSAGES.FIRST_NAME_REQUIRED,
      MESSAGES.USERNAME_REQUIRED,
      MESSAGES.EMAIL_REQUIRED,
      MESSAGES.PASSWORD_REQUIRED,
    ]) {
      await expect(auth.registerForm.getByText(message, { exact: true })).toBeVisible();
    }

    const who = uniqueCustomer('Reg');
    const username = `reg${who.phone.slice(-7)}`;
    await auth.registerForm.getByLabel('First Name').fill('Robyn');
    await auth.registerForm.getByLabel('Username').fill(username);
    await auth.registerForm.getByLabel('Email').fill(who.email);
    await auth.registerForm.getByRole('textbox', { name: 'Password', exact: true }).fill('short');
    await auth.registerForm.getByRole('button', { name: 'Create Account' }).click();
    await expect(auth.registerForm.getByText(MESSAGES.PASSWORD_MIN)).toBeVisible();
    await auth.registerForm
      .getByRole('textbox', { name: 'Password', exact: true })
      .fill('a-long-password');
    await auth.registerForm.getByRole('button', { name: 'Create Account' }).click();

    await expect(page.getByRole('tab', { name: 'Login' })).toHaveAttribute(
      'aria-selected',
      'true',
      {
        timeout: SIGN_IN_TIMEOUT,
      },
    );
    await expect(auth.loginForm.getByLabel('Username')).toHaveValue(username);
    expect(queryRows(server.dbFile, 'SELECT role FROM users WHERE username = ?', username)).toEqual(
      [{ role: 'customer' }],
    );

    // The sign-in's check (the server's own schema): a blank name and no password are
    // named, and nothing is sent.
    let signInsSent = 0;
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/api/auth/login') signInsSent += 1;
    });
    await auth.loginForm.getByLabel('Username').fill('   ');
    await auth.loginForm.getByRole('button', { name: 'Login' }).click();
    await expect(
      auth.loginForm.getByText(MESSAGES.USERNAME_REQUIRED, { exact: true }),
    ).toBeVisible();
    await expect(
      auth.loginForm.getByText(MESSAGES.PASSWORD_REQUIRED, { exact: true }),
    ).toBeVisible();
    expect(signInsSent).toBe(0);
    await auth.loginForm.getByLabel('Username').fill(` ${username} `);

    await auth.loginForm
      .getByRole('textbox', { name: 'Password', exact: true })
      .fill('wrong-password');
    await auth.loginForm.getByRole('button', { name: 'Login' }).click();
    await expect(page.getByText(MESSAGES.LOGIN_FAILED_TITLE, { exact: true })).toBeVisible({
      timeout: SIGN_IN_TIMEOUT,
    });
    await expect(page.getByText(MESSAGES.INVALID_CREDENTIALS, { exact: true })).toBeVisible();

    await auth.loginForm
      .getByRole('textbox', { name: 'Password', exact: true })
      .fill('a-long-password');
    await auth.loginForm.getByRole('button', { name: 'Login' }).click();
    await expect(page).toHaveURL(/\/$/, { timeout: SIGN_IN_TIMEOUT });
    expect(
      await page.evaluate(() => JSON.parse(localStorage.getItem('auth_user') ?? 'null')?.username),
    ).toBe(username);
  });

  test('an admin lands on the panel and is told about it 1.5 s after logging in', async ({
    page,
  }) => {
    const auth = new AuthPage(page);
    await auth.open('/login');
    await auth.login(ADMIN.username, ADMIN.password);
    await expect(page).toHaveURL(/\/admin$/, { timeout: SIGN_IN_TIMEOUT });
    await expect(page.getByText(MESSAGES.ADMIN_NOTICE_DESCRIPTION)).toBeVisible({ timeout: 8_000 });
  });
});

test.describe('checkout', () => {
  test('a link without a quote is invalid', async ({ page }) => {
    await page.goto('/checkout');
    await expect(page.getByRole('heading', { name: 'Complete Payment' })).toBeVisible({
      timeout: PAGE_LOAD_TIMEOUT,
    });
    await expect(page.getByText('Secure payment for your service quote')).toBeVisible();
    await expect(page.getByText(MESSAGES.INVALID_PAYMENT_LINK_DESCRIPTION).first()).toBeVisible();
    await expect(page.getByRole('button', { name: 'Pay Now' })).toHaveCount(0);
  });

  test('a pay link that matches no quote says so, and how to call', async ({ page }) => {
    await page.goto('/checkout?quote=Q-2026-1');
    await expect(page.getByTestId('pay-link-unknown')).toBeVisible({ timeout: PAGE_LOAD_TIMEOUT });
    await expect(page.getByRole('link', { name: /^Sam Taylor: / })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Pay Now' })).toHaveCount(0);
  });

  test('the success page says so when the server does not know the quote', async ({ page }) => {
    await page.goto('/checkout/success?quote_id=Q-2026-999');
    await expect(page.getByRole('heading', { name: 'We could not find this quote' })).toBeVisible({
      timeout: PAGE_LOAD_TIMEOUT,
    });
    await expect(page.getByRole('heading', { name: 'Payment Successful!' })).toHaveCount(0);
  });
});
