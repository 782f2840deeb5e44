/**
 * The registry of named mutators. A mutator whose arguments change gets a new name and the old
 * one stays here, so a device with an old outbox is still served (DESIGN.md §5).
 */
import type { Mutator } from '../mutator';
import { bookingApprove } from './booking';
import { photoAdd, signatureAdd } from './field-record';
import { creditNoteIssue, invoiceRaise, invoiceRecordPayment, quoteAccept } from './invoice';
import {
  jobComplete,
  jobCreate,
  jobDelete,
  jobMarkEnRoute,
  jobReassign,
  jobSetStatus,
  jobStartService,
  jobUpdateFields,
} from './job';
import { notificationPreferencesSave } from './notification-preferences';
import { quoteDelete, quoteDuplicate, quoteSave, quoteSetStatus } from './quote';
import { expenseAdd, fuelAdd, mileageAdd, serviceAdd } from './records';
import {
  vehicleAdd,
  vehicleRemove,
  vehicleUpdate,
  vehicleUpdateModifications,
  vehicleUpdateSpecialFeatures,
} from './vehicle';

export * from './booking';
export * from './field-record';
export * from './invoice';
export * from './job';
export * from './notification-preferences';
export * from './quote';
export * from './records';
export * from './vehicle';
export { leasedIdSchema, textIdSchema } from './common';

const ALL = [
  bookingApprove,
  jobCreate,
  jobUpdateFields,
  jobMarkEnRoute,
  jobStartService,
  jobComplete,
  jobSetStatus,
  jobReassign,
  jobDelete,
  quoteSave,
  quoteSetStatus,
  quoteDuplicate,
  quoteDelete,
  quoteAccept,
  invoiceRaise,
  invoiceRecordPayment,
  creditNoteIssue,
  vehicleAdd,
  vehicleUpdate,
  vehicleUpdateModifications,
  vehicleUpdateSpecialFeatures,
  vehicleRemove,
  serviceAdd,
  fuelAdd,
  mileageAdd,
  expenseAdd,
  notificationPreferencesSave,
  photoAdd,
  signatureAdd,
] as const;

/** Every mutator by name. */
export const MUTATORS: Readonly<Record<string, Mutator>> = Object.freeze(
  Object.fromEntries(ALL.map((mutator) => [mutator.name, mutator as Mutator])),
);

/** The mutator with this name, or undefined for a name this build does not know. */
export function getMutator(name: string): Mutator | undefined {
  return Object.hasOwn(MUTATORS, name) ? MUTATORS[name] : undefined;
}
