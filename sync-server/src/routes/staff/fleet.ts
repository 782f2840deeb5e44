/**
 * Staff fleet calls: vehicles and their service, fuel and mileage records and expenses. Lists
 * may be narrowed to one vehicle with `?vehicleId=`. A driver reads the vehicles and records and
 * logs service, fuel and mileage; changing vehicles is refused by the mutators' role rules, and
 * the expenses are for admins only.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import {
  MESSAGES,
  fleetExpenseInputSchema,
  fleetExpenseResponseSchema,
  fleetExpensesResponseSchema,
  fuelRecordInputSchema,
  fuelRecordResponseSchema,
  fuelRecordsResponseSchema,
  intIdParamsSchema,
  mileageRecordInputSchema,
  mileageRecordResponseSchema,
  mileageRecordsResponseSchema,
  serviceRecordInputSchema,
  serviceRecordResponseSchema,
  serviceRecordsResponseSchema,
  successResponseSchema,
  vehicleFilterQuerySchema,
  vehicleInputSchema,
  vehiclePatchInputSchema,
  vehicleResponseSchema,
  vehiclesResponseSchema,
  type NamedMutation,
  type Vehicle,
} from '@pilbara/shared-schema';
import { findRows } from '../../db/rows';
import type { TableName } from '../../db/tables';
import { mintIntegerId } from '../../db/id-series';
import { badRequest } from '../../http-error';
import { requireAdmin } from '../../plugins/auth';
import { errorAnswers } from '../../plugins/route-schemas';
import { mutate } from './mutate';

const NOTHING_TO_UPDATE = 'Send at least one vehicle field to change';

/** A vehicle id that cannot exist is answered like an unknown one. */
const vehicleNotFound = { paramsNotFound: { message: MESSAGES.VEHICLE_NOT_FOUND } };

/** One record kind: its path, table, list and single keys, create mutator and schemas. */
const RECORD_KINDS = [
  {
    path: '/service-records',
    table: 'service_records',
    list: 'serviceRecords',
    one: 'serviceRecord',
    mutator: 'service.add',
    body: serviceRecordInputSchema,
    listResponse: serviceRecordsResponseSchema,
    oneResponse: serviceRecordResponseSchema,
  },
  {
    path: '/fuel-records',
    table: 'fuel_records',
    list: 'fuelRecords',
    one: 'fuelRecord',
    mutator: 'fuel.add',
    body: fuelRecordInputSchema,
    listResponse: fuelRecordsResponseSchema,
    oneResponse: fuelRecordResponseSchema,
  },
  {
    path: '/mileage-records',
    table: 'mileage_records',
    list: 'mileageRecords',
    one: 'mileageRecord',
    mutator: 'mileage.add',
    body: mileageRecordInputSchema,
    listResponse: mileageRecordsResponseSchema,
    oneResponse: mileageRecordResponseSchema,
  },
  {
    path: '/fleet-expenses',
    table: 'fleet_expenses',
    list: 'fleetExpenses',
    one: 'fleetExpense',
    mutator: 'expense.add',
    body: fleetExpenseInputSchema,
    listResponse: fleetExpensesResponseSchema,
    oneResponse: fleetExpenseResponseSchema,
    // What the business spends is for admins; a driver logs fuel, service and mileage.
    adminOnly: true,
  },
] as const satisfies readonly {
  path: string;
  table: TableName;
  list: string;
  one: string;
  mutator: NamedMutation['name'];
  adminOnly?: boolean;
  body: z.ZodType<{ id?: number | undefined }>;
  listResponse: z.ZodType;
  oneResponse: z.ZodType;
}[];

/** The vehicle mutation a PUT body makes: the two tick-box lists have their own mutators. */
function vehiclePatchMutation(
  id: number,
  patch: z.output<typeof vehiclePatchInputSchema>,
): NamedMutation {
  const only = Object.keys(patch).length === 1;
  if (only && patch.modifications !== undefined) {
    return {
      name: 'vehicle.updateModifications',
      args: { id, modifications: patch.modifications },
    };
  }
  if (only && patch.specialFeatures !== undefined) {
    return {
      name: 'vehicle.updateSpecialFeatures',
      args: { id, specialFeatures: patch.specialFeatures },
    };
  }
  return { name: 'vehicle.update', args: { id, patch } };
}

