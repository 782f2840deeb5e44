/**
 * `position.report`: the driver's phone shares where the truck is while a job is En
 * Route. Reports queue offline like every mutation and may arrive late, out of order or after
 * the job moved on, so the mutator keeps only what the customer's page needs: the newest fix
 * of a job that is En Route now. A report that is older than the stored fix, or for a job no
 * longer En Route, changes nothing (and is not an error a driver has to deal with).
 */
import { z } from 'zod';
import { isoDateTimeSchema } from '../../entities/common';
import type { VehiclePosition } from '../../entities/dispatch';
import type { JobPosition } from '../../entities/job-position';
import { MESSAGES } from '../../messages';
import { defineMutator, put, readMany, readOne, reject, succeed } from '../mutator';
import type { Row } from '../mutator';
import { textIdSchema } from './common';
import type { Job } from './deps';

export const positionReport = defineMutator({
  name: 'position.report',
  argsSchema: z.object({
    jobId: textIdSchema('JOB'),
    latitude: z.number().min(-90).max(90),
    longitude: z.number().min(-180).max(180),
    accuracy: z.number().min(0).nullable(),
    recordedAt: isoDateTimeSchema,
  }),
  reads: (args) => [
    { key: 'job', entity: 'jobs' as const, id: args.jobId },
    { key: 'position', entity: 'job_positions' as const, id: args.jobId },
    // The truck's own last position: which truck is read from the job, so every position of
    // the fleet is loaded (one small row per truck).
    { key: 'truckPositions', entity: 'vehicle_positions' as const, where: {} },
  ],
  apply(ctx, args) {
    const job = readOne<Job>(ctx, 'job');
    if (!job) return reject('not_found', MESSAGES.JOB_NOT_FOUND, 'jobId');
    if (job.status !== 'En Route') return succeed([]);
    // A phone whose clock runs fast cannot make the truck look seen in the future.
    const recordedAt = args.recordedAt > ctx.now ? ctx.now : args.recordedAt;
    const stored = readOne<JobPosition>(ctx, 'position');
    if (stored && stored.recordedAt >= recordedAt) return succeed([]);
    const position: JobPosition = {
      id: job.id,
      jobId: job.id,
      latitude: args.latitude,
      longitude: args.longitude,
      accuracy: args.accuracy,
      recordedAt,
      updatedAt: ctx.now,
    };
    const changes = [put('job_positions', position as Row)];
    // The truck keeps its last position after the job (the dispatch board measures from it).
    if (typeof job.vehicleId === 'number') {
      const truck = readMany<VehiclePosition>(ctx, 'truckPositions').find(
        (row) => row.id === job.vehicleId,
      );
      if (!truck || truck.recordedAt < recordedAt) {
        const next: VehiclePosition = {
          id: job.vehicleId,
          vehicleId: job.vehicleId,
          latitude: args.latitude,
          longitude: args.longitude,
          recordedAt,
          jobId: job.id,
          updatedAt: ctx.now,
        };
        changes.push(put('vehicle_positions', next as Row));
      }
    }
    return succeed(changes, { position });
  },
});
