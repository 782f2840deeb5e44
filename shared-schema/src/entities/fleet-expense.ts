import { z } from 'zod';
import { centsSchema, intIdSchema, isoDateOrDateTimeSchema, isoDateTimeSchema } from './common';

/** Table `fleet_expenses`: any other cost of a vehicle (tyres, registration, insurance…). */
export const fleetExpenseSchema = z.object({
  id: intIdSchema,
  vehicleId: intIdSchema,
  expenseType: z.string(),
  description: z.string().nullable(),
  amount: centsSchema,
  vendor: z.string().nullable(),
  invoiceNumber: z.string().nullable(),
  expenseDate: isoDateOrDateTimeSchema,
  category: z.string().nullable(),
  isPaid: z.boolean(),
  paymentMethod: z.string().nullable(),
  notes: z.string().nullable(),
  createdAt: isoDateTimeSchema,
});
/** A stored fleet expense. */
export type FleetExpense = z.infer<typeof fleetExpenseSchema>;
