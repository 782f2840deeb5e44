/**
 * Dispatch mutators: a driver's shift records (`shift.record`) and sending a driver and a truck
 * to a job in one step (`job.dispatch`). Both queue offline like every mutation.
 */
import { z } from 'zod';
import { DRIVER_SHIFT_EVENT_KINDS } from '../../constants/fatigue';
import type { DriverShiftEvent } from '../../entities/dispatch';
import { MESSAGES } from '../../messages';
import { defineMutator, occurredAt, put, readOne, reject, succeed } from '../mutator';
import type { Row } from '../mutator';
import { leasedIdSchema, jobUpdate } from './common';
import { isJobActionAllowed, type Job, type Vehicle } from './deps';
import { JOB_KEY, eventTime, jobIdSchema, readJobWithHistory } from './job-context';

/**
 * `shift.record`: the signed-in driver starts or ends a shift or a break. The time is when it
 * happened on their device (the mutation's business time, bounded by the server against its
 * receipt), so a driver who taps "End shift" in a dead spot is not paid or rested by when the
 * signal came back. The row belongs to whoever is signed in: nobody records another's hours.
 */
export const shiftRecord = defineMutator({
  name: 'shift.record',
  argsSchema: z.object({
    id: leasedIdSchema,
    kind: z.enum(DRIVER_SHIFT_EVENT_KINDS),
    userName: z.string().trim().min(1).max(100),
  }),
  reads: (args) => [{ key: 'event', entity: 'driver_shift_events' as const, id: args.id }],
  apply(ctx, args) {
    if (readOne(ctx, 'event'))
      return reject('conflict', `Shift record ${args.id} already exists`, 'id');
    // The phone applies its own copy at once with user 0 (it does not hold the account id the
    // server signs the record with); the server's copy, with the session's account, replaces it.
    const userId = Number(ctx.userId);
    if (!Number.isInteger(userId) || userId < 0)
      return reject('invalid_args', MESSAGES.STAFF_REQUIRED, 'userId');
    const event: DriverShiftEvent = {
      id: args.id,
      userId,
      userName: args.userName,
      kind: args.kind,
      at: occurredAt(ctx),
      createdAt: ctx.now,
    };
    return succeed([put('driver_shift_events', event as Row)], { event });
  },
});

/**
 * `job.dispatch`: an owner sends a driver in a truck to a job from the dispatch board, in one
 * step, so the job never shows a driver without a truck or the other way round. The board warns
 * about equipment, inductions and fatigue before this is sent; the owner decides, so none of
 * those refuse it. The driver is named by account id; jobs still carry the driver's assignment
 * name in `assignedTo`, which the board sends with it.
 */
export const jobDispatch = defineMutator({
  name: 'job.dispatch',
  argsSchema: z.object({
    id: jobIdSchema,
    updateId: leasedIdSchema,
    driverId: leasedIdSchema,
    driverName: z.string().trim().min(1).max(100),
    vehicleId: leasedIdSchema,
  }),
  reads: (args) => [
    ...readJobWithHistory(args),
    { key: 'vehicle', entity: 'vehicles' as const, id: args.vehicleId },
  ],
  apply(ctx, args) {
    const job = readOne<Job>(ctx, JOB_KEY);
    if (!job) return reject('not_found', MESSAGES.JOB_NOT_FOUND, 'id');
    if (!isJobActionAllowed(job.status, 'reassign'))
      return reject('invalid_state', MESSAGES.JOB_FINISHED, 'driverId');
    const vehicle = readOne<Vehicle>(ctx, 'vehicle');
    if (!vehicle) return reject('not_found', MESSAGES.VEHICLE_NOT_FOUND, 'vehicleId');
    const updated: Job = {
      ...job,
      assignedTo: args.driverName,
      // The account decides who sees the job; the name is what people read.
      assignedDriverId: args.driverId,
      vehicleId: vehicle.id,
      updatedAt: ctx.now,
    };
    return succeed(
      [
        put('jobs', updated as Row),
        jobUpdate(
          args.updateId,
          job.id,
          job.status,
          `Dispatched: ${args.driverName} in ${vehicle.name}`,
          eventTime(ctx),
        ),
      ],
      { job: updated },
    );
  },
});
