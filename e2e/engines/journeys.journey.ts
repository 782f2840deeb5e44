/**
 * The journeys that matter most, in WebKit and Firefox
 * (docs/decisions/2026-11-27-three-engines.md): the same steps as the Chromium specs named beside
 * each, through the page models of page-models.ts. Each runs once per engine (the projects of
 * playwright.config.ts), and the report names the engine of every result.
 *
 * Going offline: Firefox is told by its automation (navigator.onLine false, the offline and
 * online events) and its network is cut; WebKitGTK's WebDriver has no such command, so only its
 * network is cut — the browser still believes it is online, as a phone with bars and no data
 * does — and each journey says so and holds the app to its own retries.
 */
import {
  MESSAGES,
  NOTIFY_ME_LABEL,
  NOTIFY_ME_TEXT,
  OFFLINE_DATA_CLEARED_TITLE,
  STORAGE_PROMISE_TEXT,
  offlineDataClearedMessage,
} from '@pilbara/shared-schema';
import { ADMIN } from '../fixtures/server';
import {
  createJob,
  loginAsAdmin,
  queryRows,
  uniqueCustomer,
  type CreatedJob,
} from '../page-models/test-data';
import { DEFAULT_WAIT_MS, PHONE, type EngineName, type EnginePage } from './browsers';
import { engineCannot, expect, test, type Device } from './fixtures';
import {
  AdminPanel,
  BookingForm,
  DriverScreen,
  PAGE_LOAD_TIMEOUT,
  PUBLIC_PAGES,
  heading,
  sidewaysOverflow,
  signIn,
  syncChip,
  waitForOfflineReady,
  waitGone,
  waitSynced,
  waitVisible,
} from './page-models';
import { BOOKING_EMPTY_MESSAGES, WINCH_OUT } from '../page-models/public-forms';

/** How long the app may take to notice the signal is back without being told (WebKit). */
const UNTOLD_RECONNECT_MS = 60_000;

/** What the app recorded about the browser's promise to keep its data (Dexie's meta table). */
function storedPersistence(page: EnginePage): Promise<unknown> {
  return page.evaluate(
    () =>
      new Promise((resolve, reject) => {
        const open = indexedDB.open('pilbara');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const read = open.result.transaction('meta').objectStore('meta').get('persistence');
          read.onsuccess = () => {
            open.result.close();
            resolve((read.result as { value?: unknown } | undefined)?.value ?? null);
          };
        };
      }),
  );
}

/** Takes the device offline; says so by name where the browser cannot be told. */
async function goOffline(engine: EngineName, device: Device, fallback: string): Promise<void> {
  const told = await device.goOffline();
  if (!told) {
    engineCannot(
      engine,
      'be set offline by its automation (no WebDriver command; navigator.onLine stays true and no offline/online event fires), so only its network is cut',
      fallback,
    );
  }
  expect(await device.page.evaluate(() => navigator.onLine)).toBe(!told);
}

test('every public route shows its heading at 390 px with no sideways scroll', async ({
  openDevice,
  shotsDir,
  engine,
}) => {
  const { page } = await openDevice();
  for (const [path, title] of PUBLIC_PAGES) {
    await page.goto(path);
    await waitVisible(page, heading(title), PAGE_LOAD_TIMEOUT, `${path} shows "${title}"`);
    expect(await page.evaluate(() => window.innerWidth), 'a phone-wide window').toBe(PHONE.width);
    expect(await sidewaysOverflow(page), `${path} scrolls sideways by`).toBe(0);
    const name = path === '/' ? 'home' : path.slice(1).replaceAll('/', '-');
    await page.screenshot(`${shotsDir}/route-${name}.png`);
  }
  // The install card tells an iPhone (WebKit here presents itself as Safari on iPhone) to use
  // Share → Add to Home Screen, the only way to install there; Firefox points at its menu.
  await page.goto('/services');
  const card = { role: 'region', name: 'Install the app' } as const;
  const hint =
    engine === 'webkit'
      ? "Tap Share , then 'Add to Home Screen'."
      : 'Open your browser menu and choose Install app or Add to Home screen.';
  await expect.poll(() => page.text(card).catch(() => ''), { timeout: 20_000 }).toContain(hint);
});

