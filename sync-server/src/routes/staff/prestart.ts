/**
 * Staff calls of the daily pre-start checks and defects. A driver and an admin read
 * the checks and defects, submit a check and resolve a defect (the mutators' role rules say so);
 * the fleet's due list is for both; a vehicle's history PDF and the vehicle a job goes out on are
 * for admins. Every write is a mutator through the shared apply path.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  MESSAGES,
  defectFilterQuerySchema,
  defectResolutionInputSchema,
  fleetDueResponseSchema,
  intIdParamsSchema,
  jobIdParamsSchema,
  jobVehicleInputSchema,
  jobVehicleResponseSchema,
  pdfFileSchema,
  prestartCheckInputSchema,
  prestartCheckResponseSchema,
  prestartChecksResponseSchema,
  vehicleDefectResponseSchema,
  vehicleDefectsResponseSchema,
  vehicleFilterQuerySchema,
  vehicleHistoryDocument,
  type Job,
  type PrestartCheck,
  type VehicleDefect,
} from '@pilbara/shared-schema';
import { mintIntegerId } from '../../db/id-series';
import { getRow } from '../../db/rows';
import { checksOf, defectsOf, dueItems, vehicleHistory } from '../../db/repositories/prestart';
import { notFound } from '../../http-error';
import { requireAdmin } from '../../plugins/auth';
import { errorAnswers } from '../../plugins/route-schemas';
import { mutate } from './mutate';

const DEFECT_NOT_FOUND = 'Defect not found';

export const prestartRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/prestart-checks',
    {
      schema: {
        summary: 'Pre-start checks (of one vehicle with ?vehicleId=), newest first',
        querystring: vehicleFilterQuerySchema,
        response: { 200: prestartChecksResponseSchema, ...errorAnswers(400) },
      },
    },
    async (request) => ({ checks: checksOf(app.db, request.query.vehicleId) }),
  );

  app.post(
    '/prestart-checks',
    {
      schema: {
        summary: 'Record a pre-start check; each failed item raises a defect',
        body: prestartCheckInputSchema,
        response: { 201: prestartCheckResponseSchema, ...errorAnswers(400, 404, 409) },
      },
    },
    async (request, reply) => {
      const input = request.body;
      const { check } = mutate<{ check: PrestartCheck }>(app, request, () => ({
        name: 'prestart.submit',
        args: {
          ...input,
          // The server numbers a REST caller's rows; ids sent are dropped.
          id: mintIntegerId(app.db, 'prestart_checks'),
          items: input.items.map((answer) =>
            answer.result === 'fail'
              ? { ...answer, defectId: mintIntegerId(app.db, 'vehicle_defects') }
              : answer,
          ),
        },
      }));
      const defects = defectsOf(app.db, { vehicleId: check.vehicleId }).filter(
        (defect) => defect.checkId === check.id,
      );
      return reply.code(201).send({ check, defects });
    },
  );

  app.get(
    '/vehicle-defects',
    {
      schema: {
        summary: 'Defects (of one vehicle, open or resolved), newest first',
        querystring: defectFilterQuerySchema,
        response: { 200: vehicleDefectsResponseSchema, ...errorAnswers(400) },
      },
    },
    async (request) => ({ defects: defectsOf(app.db, request.query) }),
  );

  app.post(
    '/vehicle-defects/:id/resolve',
    {
      schema: {
        summary: 'Resolve a defect by a service record of its vehicle, or as fixed with a note',
        params: intIdParamsSchema,
        body: defectResolutionInputSchema,
        response: { 200: vehicleDefectResponseSchema, ...errorAnswers(400, 404, 409) },
      },
      config: { paramsNotFound: { message: DEFECT_NOT_FOUND } },
    },
    async (request) => {
      const found = getRow<VehicleDefect>(app.db, 'vehicle_defects', request.params.id);
      if (!found) throw notFound(DEFECT_NOT_FOUND);
      const { defect } = mutate<{ defect: VehicleDefect }>(app, request, () => ({
        name: 'defect.resolve',
        args: { ...request.body, id: found.id, vehicleId: found.vehicleId },
      }));
      return { defect };
    },
  );

  app.get(
    '/fleet/due',
    {
      schema: {
        summary: 'What is due across the fleet today: services, expiries, missing pre-starts',
        response: { 200: fleetDueResponseSchema },
      },
    },
    async () => ({ items: dueItems(app.db, app.now().toISOString()) }),
  );

  app.get(
    '/vehicles/:id/history.pdf',
    {
      onRequest: requireAdmin,
      schema: {
        summary: 'A vehicle’s check and defect history as a PDF, for a site audit',
        params: intIdParamsSchema,
        response: {
          200: { content: { 'application/pdf': { schema: pdfFileSchema } } },
          ...errorAnswers(404),
        },
      },
      config: { paramsNotFound: { message: MESSAGES.VEHICLE_NOT_FOUND } },
    },
    async (request, reply) => {
      const history = vehicleHistory(app.db, request.params.id);
      if (!history) throw notFound(MESSAGES.VEHICLE_NOT_FOUND);
      const doc = vehicleHistoryDocument({
        ...history,
        profile: app.profile,
        printedAt: app.now().toISOString(),
      });
      const pdf = await app.pdf.render({ kind: 'vehicleHistory', doc });
      return reply
        .header('Content-Type', 'application/pdf')
        .header('Content-Disposition', `attachment; filename="${doc.fileName}"`)
        .header('Cache-Control', 'no-store')
        .send(Buffer.from(pdf));
    },
  );

  app.put(
    '/jobs/:id/vehicle',
    {
      schema: {
        summary: 'The vehicle a job goes out on (null for none)',
        params: jobIdParamsSchema,
        body: jobVehicleInputSchema,
        response: { 200: jobVehicleResponseSchema, ...errorAnswers(400, 404) },
      },
    },
    async (request) => {
      const { job } = mutate<{ job: Job }>(app, request, () => ({
        name: 'job.assignVehicle',
        args: { id: request.params.id, vehicleId: request.body.vehicleId },
      }));
      return { job };
    },
  );
};
