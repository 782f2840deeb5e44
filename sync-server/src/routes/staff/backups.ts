/**
 * Backups, for admins: the status of the scheduled copies and of the last restore,
 * and starting a backup by hand. The work itself runs in backup/service.ts, off the request: a
 * start answers at once (202) and the status shows the run until it is done.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { backupStatusResponseSchema, noBodySchema } from '@pilbara/shared-schema';
import { stopRecoveryWait } from '../../sync/recovery';

export const backupRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/backups',
    {
      schema: {
        summary:
          'Backup status: the last good backup, the last off-machine copy, a failure, and what the last restore could not bring back',
        response: { 200: backupStatusResponseSchema },
      },
    },
    async () => {
      await app.backups.load();
      return { backups: app.backups.status() };
    },
  );

  app.post(
    '/backups',
    {
      schema: {
        summary: 'Start a backup now (answers at once; the status shows it running)',
        body: noBodySchema,
        response: { 202: backupStatusResponseSchema },
      },
    },
    async (_request, reply) => {
      await app.backups.load();
      void app.backups.runNow('manual');
      return reply.code(202).send({ backups: app.backups.status() });
    },
  );

  app.post(
    '/backups/recovery/stop-waiting',
    {
      schema: {
        summary:
          'After a restore: stop letting devices’ changes wait for other devices; what cannot be applied is refused from now on',
        body: noBodySchema,
        response: { 200: backupStatusResponseSchema },
      },
    },
    async () => {
      stopRecoveryWait(app.db, app.now().toISOString());
      return { backups: app.backups.status() };
    },
  );
};
