/**
 * Test support for the mutator unit tests (the entities also for the other packages' tests,
 * through src/testing.ts): one of each entity in a plausible state, and a runner that applies a
 * mutator to in-memory tables at a fixed time.
 */
import type { Booking, Job, Quote, Vehicle } from './deps';
import type { Account } from '../../entities/account';
import { applyInMemory, type MemoryTables } from '../memory-store';
import type { MutationRejection, MutationSuccess, Row } from '../mutator';

/** The fixed time every test mutation runs at. */
export const NOW = '2026-11-21T10:00:00.000Z';

/** A job in status Assigned. */
export function aJob(overrides: Partial<Job> = {}): Job {
  return {
    id: 'JOB-2026-1',
    customerName: 'Dana Reid',
    phone: '0412345678',
    email: 'dana@example.com',
    status: 'Assigned',
    service: 'Emergency Towing',
    location: 'Karratha',
    estimatedArrival: null,
    progress: 0,
    assignedTo: null,
    notes: null,
    trackingToken: 'job-token-aaaaaaaaaaaaaa',
    createdAt: '2026-11-20T08:00:00.000Z',
    updatedAt: '2026-11-20T08:00:00.000Z',
    ...overrides,
  };
}

/** A pending booking. */
export function aBooking(overrides: Partial<Booking> = {}): Booking {
  return {
    id: 'BKG-2026-1',
    customerName: 'Sam Lee',
    phone: '0498765432',
    email: 'sam@example.com',
    service: '4x4 Recovery',
    location: 'Millstream Rd, 40 km south of Karratha',
    preferredDate: '2026-11-22',
    preferredTime: '08:30 AM',
    urgency: 'scheduled',
    description: 'Bogged to the axles in a creek crossing',
    vehicleDetails: 'Toyota Hilux',
    status: 'pending',
    trackingToken: 'booking-token-bbbbbbbbbbb',
    createdAt: '2026-11-20T08:00:00.000Z',
    updatedAt: '2026-11-20T08:00:00.000Z',
    ...overrides,
  };
}

/** A draft quote of one item of $100. */
export function aQuote(overrides: Partial<Quote> = {}): Quote {
  return {
    id: 'Q-2026-1',
    customerName: 'Dana Reid',
    customerPhone: '0412345678',
    customerEmail: null,
    vehicleType: null,
    service: 'Emergency Towing',
    fromLocation: 'Karratha',
    toLocation: null,
    distance: 0,
    items: [
      {
        id: 'i1',
        description: 'Call-out Fee',
        quantity: 1,
        unitPrice: 10000,
        total: 10000,
        category: 'misc',
      },
    ],
    itemsSubtotal: 10000,
    basePrice: 10000,
    discountPercent: 0,
    discountAmount: 0,
    finalPrice: 10000,
    notes: null,
    validUntil: '2026-12-01T00:00:00.000Z',
    status: 'draft',
    createdAt: '2026-11-20T08:00:00.000Z',
    updatedAt: '2026-11-20T08:00:00.000Z',
    ...overrides,
  };
}

/** An active tow truck. */
export function aVehicle(overrides: Partial<Vehicle> = {}): Vehicle {
  return {
    id: 1,
    name: 'Big Red',
    make: 'Isuzu',
    model: 'FVZ',
    year: 2021,
    registration: '1ABC123',
    vin: 'JALFVZ34SM7000001',
    type: 'Heavy Recovery',
    status: 'active',
    mileage: 50000,
    serviceInterval: 10000,
    nextService: null,
    lastServiceDate: '2026-10-01',
    engineType: null,
    engineSize: null,
    fuelType: 'Diesel',
    transmission: null,
    driveType: '4WD',
    modifications: [],
    specialFeatures: [],
    towingCapacity: null,
    gvm: null,
    alerts: [],
    description: null,
    insuranceExpiry: null,
    registrationExpiry: null,
    isActive: true,
    createdAt: '2026-11-20T08:00:00.000Z',
    updatedAt: '2026-11-20T08:00:00.000Z',
    ...overrides,
  };
}

/**
 * A mine-site account: 14-day terms, a $10,000 credit limit, a PO for every job, one contact and
 * one site (the Cape Lambert gate) where driver 2 and truck 1 are inducted until mid-2027.
 */
export function anAccount(overrides: Partial<Account> = {}): Account {
  return {
    id: 1,
    name: 'Cape Lambert Iron',
    type: 'mine-site',
    legalName: 'Cape Lambert Iron Pty Ltd',
    abn: '51 824 753 556',
    billingEmail: 'ap@capelambert.example',
    contacts: [
      {
        id: 'c1',
        name: 'Priya Nair',
        role: 'Site supervisor',
        phone: '0891 000 111',
        email: 'priya@capelambert.example',
      },
    ],
    sites: [
      {
        id: 's1',
        name: 'Cape Lambert gate 2',
        location: 'Cape Lambert Rd, Wickham',
        gatePhone: '08 9159 0000',
        accessNotes: 'Sign in at the gatehouse; escort to the workshop',
        inductionRequirements: 'Site induction and a current Working at Heights ticket',
        inductions: [
          { id: 'i1', kind: 'driver', userId: 2, vehicleId: null, expiresOn: '2027-06-30' },
          { id: 'i2', kind: 'vehicle', userId: null, vehicleId: 1, expiresOn: '2027-06-30' },
        ],
      },
    ],
    terms: { kind: 'days', days: 14 },
    creditLimitCents: 1_000_000,
    poRule: { kind: 'per-job' },
    notes: null,
    isActive: true,
    createdAt: '2026-11-01T00:00:00.000Z',
    updatedAt: '2026-11-01T00:00:00.000Z',
    ...overrides,
  };
}

/** Tables from rows. */
export function tables(entries: MemoryTables): MemoryTables {
  return entries;
}

/** Applies a mutation that must succeed; returns its outcome and the new tables. */
export function ok(
  state: MemoryTables,
  name: string,
  args: unknown,
): MutationSuccess & { tables: MemoryTables } {
  const { outcome, tables: next } = applyInMemory(state, name, args, { now: NOW, userId: 1 });
  if (!outcome.ok) throw new Error(`${name} was rejected: ${outcome.code} ${outcome.message}`);
  return { ...outcome, tables: next };
}

/** Applies a mutation that must be rejected; returns the rejection. */
export function rejected(state: MemoryTables, name: string, args: unknown): MutationRejection {
  const { outcome, tables: next } = applyInMemory(state, name, args, { now: NOW, userId: 1 });
  if (outcome.ok) throw new Error(`${name} was applied but should have been rejected`);
  if (next !== state) throw new Error(`${name} changed the tables although it was rejected`);
  return outcome;
}

/** The one row of `table` with `id`. */
export function row(
  state: MemoryTables,
  table: keyof MemoryTables,
  id: string | number,
): Row | undefined {
  return state[table]?.find((candidate) => candidate.id === id);
}