test('the booking form shows its validation messages; a booking made offline is sent once', async ({
  openDevice,
  server,
  engine,
}) => {
  // Mirrors public-forms.spec.ts (messages) and booking-journey.spec.ts (offline booking).
  const device = await openDevice();
  const { page } = device;
  const booking = new BookingForm(page);
  await booking.open('/booking');
  await waitForOfflineReady(page);
  await booking.submit();
  for (const message of BOOKING_EMPTY_MESSAGES)
    await waitVisible(page, { text: message, within: BookingForm.form }, 10_000, message);

  const who = uniqueCustomer('Engine');
  await booking.fill({ ...who, ...WINCH_OUT });

  await goOffline(
    engine,
    device,
    "the booking is kept on the phone and sent by the outbox's own retry (every 30 s) once the network is back",
  );
  await booking.submit();
  const confirmation = { testId: 'booking-confirmation' };
  await waitVisible(page, { ...heading('Booking saved on this phone', 2), within: confirmation });
  const rows = () =>
    queryRows<{ id: string }>(
      server.dbFile,
      'SELECT id FROM bookings WHERE customerName = ?',
      who.name,
    );
  expect(rows()).toHaveLength(0);

  await device.goOnline();
  await waitVisible(
    page,
    { role: 'heading', name: MESSAGES.BOOKING_SUBMITTED_TITLE, within: confirmation },
    UNTOLD_RECONNECT_MS,
    'the confirmation shows the booking number once it is sent',
  );
  const [row] = rows();
  expect(row?.id).toMatch(/^BKG-\d{4}-\d+$/);
  expect(await page.text({ testId: 'booking-reference' })).toBe(row?.id);
  // Sent once: a later retry (the outbox's timer, a visibility change) adds nothing.
  await page.evaluate(() => document.dispatchEvent(new Event('visibilitychange')));
  await page.reload();
  await waitVisible(page, heading('Book a Service'), PAGE_LOAD_TIMEOUT);
  expect(rows()).toHaveLength(1);
});

test('the tracking link shows the job without typing', async ({ openDevice, request, engine }) => {
  // Mirrors tracking-link.spec.ts and notify-me.spec.ts's "unsupported" state.
  await loginAsAdmin(request);
  const who = uniqueCustomer('Tracked');
  const job: CreatedJob = await createJob(request, {
    customerName: who.name,
    phone: who.phone,
    email: who.email,
    service: 'Emergency Towing',
    location: 'North West Coastal Highway, 12 km west of Roebourne',
  });
  const { page } = await openDevice();
  await page.goto(`/customer-portal?token=${job.trackingToken}`);
  const details = { testId: 'job-details' };
  await waitVisible(page, details, PAGE_LOAD_TIMEOUT, 'the job opens from the link');
  // The public page shows the job's number, never its key.
  expect(await page.text({ testId: 'job-id', within: details })).toBe(job.number);
  await waitVisible(page, { text: 'Emergency Towing', within: details });
  // Nothing was typed: the search box is still empty.
  expect(await page.value({ label: 'Job ID or Name' })).toBe('');

  if (engine === 'webkit') {
    engineCannot(
      engine,
      'receive Web Push (WebKit has it only for apps added to the Home Screen; MiniBrowser has no PushManager)',
      'the tracking page says so and tells an iPhone to add the site to its Home Screen',
    );
    await waitVisible(page, { text: NOTIFY_ME_TEXT.unsupported });
  } else {
    await waitVisible(page, { role: 'button', name: NOTIFY_ME_LABEL });
  }
});

