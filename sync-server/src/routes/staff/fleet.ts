/**
 * Staff fleet calls: vehicles and their service, fuel and mileage records and expenses. Lists
 * may be narrowed to one vehicle with `?vehicleId=`.
 */
import type { FastifyPluginAsync } from 'fastify';
import {
  MESSAGES,
  fleetExpenseInputSchema,
  fuelRecordInputSchema,
  intIdParamsSchema,
  mileageRecordInputSchema,
  serviceRecordInputSchema,
  vehicleInputSchema,
  vehicleUpdateInputSchema,
  type Vehicle,
} from '@pilbara/shared-schema';
import { z } from 'zod';
import { findRows, type TableName } from '../../db/rows';
import { mintIntegerId } from '../../db/id-series';
import { badRequest } from '../../plugins/errors';
import { parse } from '../../plugins/validation';
import { idParam, mutate } from './mutate';

const vehicleFilterSchema = z.object({
  vehicleId: z.coerce
    .number({ error: MESSAGES.VEHICLE_REQUIRED })
    .int(MESSAGES.VEHICLE_REQUIRED)
    .positive(MESSAGES.VEHICLE_REQUIRED)
    .optional(),
});

const NOTHING_TO_UPDATE = 'Send at least one vehicle field to change';

/** A PUT body: absent keys keep their stored value (no defaults are applied). */
const vehiclePatchSchema = vehicleUpdateInputSchema.partial();

/** One record kind: its table, list key, single key, create mutator and input schema. */
const RECORD_KINDS = [
  {
    path: '/service-records',
    table: 'service_records',
    list: 'serviceRecords',
    one: 'serviceRecord',
    mutator: 'service.add',
    schema: serviceRecordInputSchema,
  },
  {
    path: '/fuel-records',
    table: 'fuel_records',
    list: 'fuelRecords',
    one: 'fuelRecord',
    mutator: 'fuel.add',
    schema: fuelRecordInputSchema,
  },
  {
    path: '/mileage-records',
    table: 'mileage_records',
    list: 'mileageRecords',
    one: 'mileageRecord',
    mutator: 'mileage.add',
    schema: mileageRecordInputSchema,
  },
  {
    path: '/fleet-expenses',
    table: 'fleet_expenses',
    list: 'fleetExpenses',
    one: 'fleetExpense',
    mutator: 'expense.add',
    schema: fleetExpenseInputSchema,
  },
] as const satisfies readonly {
  path: string;
  table: TableName;
  list: string;
  one: string;
  mutator: string;
  schema: z.ZodType;
}[];

export const fleetRoutes: FastifyPluginAsync = async (app) => {
  app.get('/vehicles', async () => ({ vehicles: findRows<Vehicle>(app.db, 'vehicles') }));

  app.post('/vehicles', async (request, reply) => {
    const input = parse(vehicleInputSchema, request.body);
    const { vehicle } = mutate<{ vehicle: Vehicle }>(app, request, () => ({
      name: 'vehicle.add',
      args: { ...input, id: input.id ?? mintIntegerId(app.db, 'vehicles') },
    }));
    return reply.code(201).send({ vehicle });
  });

  app.put('/vehicles/:id', async (request) => {
    const id = idParam(intIdParamsSchema, request.params, MESSAGES.VEHICLE_NOT_FOUND);
    const patch = parse(vehiclePatchSchema, request.body);
    if (Object.keys(patch).length === 0) throw badRequest(NOTHING_TO_UPDATE);
    // The fleet screen's two tick-box lists have their own named mutators.
    const keys = Object.keys(patch);
    const only = keys.length === 1 ? keys[0] : undefined;
    const mutation =
      only === 'modifications'
        ? { name: 'vehicle.updateModifications', args: { id, modifications: patch.modifications } }
        : only === 'specialFeatures'
          ? {
              name: 'vehicle.updateSpecialFeatures',
              args: { id, specialFeatures: patch.specialFeatures },
            }
          : { name: 'vehicle.update', args: { id, patch } };
    const { vehicle } = mutate<{ vehicle: Vehicle }>(app, request, () => mutation);
    return { vehicle };
  });

  app.delete('/vehicles/:id', async (request) => {
    const id = idParam(intIdParamsSchema, request.params, MESSAGES.VEHICLE_NOT_FOUND);
    mutate(app, request, () => ({ name: 'vehicle.remove', args: { id } }));
    return { success: true };
  });

  for (const kind of RECORD_KINDS) {
    app.get(kind.path, async (request) => {
      const { vehicleId } = parse(vehicleFilterSchema, request.query);
      return {
        [kind.list]: findRows(app.db, kind.table, { vehicleId }, { orderBy: '-createdAt' }),
      };
    });

    app.post(kind.path, async (request, reply) => {
      const input = parse(kind.schema, request.body);
      const { record } = mutate<{ record: unknown }>(app, request, () => ({
        name: kind.mutator,
        args: { ...input, id: input.id ?? mintIntegerId(app.db, kind.table) },
      }));
      return reply.code(201).send({ [kind.one]: record });
    });
  }
};
