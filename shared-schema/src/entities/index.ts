/** One zod schema per table of spec/staff-and-data.md §3, plus the name → schema map. */
import type { z } from 'zod';
import { SYNCED_TABLES } from '../constants/tables';
import { accountSchema } from './account';
import { bookingSchema } from './booking';
import { contactSubmissionSchema } from './contact-submission';
import { creditNoteSchema } from './credit-note';
import { emailRecordSchema } from './email-record';
import { feedbackSchema } from './feedback';
import { jobPhotoSchema, jobSignatureSchema, storedFileSchema } from './field-record';
import { driverShiftEventSchema, vehiclePositionSchema } from './dispatch';
import { jobPositionSchema } from './job-position';
import { fleetExpenseSchema } from './fleet-expense';
import { fuelRecordSchema } from './fuel-record';
import { invoiceSchema } from './invoice';
import { jobSchema } from './job';
import { jobUpdateSchema } from './job-update';
import { mergeNoticeSchema } from './merge-notice';
import { mileageRecordSchema } from './mileage-record';
import { notificationSchema } from './notification';
import { notificationPreferenceSchema } from './notification-preference';
import { paymentSchema } from './payment';
import { priceListSchema } from './price-list';
import { prestartCheckSchema, vehicleDefectSchema } from './prestart';
import { quoteSchema } from './quote';
import { serviceRecordSchema } from './service-record';
import { userSchema } from './user';
import { vehicleSchema } from './vehicle';
import {
  complaintSchema,
  crashTowSchema,
  occurrenceSchema,
  yardEventSchema,
  yardVehicleSchema,
} from './wa-towing';

export * from './account';
export * from './booking';
export * from './common';
export * from './contact-submission';
export * from './credit-note';
export * from './email-record';
export * from './feedback';
export * from './field-record';
export * from './job-position';
export * from './dispatch';
export * from './fleet-expense';
export * from './fuel-record';
export * from './invoice';
export * from './job';
export * from './job-update';
export * from './merge-notice';
export * from './mileage-record';
export * from './notification';
export * from './notification-preference';
export * from './payment';
export * from './price-list';
export * from './prestart';
export * from './quote';
export * from './service-record';
export * from './user';
export * from './vehicle';
export * from './wa-towing';

/** The tables only the server holds: accounts, contact messages, the messages it sends. */
export const SERVER_ONLY_TABLES = ['users', 'contact_submissions', 'notifications'] as const;

/** Every table name: the server's own, then the synced ones (one list, {@link SYNCED_TABLES}). */
export const ENTITY_NAMES = [...SERVER_ONLY_TABLES, ...SYNCED_TABLES] as const;
/** A table name. */
export type EntityName = (typeof ENTITY_NAMES)[number];

/** The row schema of each table. */
export const entitySchemas = {
  users: userSchema,
  contact_submissions: contactSubmissionSchema,
  jobs: jobSchema,
  job_updates: jobUpdateSchema,
  emails: emailRecordSchema,
  bookings: bookingSchema,
  feedback: feedbackSchema,
  quotes: quoteSchema,
  vehicles: vehicleSchema,
  service_records: serviceRecordSchema,
  fuel_records: fuelRecordSchema,
  mileage_records: mileageRecordSchema,
  fleet_expenses: fleetExpenseSchema,
  notifications: notificationSchema,
  notification_preferences: notificationPreferenceSchema,
  invoices: invoiceSchema,
  payments: paymentSchema,
  credit_notes: creditNoteSchema,
  job_photos: jobPhotoSchema,
  job_signatures: jobSignatureSchema,
  stored_files: storedFileSchema,
  prestart_checks: prestartCheckSchema,
  vehicle_defects: vehicleDefectSchema,
  job_positions: jobPositionSchema,
  merge_notices: mergeNoticeSchema,
  accounts: accountSchema,
  price_lists: priceListSchema,
  crash_tows: crashTowSchema,
  yard_vehicles: yardVehicleSchema,
  yard_events: yardEventSchema,
  complaints: complaintSchema,
  occurrences: occurrenceSchema,
  driver_shift_events: driverShiftEventSchema,
  vehicle_positions: vehiclePositionSchema,
} as const satisfies Record<EntityName, z.ZodObject>;

/** Row type of a table. */
export type EntityOf<N extends EntityName> = z.infer<(typeof entitySchemas)[N]>;
