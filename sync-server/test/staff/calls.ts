/**
 * Every staff call with a valid body, for the authorization matrix (every role) and the
 * bad-input tests. The driver sees JOB-2026-1 (unassigned); everything billing, bookings,
 * emails, expenses and staff is refused.
 */
import { VALID_BODIES } from './fixtures';

export interface StaffCall {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  url: string;
  payload?: unknown;
  /**
   * What the seeded driver (fixtures DRIVER) gets, the calls made in this order: 'ok' (below
   * 400) for what a driver may do, else the refusal's status, with nothing changed.
   */
  driver: 'ok' | 403 | 404 | 409;
}

export const STAFF_CALLS: readonly StaffCall[] = [
  { method: 'GET', url: '/api/jobs', driver: 'ok' },
  { method: 'POST', url: '/api/jobs', payload: VALID_BODIES.job, driver: 403 },
  {
    method: 'PATCH',
    url: '/api/jobs/JOB-2026-1',
    payload: { status: 'En Route', progress: 25 },
    driver: 'ok',
  },
  { method: 'PATCH', url: '/api/jobs/JOB-2026-1', payload: { assignedTo: 'Both' }, driver: 403 },
  { method: 'DELETE', url: '/api/jobs/JOB-2026-3', driver: 403 },
  { method: 'GET', url: '/api/jobs/JOB-2026-1/updates', driver: 'ok' },
  { method: 'GET', url: '/api/bookings', driver: 403 },
  { method: 'POST', url: '/api/bookings/BKG-2026-1/approve', driver: 403 },
  { method: 'GET', url: '/api/emails', driver: 403 },
  { method: 'GET', url: '/api/quotes', driver: 403 },
  { method: 'POST', url: '/api/quotes', payload: VALID_BODIES.quote, driver: 403 },
  { method: 'PUT', url: '/api/quotes/Q-2026-1', payload: VALID_BODIES.quote, driver: 403 },
  { method: 'PATCH', url: '/api/quotes/Q-2026-1', payload: { status: 'sent' }, driver: 403 },
  { method: 'POST', url: '/api/quotes/Q-2026-1/duplicate', driver: 403 },
  { method: 'DELETE', url: '/api/quotes/Q-2026-2', driver: 403 },
  { method: 'GET', url: '/api/vehicles', driver: 'ok' },
  { method: 'POST', url: '/api/vehicles', payload: VALID_BODIES.vehicle, driver: 403 },
  {
    method: 'PUT',
    url: '/api/vehicles/1',
    payload: { modifications: ['Snatch Block'] },
    driver: 403,
  },
  { method: 'GET', url: '/api/service-records', driver: 'ok' },
  {
    method: 'POST',
    url: '/api/service-records',
    payload: VALID_BODIES.serviceRecord,
    driver: 'ok',
  },
  // A driver logs a service but never closes a defect with it: that puts a truck back
  // on the road, an admin's call. Nor may a driver change a vehicle's status.
  {
    method: 'POST',
    url: '/api/service-records',
    payload: { ...VALID_BODIES.serviceRecord, resolvesDefects: [2] },
    driver: 403,
  },
  { method: 'PUT', url: '/api/vehicles/1', payload: { status: 'active' }, driver: 403 },
  { method: 'PUT', url: '/api/vehicles/1', payload: { name: 'Sam’s truck' }, driver: 403 },
  { method: 'GET', url: '/api/fuel-records', driver: 'ok' },
  { method: 'POST', url: '/api/fuel-records', payload: VALID_BODIES.fuelRecord, driver: 'ok' },
  { method: 'GET', url: '/api/mileage-records', driver: 'ok' },
  {
    method: 'POST',
    url: '/api/mileage-records',
    payload: VALID_BODIES.mileageRecord,
    driver: 'ok',
  },
  // Pre-start checks and defects: a driver checks (with photos, tests/prestart) and
  // reads; resolving a defect, the history PDF and a job's vehicle are for admins.
  { method: 'GET', url: '/api/prestart-checks', driver: 'ok' },
  {
    method: 'POST',
    url: '/api/prestart-checks',
    payload: VALID_BODIES.prestartCheck,
    driver: 'ok',
  },
  { method: 'GET', url: '/api/vehicle-defects?status=open', driver: 'ok' },
  {
    method: 'POST',
    url: '/api/vehicle-defects/1/resolve',
    payload: VALID_BODIES.defectFixed,
    driver: 403,
  },
  { method: 'GET', url: '/api/fleet/due', driver: 'ok' },
  { method: 'GET', url: '/api/vehicles/1/history.pdf', driver: 403 },
  // The vehicle a job goes out on: the driver picks it for a job they can see.
  {
    method: 'PUT',
    url: '/api/jobs/JOB-2026-1/vehicle',
    payload: VALID_BODIES.jobVehicle,
    driver: 'ok',
  },
  { method: 'GET', url: '/api/fleet-expenses', driver: 403 },
  { method: 'POST', url: '/api/fleet-expenses', payload: VALID_BODIES.fleetExpense, driver: 403 },
  { method: 'DELETE', url: '/api/vehicles/1', driver: 403 },
  { method: 'GET', url: '/api/invoices', driver: 403 },
  { method: 'GET', url: '/api/books/sales.csv?from=2026-11-01&to=2026-11-30', driver: 403 },
  { method: 'GET', url: '/api/books/payments.csv?from=2026-11-01&to=2026-11-30', driver: 403 },
  { method: 'GET', url: '/api/books/gst-summary?from=2026-11-01&to=2026-11-30', driver: 403 },
  { method: 'GET', url: '/api/notification-preferences?email=sam@example.com', driver: 403 },
  {
    method: 'PUT',
    url: '/api/notification-preferences',
    payload: VALID_BODIES.preference,
    driver: 403,
  },
  {
    method: 'POST',
    url: '/api/sync/push',
    payload: VALID_BODIES.syncPush,
    driver: 'ok',
  },
  { method: 'GET', url: '/api/sync/pull?clientId=device-x&cursor=0', driver: 'ok' },
  {
    method: 'POST',
    url: '/api/sync/hello',
    payload: { protocolVersion: 1, schemaVersion: 1, clientId: 'device-x', cursor: 0, ackedSeq: 0 },
    driver: 'ok',
  },
  {
    method: 'POST',
    url: '/api/sync/lease',
    payload: { ...VALID_BODIES.syncLease, series: 'job_updates' },
    driver: 'ok',
  },
  // A driver never holds job keys (admins create jobs): the protocol's refusal, nothing granted.
  { method: 'POST', url: '/api/sync/lease', payload: VALID_BODIES.syncLease, driver: 409 },
  // Staff accounts (admins only); user 2 is the seeded driver.
  { method: 'GET', url: '/api/staff', driver: 403 },
  { method: 'GET', url: '/api/drivers', driver: 403 },
  { method: 'POST', url: '/api/staff', payload: VALID_BODIES.staff, driver: 403 },
  {
    method: 'POST',
    url: '/api/staff/2/password',
    payload: { password: 'a-new-password-7' },
    driver: 403,
  },
  { method: 'PATCH', url: '/api/staff/2', payload: { role: 'admin' }, driver: 403 },
  { method: 'PATCH', url: '/api/staff/2', payload: { isActive: false }, driver: 403 },
];
