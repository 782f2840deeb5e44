/** Rows for route tests, written with their log entries (the staff API is not needed). */
import { addCalendarDays, todayInPerth, type Job, type JobStatus } from '@pilbara/shared-schema';
import { seedRow, type TestApp } from './helper';

let counter = 0;

export function insertJob(app: TestApp, fields: Partial<Job> & { status?: JobStatus } = {}): Job {
  counter += 1;
  const stamp = new Date(Date.UTC(2026, 10, 1, 0, counter)).toISOString();
  return seedRow<Job>(app.db, 'jobs', {
    id: `JOB-2026-${900 + counter}`,
    customerName: 'Jo Smith',
    phone: '0412 345 678',
    email: 'jo.smith@example.com',
    status: 'Assigned',
    service: 'Emergency Towing',
    location: 'Karratha',
    estimatedArrival: '30 minutes',
    progress: 0,
    assignedTo: 'Sam Taylor',
    notes: 'staff only note',
    trackingToken: `tok-${String(counter).padStart(4, '0')}-${'x'.repeat(16)}`,
    createdAt: stamp,
    updatedAt: stamp,
    ...fields,
  });
}

/** A valid contact form body. */
export function contactBody(overrides: Record<string, unknown> = {}) {
  return {
    firstName: 'Hannah',
    lastName: 'Price',
    phone: '0434 567 801',
    email: 'hannah@example.com',
    serviceNeeded: 'General Inquiry',
    message: 'Do you cover Point Samson on weekends?',
    ...overrides,
  };
}

/** A valid booking body for a date after `today` (YYYY-MM-DD in Perth). */
export function bookingBody(overrides: Record<string, unknown> = {}) {
  return {
    customerName: 'Chris Evans',
    phone: '0423 456 701',
    email: 'chris@example.com',
    service: 'Jump Start Service',
    location: 'Pegs Creek, Karratha',
    preferredDate: addCalendarDays(todayInPerth(), 7),
    preferredTime: '09:00 AM',
    urgency: 'scheduled',
    description: 'Battery flat in the driveway, needs a jump start.',
    ...overrides,
  };
}

export function feedbackBody(jobId: string, overrides: Record<string, unknown> = {}) {
  return {
    jobId,
    rating: 5,
    serviceQuality: 5,
    responseTime: 4,
    communication: 5,
    value: 4,
    comments: 'Quick and friendly, thank you!',
    recommend: 'yes',
    phone: '0412 345 678',
    ...overrides,
  };
}
