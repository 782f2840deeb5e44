/**
 * WA's crash towing law (docs/compliance-wa.md): the public complaint form, a crash tow's
 * Authority to Tow PDF, the yard's release signatures, and the records an authorised officer can
 * ask for — CSV and PDF exports for a date range, the complaints register, and the request pack
 * of a job or a period from one button.
 *
 * Writes go through the shared mutators like every other (the complaint form through the
 * server's own apply, so it reaches the staff devices' register by the change log); reads are
 * for admins, except the Authority to Tow, which the job's driver may fetch too.
 */
import fs from 'node:fs';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  MESSAGES,
  complaintInputSchema,
  complaintResponseSchema,
  csvFileSchema,
  booksRangeQuerySchema,
  imageFileSchema,
  jobIdParamsSchema,
  mayHandleJobFiles,
  newComplaint,
  officerPackQuerySchema,
  pdfFileSchema,
  recordsFilename,
  trackParamsSchema,
  type YardVehicle,
} from '@pilbara/shared-schema';
import { z } from 'zod';
import { putLogged, notifyChanges } from '../../db/change-log';
import { mintIntegerId } from '../../db/id-series';
import { getRow } from '../../db/rows';
import { findJob, storedFile } from '../../db/repositories/field-record';
import { findJobByToken } from '../../db/repositories/public-records';
import { HttpError, notFound } from '../../http-error';
import { writeOnce } from '../../plugins/idempotency';
import { requireAdmin, requireUser } from '../../plugins/auth';
import { areaDefaults, errorAnswers } from '../../plugins/route-schemas';
import { buildAuthorityToTow } from '../../services/authority-to-tow';
import {
  complaintsCsv,
  officerPack,
  recordsCsv,
  recordsPdf,
} from '../../services/compliance-records';

const PDF_ANSWER = { content: { 'application/pdf': { schema: pdfFileSchema } } };
const CSV_ANSWER = { content: { 'text/csv': { schema: csvFileSchema } } };
const NOT_A_CRASH_TOW = 'This job is not a crash tow';

/** POST /api/complaints: anyone may complain; the form's outbox resends under one key. */
const publicComplaints: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRoute', areaDefaults({ tag: 'public' }));
  const schema = {
    summary: 'Make a complaint (recorded in the complaints register)',
    body: complaintInputSchema,
    response: { 201: complaintResponseSchema, ...errorAnswers(400, 422, 429) },
  };
  app.post(
    '/complaints',
    { schema, config: { rateLimit: app.limits.publicWrite, idempotent: true } },
    async (request, reply) => {
      const input = request.body;
      const result = writeOnce(app, request, 'POST /api/complaints', () => {
        const now = app.now().toISOString();
        // The server numbers a guest's complaint: a guest never chooses a record's id.
        const complaint = newComplaint(
          { ...input, id: mintIntegerId(app.db, 'complaints'), channel: 'web' },
          { receivedAt: now, now },
        );
        putLogged(app.db, 'complaints', complaint, now);
        return {
          status: 201 as const,
          body: { success: true as const, complaintId: complaint.id },
        };
      });
      if (!result.replayed) notifyChanges(app.db);
      return reply.code(result.status).send(result.body);
    },
  );

  // The parties' copy of a crash tow's Authority to Tow, behind the job's tracking token (the
  // link its text carries): the form's details and signatures, no staff photos or positions.
  const copySchema = {
    summary: 'The party’s copy of the tracking link’s Authority to Tow (PDF)',
    params: trackParamsSchema,
    response: { 200: PDF_ANSWER, ...errorAnswers(404, 429) },
  };
  app.get(
    '/track/:token/authority-to-tow.pdf',
    {
      schema: copySchema,
      config: {
        rateLimit: app.limits.lookup,
        paramsNotFound: { message: MESSAGES.TRACKING_LINK_NOT_FOUND, field: 'token' },
      },
    },
    async (request, reply) => {
      const job = findJobByToken(app.db, request.params.token);
      const copy =
        job &&
        (await buildAuthorityToTow(
          { db: app.db, files: app.fieldFiles, profile: app.profile, now: app.now, pdf: app.pdf },
          job.id,
          'party',
        ));
      if (!copy)
        throw new HttpError(404, MESSAGES.TRACKING_LINK_NOT_FOUND, {
          token: MESSAGES.TRACKING_LINK_NOT_FOUND,
        });
      return reply
        .header('Content-Type', 'application/pdf')
        .header('Content-Disposition', `inline; filename="${copy.fileName}"`)
        .header('Cache-Control', 'no-store')
        .send(Buffer.from(copy.pdf));
    },
  );
};