export const fleetRoutes: FastifyPluginAsyncZod = async (app) => {
  const listSchema = {
    summary: 'Every vehicle in the fleet (a removed one is kept for its records, not listed)',
    response: { 200: vehiclesResponseSchema },
  };
  app.get('/vehicles', { schema: listSchema }, async () => ({
    vehicles: findRows<Vehicle>(app.db, 'vehicles').filter((vehicle) => vehicle.isActive),
  }));

  const addSchema = {
    summary: 'Add a vehicle',
    body: vehicleInputSchema,
    response: { 201: vehicleResponseSchema, ...errorAnswers(400, 409) },
  };
  app.post('/vehicles', { schema: addSchema }, async (request, reply) => {
    // The server numbers a REST caller's rows; an `id` sent is dropped.
    const { id: _dropped, ...input } = request.body;
    const { vehicle } = mutate<{ vehicle: Vehicle }>(app, request, () => ({
      name: 'vehicle.add',
      args: { ...input, id: mintIntegerId(app.db, 'vehicles') },
    }));
    return reply.code(201).send({ vehicle });
  });

  const updateSchema = {
    summary: 'Change a vehicle’s fields; absent fields keep their value',
    params: intIdParamsSchema,
    body: vehiclePatchInputSchema,
    response: { 200: vehicleResponseSchema, ...errorAnswers(400, 404, 409) },
  };
  app.put('/vehicles/:id', { schema: updateSchema, config: vehicleNotFound }, async (request) => {
    const patch = request.body;
    if (Object.keys(patch).length === 0) throw badRequest(NOTHING_TO_UPDATE);
    const mutation = vehiclePatchMutation(request.params.id, patch);
    const { vehicle } = mutate<{ vehicle: Vehicle }>(app, request, () => mutation);
    return { vehicle };
  });

  const removeSchema = {
    summary: 'Remove a vehicle with its records',
    params: intIdParamsSchema,
    response: { 200: successResponseSchema, ...errorAnswers(404, 409) },
  };
  app.delete(
    '/vehicles/:id',
    { schema: removeSchema, config: vehicleNotFound },
    async (request) => {
      mutate(app, request, () => ({ name: 'vehicle.remove', args: { id: request.params.id } }));
      return { success: true as const };
    },
  );

  for (const kind of RECORD_KINDS) {
    const kindListSchema = {
      summary: `The ${kind.list} (of one vehicle with ?vehicleId=), newest first`,
      querystring: vehicleFilterQuerySchema,
      response: { 200: kind.listResponse, ...errorAnswers(400) },
    };
    const guard = 'adminOnly' in kind ? { onRequest: requireAdmin } : {};
    app.get(kind.path, { ...guard, schema: kindListSchema }, async (request) => {
      const { vehicleId } = request.query;
      return {
        [kind.list]: findRows(app.db, kind.table, { vehicleId }, { orderBy: '-createdAt' }),
      } as z.output<typeof kind.listResponse>;
    });

    const kindAddSchema = {
      summary: `Add a ${kind.one}`,
      body: kind.body,
      response: { 201: kind.oneResponse, ...errorAnswers(400, 404, 409) },
    };
    app.post(kind.path, { ...guard, schema: kindAddSchema }, async (request, reply) => {
      const input = request.body;
      const { record } = mutate<{ record: unknown }>(
        app,
        request,
        // Each kind's body schema is its mutator's arguments without the id; TypeScript cannot
        // follow that pairing through the loop, the mutator's schema checks it again.
        () =>
          ({
            name: kind.mutator,
            args: { ...input, id: mintIntegerId(app.db, kind.table) },
          }) as NamedMutation,
      );
      return reply.code(201).send({ [kind.one]: record } as z.output<typeof kind.oneResponse>);
    });
  }
};
