import { describe, expect, it } from 'vitest';
import { MESSAGES } from '../messages';
import { applyInMemory } from './memory-store';
import type { ReadSpec, Row } from './mutator';
import { fuelAddArgs } from './mutators/test-args';
import { aJob, aVehicle, NOW } from './mutators/test-fixtures';
import { applyPrepared, prepareMutation, runMutation } from './runner';

const CTX = { now: NOW, userId: 1 };

const FUEL = fuelAddArgs({ id: 7, odometerReading: 120_500 });

describe('the mutator runner core', () => {
  it('answers an unknown name with unknown_mutator, loading nothing', () => {
    const loads: ReadSpec[] = [];
    const outcome = runMutation('job.teleport', { id: 'JOB-2026-1' }, CTX, (read) => {
      loads.push(read);
      return [];
    });
    expect(outcome).toEqual({
      ok: false,
      code: 'unknown_mutator',
      message: 'Unknown mutation job.teleport',
    });
    expect(loads).toEqual([]);
  });

  it('reports every bad argument by its path, the first one as the message and field', () => {
    const outcome = runMutation('fuel.add', { ...FUEL, liters: 5, location: '' }, CTX, () => []);
    expect(outcome).toEqual({
      ok: false,
      code: 'invalid_args',
      message: MESSAGES.LOCATION_REQUIRED,
      field: 'location',
      fields: { location: MESSAGES.LOCATION_REQUIRED, liters: MESSAGES.LITERS_MIN },
    });
  });

  it('gives a refusal about one argument its fields too', () => {
    const outcome = runMutation('job.markEnRoute', { id: 'JOB-2026-1', updateId: 3 }, CTX, () => [
      aJob({ status: 'Completed', progress: 100 }) as Row,
    ]);
    expect(outcome).toEqual({
      ok: false,
      code: 'invalid_state',
      message: MESSAGES.JOB_ACTION_NOT_ALLOWED,
      field: 'status',
      fields: { status: MESSAGES.JOB_ACTION_NOT_ALLOWED },
    });
  });

  it('runs in steps for an asynchronous store: the declared reads, then the rows by key', async () => {
    const start = prepareMutation('fuel.add', FUEL);
    if (!start.ok) throw new Error(start.message);
    expect(start.prepared.reads.map((read) => [read.key, read.entity])).toEqual([
      ['record', 'fuel_records'],
      ['vehicle', 'vehicles'],
    ]);
    const vehicle = aVehicle({ id: 1, mileage: 120_000 }) as Row;
    const rows = await Promise.resolve({ record: [], vehicle: [vehicle] });
    const outcome = applyPrepared(start.prepared, CTX, rows);
    expect(outcome.ok).toBe(true);
    if (outcome.ok) {
      expect(outcome.changes.map((change) => [change.entity, change.id])).toEqual([
        ['fuel_records', 7],
        ['vehicles', 1],
      ]);
    }
  });

  it('is what the in-memory store answers, to the letter', () => {
    const args = { ...FUEL, liters: 5, location: '' };
    expect(applyInMemory({}, 'fuel.add', args, CTX).outcome).toEqual(
      runMutation('fuel.add', args, CTX, () => []),
    );
  });
});