test('the app reloads offline after one visit, with the service worker in control', async ({
  openDevice,
  engine,
}) => {
  // Mirrors offline-shell.spec.ts.
  const device = await openDevice();
  const { page } = device;
  await page.goto('/');
  await waitVisible(page, heading('Professional Towing & 4x4 Recovery'), PAGE_LOAD_TIMEOUT);
  await waitForOfflineReady(page);
  await goOffline(engine, device, "pages come from the service worker's cache all the same");
  await page.reload();
  await waitVisible(page, heading('Professional Towing & 4x4 Recovery'), PAGE_LOAD_TIMEOUT);
  expect(await page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
  for (const [path, title] of [
    ['/booking', 'Book a Service'],
    ['/customer-portal', 'Track Your Job'],
    ['/contact', 'Contact Us'],
  ] as const) {
    await page.goto(path);
    await waitVisible(page, heading(title), PAGE_LOAD_TIMEOUT, `${path} opens offline`);
  }
});

test('an admin approves and moves a job offline; a second browser sees each change once', async ({
  openDevice,
  request,
  server,
  engine,
}) => {
  // Mirrors admin-offline.spec.ts and sync-reopen-offline.spec.ts.
  const who = uniqueCustomer('Offline');
  const booked = await request.post('/api/bookings', {
    data: {
      customerName: who.name,
      phone: who.phone,
      email: who.email,
      service: '4x4 Recovery',
      location: 'Millstream Road, 40 km south',
      urgency: 'emergency',
      preferredDate: '',
      preferredTime: '',
      description: 'Bogged to the axles in a creek crossing, need a winch.',
    },
  });
  expect(booked.status(), await booked.text()).toBe(201);
  // Another owner has already said "I've got it" to every waiting booking, so the staff alarm
  // stays quiet here. Its banner takes its own room above the page, and rising or shrinking as
  // bookings ring and stop it moves the buttons under a tap; these engines' WebDriver clicks land
  // on coordinates, without Playwright's check of what is under them.
  expect((await request.post('/api/auth/login', { data: ADMIN })).status()).toBe(200);
  const { bookings } = (await (await request.get('/api/bookings')).json()) as {
    bookings: { id: string; status: string; acknowledgedAt?: string | null }[];
  };
  for (const waiting of bookings.filter((b) => b.status === 'pending' && !b.acknowledgedAt)) {
    const taken = await request.post(`/api/bookings/${waiting.id}/acknowledge`);
    expect(taken.status(), await taken.text()).toBe(200);
  }

  const adminDevice = await openDevice();
  const secondDevice = await openDevice();
  await signIn(adminDevice.page, ADMIN, '/admin');
  await signIn(secondDevice.page, ADMIN, '/admin');
  const admin = new AdminPanel(adminDevice.page);
  const second = new AdminPanel(secondDevice.page);
  await admin.open();
  await waitSynced(admin.page);
  await waitForOfflineReady(admin.page);
  await waitSynced(admin.page);
  await second.open();
  await waitSynced(second.page);

  const card = admin.bookingCard(who.name);
  await waitVisible(admin.page, card);

  await goOffline(
    engine,
    adminDevice,
    'the sync engine notices the dropped socket itself and reconnects on its own backoff',
  );
  await admin.page.click({ role: 'button', name: 'Approve', within: card });
  await waitVisible(admin.page, { text: 'Booking Approved', exact: false });
  await waitGone(admin.page, card);
  await admin.tab('Job Management');
  const jobCard = { testId: 'job-card', hasText: who.name };
  await waitVisible(admin.page, jobCard);
  // The card carries the job's key, minted offline; the number comes with sync.
  const jobId = await admin.page.attribute(jobCard, 'data-job-id');
  expect(jobId).toMatch(/^JOB-\d{4}-P\d+$/);
  await admin.page.click(admin.markEnRoute(jobId!));
  await expect
    .poll(() => admin.page.attribute(admin.jobCard(jobId!), 'data-status'))
    .toBe('En Route');
  await expect
    .poll(() => admin.page.text(syncChip.label, 1_000).catch(() => ''), { timeout: 20_000 })
    .toMatch(/· 2 pending$/);
  expect(queryRows(server.dbFile, 'SELECT id FROM jobs WHERE id = ?', jobId)).toEqual([]);

  // Closed and opened again with no signal: the panel, the job and its pending steps are there.
  const reopened = await adminDevice.reopen('/admin');
  admin.page = reopened;
  await admin.waitShown();
  await admin.tab('Job Management');
  await expect
    .poll(() => admin.page.attribute(admin.jobCard(jobId!), 'data-status'))
    .toBe('En Route');
  await waitVisible(admin.page, { testId: 'pending-marker', within: admin.jobCard(jobId!) });

  // The other admin has seen none of it yet.
  await second.tab('Job Management');
  expect(await second.page.count(second.jobCard(jobId!))).toBe(0);

  await adminDevice.goOnline();
  await waitSynced(admin.page, UNTOLD_RECONNECT_MS);
  await waitGone(admin.page, { testId: 'pending-marker', within: admin.jobCard(jobId!) });
  await expect
    .poll(() => second.page.attribute(second.jobCard(jobId!), 'data-status').catch(() => null), {
      timeout: 15_000,
      message: 'the second browser sees the job En Route',
    })
    .toBe('En Route');
  expect(await second.page.count(second.jobCard(jobId!))).toBe(1);
  await second.tab('Pending Bookings');
  expect(await second.page.count(second.bookingCard(who.name))).toBe(0);

  // Each change reached the server once: one job for the booking, one En Route in its history.
  expect(
    queryRows(server.dbFile, 'SELECT id, status FROM jobs WHERE customerName = ?', who.name),
  ).toEqual([{ id: jobId, status: 'En Route' }]);
  expect(
    queryRows(
      server.dbFile,
      "SELECT status FROM job_updates WHERE jobId = ? AND status = 'En Route'",
      jobId,
    ),
  ).toHaveLength(1);
});

test('a driver moves their job a step offline; when the browser clears the data, the app recovers and says what was lost', async ({
  openDevice,
  shotsDir,
  request,
  server,
  engine,
}) => {
  // Mirrors driver-journey.spec.ts.
  await loginAsAdmin(request);
  const stamp = uniqueCustomer('Driver');
  const driver = {
    firstName: 'Dana',
    lastName: stamp.lastName.replace(/^./, (c) => c.toUpperCase()),
    username: `dana${stamp.phone.slice(-5)}${engine}`,
    password: 'dana-driver-pass-1',
  };
  const added = await request.post('/api/staff', {
    data: { ...driver, phone: stamp.phone, role: 'driver' },
  });
  expect(added.status(), await added.text()).toBe(201);
  const customer = uniqueCustomer('Waiting');
  const job = await createJob(request, {
    customerName: customer.name,
    phone: customer.phone,
    service: 'Emergency Towing',
    location: 'Roebourne',
    assignedTo: `${driver.firstName} ${driver.lastName}`,
  });

  const device = await openDevice();
  const { page } = device;
  await signIn(page, driver, '/driver');
  await waitVisible(page, heading('My Jobs'), PAGE_LOAD_TIMEOUT);
  await waitSynced(page);
  await waitForOfflineReady(page);
  await waitSynced(page);
  const screen = new DriverScreen(page);
  await waitVisible(page, screen.step(job.id, 'On my way'));

  await goOffline(
    engine,
    device,
    'the step is kept on the phone and sent when the engine reconnects by itself',
  );
  await page.click(screen.step(job.id, 'On my way'));
  await waitVisible(page, screen.step(job.id, 'Arrived / Start'));
  expect(queryRows(server.dbFile, 'SELECT status FROM jobs WHERE id = ?', job.id)).toEqual([
    { status: 'Assigned' },
  ]);

  // Unsent work on the phone: the app has asked the browser to keep its data, and says what
  // the browser answered in the sync chip's details.
  await page.click(syncChip.label);
  const details = { testId: 'sync-details' };
  if (engine === 'webkit') {
    engineCannot(
      engine,
      'promise to keep offline data (the MiniBrowser of WebKitGTK has no navigator.storage; Safari has persist())',
      'the chip says the browser makes no promise and warns',
    );
    await waitVisible(page, { text: STORAGE_PROMISE_TEXT.unsupported, within: details });
    expect(await storedPersistence(page)).toEqual({ promise: 'unsupported', askedAt: null });
  } else {
    engineCannot(
      engine,
      'answer the prompt persist() raises (Firefox asks the person, or refuses at once when it cannot ask; headless automation has no one to answer)',
      'the app asked once there was unsent work, and the chip says no promise has been given and warns',
    );
    // Either answer a person could get: the question still open, or refused outright.
    const noPromise = [STORAGE_PROMISE_TEXT['not-asked'], STORAGE_PROMISE_TEXT.refused];
    await expect
      .poll(
        async () => {
          for (const text of noPromise)
            if ((await page.count({ text, within: details })) > 0) return text;
          return null;
        },
        { timeout: DEFAULT_WAIT_MS },
      )
      .not.toBeNull();
    expect(await storedPersistence(page)).toMatchObject({
      promise: expect.stringMatching(/^(not-asked|refused)$/),
      askedAt: expect.any(String),
    });
  }
  await waitVisible(page, { testId: 'sync-storage-warning' });
  await page.screenshot(`${shotsDir}/driver-storage-promise.png`);
  await page.click(syncChip.label);

  await device.goOnline();
  await waitSynced(page, UNTOLD_RECONNECT_MS);
  expect(queryRows(server.dbFile, 'SELECT status FROM jobs WHERE id = ?', job.id)).toEqual([
    { status: 'En Route' },
  ]);
  expect(
    queryRows(
      server.dbFile,
      "SELECT status FROM job_updates WHERE jobId = ? AND status = 'En Route'",
      job.id,
    ),
  ).toHaveLength(1);

  // Offline again, the next step waits on the phone — and the browser clears the app's
  // IndexedDB (WebKit does after days unused). The open app gives way (versionchange) and
  // reloads; at its start it finds its device id gone.
  await goOffline(engine, device, 'the app finds its data gone at the next start');
  await page.click(screen.step(job.id, 'Arrived / Start'));
  await waitVisible(page, screen.step(job.id, 'Complete'));
  await page.evaluate(() => {
    indexedDB.deleteDatabase('pilbara');
  });
  const notice = { css: '.mantine-Notification-root', hasText: OFFLINE_DATA_CLEARED_TITLE };
  await waitVisible(page, notice, PAGE_LOAD_TIMEOUT, 'the app says the data was cleared');
  expect(await page.text(notice)).toContain(offlineDataClearedMessage(['Start service']));
  await page.screenshot(`${shotsDir}/driver-data-cleared.png`);
  await device.goOnline();
  // What the server has comes back: the job as it stands there, En Route, its next step ready.
  await waitSynced(page, UNTOLD_RECONNECT_MS);
  await waitVisible(page, screen.step(job.id, 'Arrived / Start'));
  expect(queryRows(server.dbFile, 'SELECT status FROM jobs WHERE id = ?', job.id)).toEqual([
    { status: 'En Route' },
  ]);
});
