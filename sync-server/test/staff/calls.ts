/** Every staff call with a valid body, for the authorization matrix and the bad-input tests. */
import { VALID_BODIES } from './fixtures';

export interface StaffCall {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  url: string;
  payload?: unknown;
}

export const STAFF_CALLS: readonly StaffCall[] = [
  { method: 'GET', url: '/api/jobs' },
  { method: 'POST', url: '/api/jobs', payload: VALID_BODIES.job },
  { method: 'PATCH', url: '/api/jobs/JOB-2026-1', payload: { status: 'En Route', progress: 25 } },
  { method: 'PATCH', url: '/api/jobs/JOB-2026-1', payload: { assignedTo: 'Both' } },
  { method: 'DELETE', url: '/api/jobs/JOB-2026-3' },
  { method: 'GET', url: '/api/jobs/JOB-2026-1/updates' },
  { method: 'GET', url: '/api/bookings' },
  { method: 'POST', url: '/api/bookings/BKG-2026-1/approve' },
  { method: 'GET', url: '/api/emails' },
  { method: 'GET', url: '/api/quotes' },
  { method: 'POST', url: '/api/quotes', payload: VALID_BODIES.quote },
  { method: 'PUT', url: '/api/quotes/Q-2026-1', payload: VALID_BODIES.quote },
  { method: 'PATCH', url: '/api/quotes/Q-2026-1', payload: { status: 'sent' } },
  { method: 'POST', url: '/api/quotes/Q-2026-1/duplicate' },
  { method: 'DELETE', url: '/api/quotes/Q-2026-1' },
  { method: 'GET', url: '/api/vehicles' },
  { method: 'POST', url: '/api/vehicles', payload: VALID_BODIES.vehicle },
  { method: 'PUT', url: '/api/vehicles/1', payload: { modifications: ['Snatch Block'] } },
  { method: 'GET', url: '/api/service-records' },
  { method: 'POST', url: '/api/service-records', payload: VALID_BODIES.serviceRecord },
  { method: 'GET', url: '/api/fuel-records' },
  { method: 'POST', url: '/api/fuel-records', payload: VALID_BODIES.fuelRecord },
  { method: 'GET', url: '/api/mileage-records' },
  { method: 'POST', url: '/api/mileage-records', payload: VALID_BODIES.mileageRecord },
  { method: 'GET', url: '/api/fleet-expenses' },
  { method: 'POST', url: '/api/fleet-expenses', payload: VALID_BODIES.fleetExpense },
  { method: 'DELETE', url: '/api/vehicles/1' },
  { method: 'GET', url: '/api/invoices' },
  { method: 'GET', url: '/api/books/sales.csv?from=2026-11-01&to=2026-11-30' },
  { method: 'GET', url: '/api/books/payments.csv?from=2026-11-01&to=2026-11-30' },
  { method: 'GET', url: '/api/books/gst-summary?from=2026-11-01&to=2026-11-30' },
  { method: 'GET', url: '/api/notification-preferences?email=sam@example.com' },
  { method: 'PUT', url: '/api/notification-preferences', payload: VALID_BODIES.preference },
  {
    method: 'POST',
    url: '/api/sync/push',
    payload: {
      clientId: 'device-x',
      mutations: [
        {
          seq: 1,
          mutationId: 'm1',
          name: 'job.markEnRoute',
          args: { id: 'JOB-2026-1', updateId: 900 },
          createdAt: '2026-11-21T10:00:00Z',
        },
      ],
    },
  },
  { method: 'GET', url: '/api/sync/pull?clientId=device-x&cursor=0' },
  {
    method: 'POST',
    url: '/api/sync/hello',
    payload: { protocolVersion: 1, schemaVersion: 1, clientId: 'device-x', cursor: 0, ackedSeq: 0 },
  },
  {
    method: 'POST',
    url: '/api/sync/lease',
    payload: { clientId: 'device-x', series: 'JOB-2026', size: 50 },
  },
];