/** The staff reads. */
const staffReads: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRoute', areaDefaults({ tag: 'staff', admin: true }));
  const deps = () => ({
    db: app.db,
    files: app.fieldFiles,
    profile: app.profile,
    now: app.now,
    pdf: app.pdf,
  });

  const attSchema = {
    summary: 'A crash tow’s Authority to Tow as a PDF (fields, photos, both signatures)',
    params: jobIdParamsSchema,
    response: { 200: PDF_ANSWER, ...errorAnswers(404) },
  };
  app.get(
    '/jobs/:id/authority-to-tow.pdf',
    {
      onRequest: requireUser,
      schema: attSchema,
      config: { paramsNotFound: { message: MESSAGES.JOB_NOT_FOUND } },
    },
    async (request, reply) => {
      const job = findJob(app.db, request.params.id);
      if (!job) throw notFound(MESSAGES.JOB_NOT_FOUND);
      if (!mayHandleJobFiles(request.user, job))
        throw new HttpError(403, MESSAGES.JOB_FILES_FORBIDDEN);
      const att = await buildAuthorityToTow(deps(), job.id);
      if (!att) throw notFound(NOT_A_CRASH_TOW);
      return reply
        .header('Content-Type', 'application/pdf')
        .header('Content-Disposition', `attachment; filename="${att.fileName}"`)
        .header('Cache-Control', 'no-store')
        .send(Buffer.from(att.pdf));
    },
  );

  const signatureSchema = {
    summary: 'The signature of whoever collected a vehicle from the yard (PNG)',
    params: z.object({ id: z.coerce.number().int().positive() }),
    response: {
      200: { content: { 'image/png': { schema: imageFileSchema } } },
      ...errorAnswers(404),
    },
  };
  app.get(
    '/yard/:id/release-signature',
    { onRequest: requireAdmin, schema: signatureSchema },
    async (request, reply) => {
      const release = getRow<YardVehicle>(app.db, 'yard_vehicles', request.params.id)?.release;
      if (!release) throw notFound('This vehicle has no recorded release');
      const path =
        storedFile(app.db, release.contentHash) &&
        (await app.fieldFiles.derived(release.contentHash, release.mimeType, 'original'));
      if (!path) throw notFound('The signature is still on the phone that recorded it');
      return reply
        .type('image/png')
        .header('Cache-Control', 'private, max-age=86400')
        .send(fs.createReadStream(path));
    },
  );

  const rangeDoc = <A>(summary: string, answer: A) => ({
    onRequest: requireAdmin,
    schema: {
      summary,
      querystring: booksRangeQuerySchema,
      response: { 200: answer, ...errorAnswers(400) },
    },
  });
  app.get(
    '/compliance/records.csv',
    rangeDoc('The regulated records of a Perth date range as CSV (reg 13)', CSV_ANSWER),
    async (request, reply) => {
      const range = request.query;
      return reply
        .header('Content-Type', 'text/csv; charset=utf-8')
        .header(
          'Content-Disposition',
          `attachment; filename="${recordsFilename(range.from, range.to, 'csv')}"`,
        )
        .header('Cache-Control', 'no-store')
        .send(recordsCsv(app.db, range));
    },
  );
  app.get(
    '/compliance/records.pdf',
    rangeDoc('The regulated records of a Perth date range as PDF (reg 13)', PDF_ANSWER),
    async (request, reply) => {
      const range = request.query;
      const pdf = await recordsPdf(deps(), range);
      return reply
        .header('Content-Type', 'application/pdf')
        .header(
          'Content-Disposition',
          `attachment; filename="${recordsFilename(range.from, range.to, 'pdf')}"`,
        )
        .header('Cache-Control', 'no-store')
        .send(Buffer.from(pdf));
    },
  );

  const packSchema = {
    summary: 'The authorised officer’s request pack of a job or a period (reg 17), one PDF',
    querystring: officerPackQuerySchema,
    response: { 200: PDF_ANSWER, ...errorAnswers(400, 404) },
  };
  app.get(
    '/compliance/officer-pack.pdf',
    { onRequest: requireAdmin, schema: packSchema },
    async (request, reply) => {
      const pack = await officerPack(deps(), request.query);
      if (!pack) throw notFound('There are no crash tow or storage records for this job');
      return reply
        .header('Content-Type', 'application/pdf')
        .header('Content-Disposition', `attachment; filename="${pack.fileName}"`)
        .header('Cache-Control', 'no-store')
        .send(Buffer.from(pack.pdf));
    },
  );

  const complaintsSchema = {
    summary: 'The complaints register as CSV (reg 16), with each stage’s due and done times',
    response: { 200: CSV_ANSWER },
  };
  app.get(
    '/compliance/complaints.csv',
    { onRequest: requireAdmin, schema: complaintsSchema },
    async (_request, reply) =>
      reply
        .header('Content-Type', 'text/csv; charset=utf-8')
        .header('Content-Disposition', 'attachment; filename="complaints-register.csv"')
        .header('Cache-Control', 'no-store')
        .send(complaintsCsv(app.db)),
  );
};

export const complianceRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(publicComplaints);
  await app.register(staffReads);
};
