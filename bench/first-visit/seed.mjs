// What the throttled first-visit measurements need on a fresh server (bench/first-visit): a
// driver account with jobs of their own, and a customer's job on its way with a tracking link,
// made the way staff make them (the admin REST API), so the same calls work on the baseline
// build and on this one.

/** The driver the sign-in measurement signs in as. */
export const BENCH_DRIVER = {
  firstName: 'Casey',
  lastName: 'Nguyen',
  username: 'casey.bench',
  password: 'bench-driver-password-1',
};

const DRIVER_NAME = `${BENCH_DRIVER.firstName} ${BENCH_DRIVER.lastName}`;

async function call(baseURL, cookie, method, path, body) {
  const response = await fetch(`${baseURL}${path}`, {
    method,
    headers: { 'content-type': 'application/json', cookie },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${text.slice(0, 300)}`);
  return { json: JSON.parse(text), response };
}

/**
 * Seeds `baseURL` (signed in as the admin with `adminPassword`); returns the tracking link's
 * token, its job's reference as the page shows it and its status, the customer's phone and email (which the page must mask), and
 * the driver's credentials with one of their job ids.
 */
export async function seedThrottledBench(baseURL, adminPassword) {
  const login = await fetch(`${baseURL}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'admin', password: adminPassword }),
  });
  if (!login.ok) throw new Error(`admin login: ${login.status} ${await login.text()}`);
  const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0] ?? '';

  await call(baseURL, cookie, 'POST', '/api/staff', { ...BENCH_DRIVER, role: 'driver' });

  const customer = {
    customerName: 'Jordan Bench',
    phone: '0412 345 678',
    email: 'jordan.bench@example.com',
  };
  const driverJobs = [];
  for (const [service, location] of [
    ['Emergency Towing', 'North West Coastal Highway, 12 km west of Karratha'],
    ['Winch Recovery', 'Millstream Road, 20 km south of Karratha'],
    ['Battery Jump Start', 'Dampier Road, Karratha'],
  ]) {
    const { json } = await call(baseURL, cookie, 'POST', '/api/jobs', {
      ...customer,
      service,
      location,
      assignedTo: DRIVER_NAME,
      estimatedArrival: '25 minutes',
    });
    driverJobs.push(json.job);
  }
  const tracked = driverJobs[0];
  await call(baseURL, cookie, 'PATCH', `/api/jobs/${encodeURIComponent(tracked.id)}`, {
    status: 'En Route',
    progress: 25,
  });
  return {
    token: tracked.trackingToken,
    // What the page shows as the job's reference: its number, or its id on a baseline build that
    // gives jobs no number.
    jobId: tracked.number ?? tracked.id,
    status: 'En Route',
    phone: customer.phone,
    email: customer.email,
    driver: { username: BENCH_DRIVER.username, password: BENCH_DRIVER.password },
    driverJobId: driverJobs[1].id,
  };
}
