/**
 * What the towing law screens' tests put on the device: a stored vehicle, a crash tow, a
 * complaint and an occurrence as the mutators first write them, each test stating only what it
 * changes; and the messages a mutator's own schema gives for bad arguments, so a test expects
 * the words the screen is handed rather than a copy of them.
 */
import {
  MUTATORS,
  STORAGE_PRICE_ITEM,
  issuesToFields,
  newComplaint,
  newCrashTow,
  type Complaint,
  type CrashTow,
  type MutatorName,
  type Occurrence,
  type YardEvent,
  type YardVehicle,
} from '@pilbara/shared-schema';
import { within } from '@testing-library/react';
import { db } from '../../sync/testing/device';

/** An instant `hours` before now (negative: after). */
export function hoursAgo(hours: number): string {
  return new Date(Date.now() - hours * 3_600_000).toISOString();
}

export function aYardVehicle(overrides: Partial<YardVehicle> = {}): YardVehicle {
  const at = hoursAgo(2);
  return {
    id: 7,
    jobId: null,
    bay: 'A3',
    timeIn: at,
    registration: '1HJK772',
    make: 'Toyota',
    model: 'Hilux',
    colour: 'White',
    ownerName: 'Kim Nguyen',
    ownerPhone: '0412 555 010',
    ownerEmail: null,
    policeHold: false,
    insurerHold: false,
    holdNote: null,
    property: null,
    dailyFeeCents: STORAGE_PRICE_ITEM.unitPriceCents,
    status: 'stored',
    paidAt: null,
    invoiceId: null,
    releaseDueAt: null,
    releasedAt: null,
    releasedBy: null,
    release: null,
    createdAt: at,
    updatedAt: at,
    ...overrides,
  };
}

/** A step of a stored vehicle's history. */
export function aYardEvent(overrides: Partial<YardEvent> = {}): YardEvent {
  const at = hoursAgo(2);
  return {
    id: 70,
    yardVehicleId: 7,
    kind: 'in',
    at,
    byUser: 1,
    byName: 'Alex Owner',
    fromBay: null,
    toBay: 'A3',
    reason: null,
    visitorName: null,
    visitorDocument: null,
    itemsTaken: null,
    detail: 'Booked in by hand',
    createdAt: at,
    ...overrides,
  };
}

/** A crash tow of `jobId` with the vehicle described, not loaded unless told. */
export function aCrashTow(jobId: string, overrides: Partial<CrashTow> = {}): CrashTow {
  return {
    ...newCrashTow(jobId, { crashLocation: 'Dampier Hwy', markedBy: 1, now: hoursAgo(3) }),
    vehicleRegistration: '1CRS404',
    vehicleMake: 'Mazda',
    vehicleModel: 'BT-50',
    vehicleColour: 'Red',
    propertyItems: [{ id: 'p1', description: 'Child seat', quantity: 1, where: 'Back seat' }],
    ...overrides,
  };
}

export function aComplaint(overrides: Partial<Complaint> = {}): Complaint {
  const at = hoursAgo(1);
  return {
    ...newComplaint(
      {
        id: 4,
        channel: 'phone',
        name: 'Robin Hale',
        phone: '0400 111 222',
        email: null,
        reference: 'JOB-2026-9',
        details: 'The tow truck scraped my bumper on the ramp.',
      },
      { receivedAt: at, now: at },
    ),
    ...overrides,
  };
}

export function anOccurrence(overrides: Partial<Occurrence> = {}): Occurrence {
  const at = hoursAgo(1);
  return {
    id: 3,
    jobId: null,
    kind: 'injury',
    occurredAt: at,
    awareAt: at,
    description: 'Driver cut a hand on the winch cable.',
    recordedBy: 'Alex Owner',
    reportedAt: null,
    reportReference: null,
    createdAt: at,
    updatedAt: at,
    ...overrides,
  };
}

/** The message per argument that mutator `name`'s schema gives for `args` (none when valid). */
export function schemaMessages(name: MutatorName, args: unknown): Record<string, string> {
  const parsed = MUTATORS[name].argsSchema.safeParse(args);
  return parsed.success ? {} : issuesToFields(parsed.error.issues);
}

/** The field labelled `label` in `container`, a required one's asterisk allowed. */
export function labelled(container: HTMLElement, label: string): HTMLElement {
  const exact = label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return within(container).getByLabelText(new RegExp(`^${exact}\\s*\\*?$`));
}

/** The names of the writes waiting in this device's outbox, oldest first. */
export async function outboxNames(): Promise<string[]> {
  return (await db.outbox.toArray()).map((entry) => entry.name);
}
