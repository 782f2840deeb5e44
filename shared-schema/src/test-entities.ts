/**
 * Test support (through `@pilbara/shared-schema/testing`): the entities the mutator tests do not
 * need but the screens' tests do, each in a plausible state of the same story as the mutators'
 * fixtures (Dana Reid's job, the test truck), so a test states only what it changes.
 */
import type {
  EmailRecord,
  Invoice,
  Job,
  JobPhoto,
  JobSignature,
  Payment,
  PublicUser,
  Vehicle,
} from './entities';
import { aJob, aVehicle } from './sync/mutators/test-fixtures';

/** An active driver account as the API returns it (never with a password). */
export function aStaffUser(overrides: Partial<PublicUser> = {}): PublicUser {
  return {
    id: 2,
    username: 'sam',
    email: 'sam@pilbaratow.example',
    firstName: 'Sam',
    lastName: 'Taylor',
    phone: '0400111222',
    role: 'driver',
    isActive: true,
    createdAt: '2026-11-01T08:00:00.000Z',
    updatedAt: '2026-11-01T08:00:00.000Z',
    ...overrides,
  };
}

/** A contact message that reached the owners' inbox, from a customer's form. */
export function aContactMessage(overrides: Partial<EmailRecord> = {}): EmailRecord {
  return {
    id: 1,
    to: 'office@pilbaratow.example',
    subject: 'New contact form submission: Emergency Towing',
    htmlContent: '<p>Ute broke down at the Fortescue bridge</p>',
    customerInfo: {
      name: 'Dana Reid',
      phone: '0412345678',
      email: 'dana@example.com',
      service: 'Emergency Towing',
      message: 'Ute broke down at the Fortescue bridge',
    },
    timestamp: '2026-11-20T08:00:00.000Z',
    sent: true,
    ...overrides,
  };
}

/** The tax invoice of the one-item quote (aQuote): $100 with $9.09 GST, nothing paid yet. */
export function anInvoice(overrides: Partial<Invoice> = {}): Invoice {
  return {
    id: 'INV-2026-1',
    number: 'INV-2026-1',
    jobId: 'JOB-2026-1',
    quoteId: 'Q-2026-1',
    customerName: 'Dana Reid',
    customerEmail: 'dana@example.com',
    customerPhone: '0412345678',
    amount: 10000,
    status: 'pending',
    stripePaymentIntentId: null,
    stripePaymentLink: null,
    lineItems: [
      {
        id: 'i1',
        description: 'Call-out Fee',
        quantity: 1,
        unitPrice: 10000,
        total: 10000,
        category: 'misc',
      },
    ],
    dueDate: '2026-11-20',
    paidAt: null,
    createdAt: '2026-11-20T08:00:00.000Z',
    service: 'Emergency Towing',
    buyerAbn: null,
    itemsSubtotal: 10000,
    multiplierBasisPoints: 10000,
    multiplierLocation: null,
    discountPercent: 0,
    discountAmount: 0,
    gst: 909,
    amountPaid: 0,
    amountCredited: 0,
    amountRefunded: 0,
    updatedAt: '2026-11-20T08:00:00.000Z',
    ...overrides,
  };
}

/** A cash payment of the whole invoice (anInvoice), recorded by the owner. */
export function aPayment(overrides: Partial<Payment> = {}): Payment {
  return {
    id: 101,
    invoiceId: 'INV-2026-1',
    amount: 10000,
    kind: 'payment',
    method: 'cash',
    reference: null,
    paidAt: '2026-11-20T09:00:00.000Z',
    stripePaymentIntentId: null,
    recordedBy: 1,
    flag: null,
    createdAt: '2026-11-20T09:00:00.000Z',
    ...overrides,
  };
}

/** Sam's account, the signed-in driver of the driver screen's tests. */
export const SAM_DRIVER_ID = 2;
/** Another driver's account. */
export const OTHER_DRIVER_ID = 3;

/**
 * A job of today on a driver's list: assigned to Sam's account, made at `now`, with a phone and a
 * place the driver's card shows in full.
 */
export function aJobOfToday(overrides: Partial<Job> = {}, now = new Date().toISOString()): Job {
  return aJob({
    phone: '0412 345 678',
    email: null,
    location: 'Dampier Highway, Karratha',
    assignedTo: 'Sam',
    assignedDriverId: SAM_DRIVER_ID,
    trackingToken: null,
    createdAt: now,
    updatedAt: now,
    ...overrides,
  });
}

/** A recovery 4x4 of the fleet screens: a LandCruiser never serviced, at 40,000 km. */
export function aFleetVehicle(overrides: Partial<Vehicle> = {}): Vehicle {
  return aVehicle({
    make: 'Toyota',
    model: 'LandCruiser',
    year: 2022,
    vin: null,
    type: '4x4 Recovery',
    status: 'Excellent',
    mileage: 40000,
    lastServiceDate: null,
    updatedAt: overrides.createdAt,
    ...overrides,
  });
}

/** A pickup photo of Dana Reid's job (aJob), taken at the roadside with a GPS fix. */
export function aJobPhoto(overrides: Partial<JobPhoto> = {}): JobPhoto {
  return {
    id: '0b1c2d3e-0000-4000-8000-000000000001',
    jobId: 'JOB-2026-1',
    stage: 'pickup',
    takenAt: '2026-11-20T08:30:00.000Z',
    recordedBy: 2,
    createdAt: '2026-11-20T08:30:00.000Z',
    latitude: -20.7381,
    longitude: 116.8463,
    accuracy: 12,
    positionNote: null,
    contentHash: 'a'.repeat(64),
    size: 120_000,
    width: 1600,
    height: 1200,
    mimeType: 'image/jpeg',
    ...overrides,
  };
}

/** The owner's authority to tow Dana Reid's job, signed at the roadside. */
export function aJobSignature(overrides: Partial<JobSignature> = {}): JobSignature {
  return {
    id: '0b1c2d3e-0000-4000-8000-000000000101',
    jobId: 'JOB-2026-1',
    document: 'authority_to_tow',
    signerName: 'Dana Reid',
    signedAt: '2026-11-20T08:25:00.000Z',
    recordedBy: 2,
    createdAt: '2026-11-20T08:25:00.000Z',
    latitude: -20.7381,
    longitude: 116.8463,
    accuracy: 12,
    positionNote: null,
    contentHash: 'b'.repeat(64),
    size: 4_000,
    width: 600,
    height: 200,
    mimeType: 'image/png',
    ...overrides,
  };
}
