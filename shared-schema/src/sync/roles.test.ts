import { describe, expect, it } from 'vitest';
import { MESSAGES } from '../messages';
import {
  assignmentName,
  canRunMutator,
  canSeeJob,
  canSyncTable,
  jobForActor,
  maySeeJobContact,
  roleOf,
  type Actor,
} from '../rules/roles';
import type { ReadSpec, Row } from './mutator';
import { aJob, aVehicle, NOW } from './mutators/test-fixtures';
import { runMutation } from './runner';
import type { ChangeEntry } from './protocol';
import { scopeChange, scopeChanges } from './scope';
import type { FileReferences } from '../rules/field-record';

const ADMIN: Actor = { role: 'admin', id: 1, name: 'Sam Taylor' };
const SAM: Actor = { role: 'driver', id: 2, name: 'Sam Taylor' };
const CUSTOMER: Actor = { role: 'customer', id: 9, name: 'Kim Ng' };
/** Sam's and Alex's jobs, by account. */
const SAMS = { assignedTo: 'Sam Taylor', assignedDriverId: 2 };
const ALEXS = { assignedTo: 'Alex Morgan', assignedDriverId: 3 };

/** Runs a mutation as `actor` against one job and one vehicle, loading them by id. */
function run(actor: Actor, name: string, args: unknown, job = aJob()) {
  const vehicle = aVehicle();
  return runMutation(name, args, { now: NOW, userId: 7, actor }, (read: ReadSpec) => {
    if (!('id' in read)) return [];
    if (read.entity === 'jobs' && read.id === job.id) return [job as Row];
    if (read.entity === 'vehicles' && read.id === vehicle.id) return [vehicle as Row];
    return [];
  });
}

describe('roles', () => {
  it('names a driver by first and last name, else by username', () => {
    expect(assignmentName({ username: 'sam', firstName: ' Sam ', lastName: 'Taylor' })).toBe(
      'Sam Taylor',
    );
    expect(assignmentName({ username: 'sam', firstName: null, lastName: '' })).toBe('sam');
  });

  it('reads an unknown stored role as a customer', () => {
    expect(roleOf('driver')).toBe('driver');
    expect(roleOf('superuser')).toBe('customer');
  });

  it('lets a driver see their own and unassigned jobs only, by account', () => {
    expect(canSeeJob(SAM, SAMS)).toBe(true);
    expect(canSeeJob(SAM, { assignedTo: null })).toBe(true);
    expect(canSeeJob(SAM, { assignedTo: 'Unassigned', assignedDriverId: null })).toBe(true);
    expect(canSeeJob(SAM, ALEXS)).toBe(false);
    expect(canSeeJob(SAM, { assignedTo: 'Both' })).toBe(false);
    // Another driver who happens to be called Sam Taylor too: not Sam's.
    expect(canSeeJob(SAM, { assignedTo: 'Sam Taylor', assignedDriverId: 4 })).toBe(false);
    // A name no account stands behind (a job from before accounts): with the admins.
    expect(canSeeJob(SAM, { assignedTo: 'Sam Taylor', assignedDriverId: null })).toBe(false);
    expect(canSeeJob(ADMIN, ALEXS)).toBe(true);
    expect(canSeeJob(CUSTOMER, { assignedTo: null })).toBe(false);
  });

  it('shows a driver the customer’s phone and email only on their own jobs not cancelled', () => {
    const contact = { phone: '0412 345 678', email: 'jo@example.com' };
    const hidden = { phone: '', email: null };
    const mine = { ...SAMS, ...contact, status: 'Assigned' };
    expect(maySeeJobContact(SAM, mine)).toBe(true);
    expect(jobForActor(SAM, mine)).toBe(mine);
    const open = { assignedTo: null, ...contact, status: 'Assigned' };
    expect(jobForActor(SAM, open)).toEqual({ ...open, ...hidden });
    const cancelled = { assignedTo: null, ...contact, status: 'Cancelled' };
    expect(jobForActor(SAM, cancelled)).toEqual({ ...cancelled, ...hidden });
    expect(jobForActor(SAM, { ...mine, status: 'Cancelled' })).toEqual({
      ...mine,
      status: 'Cancelled',
      ...hidden,
    });
    expect(jobForActor(ADMIN, cancelled)).toBe(cancelled);
  });

  it('syncs to a driver the job and fleet tables, never billing, bookings or emails', () => {
    for (const table of ['jobs', 'job_updates', 'vehicles', 'fuel_records', 'mileage_records'])
      expect(canSyncTable(SAM, table), table).toBe(true);
    for (const table of ['quotes', 'invoices', 'payments', 'bookings', 'emails', 'fleet_expenses'])
      expect(canSyncTable(SAM, table), table).toBe(false);
    expect(canSyncTable(ADMIN, 'invoices')).toBe(true);
    expect(canRunMutator(SAM, 'quote.save')).toBe(false);
    expect(canRunMutator(SAM, 'fuel.add')).toBe(true);
  });
});

describe('the runner enforces the actor’s role', () => {
  it('lets a driver move their own job along', () => {
    const outcome = run(SAM, 'job.markEnRoute', { id: 'JOB-2026-1', updateId: 5 }, aJob(SAMS));
    expect(outcome.ok).toBe(true);
  });

  it('answers another driver’s job as not found, and a billing mutator as forbidden', () => {
    const theirs = aJob(ALEXS);
    expect(run(SAM, 'job.markEnRoute', { id: theirs.id, updateId: 5 }, theirs)).toEqual({
      ok: false,
      code: 'not_found',
      message: MESSAGES.JOB_NOT_FOUND,
      field: 'id',
      fields: { id: MESSAGES.JOB_NOT_FOUND },
    });
    expect(run(SAM, 'job.delete', { id: 'JOB-2026-1' })).toMatchObject({
      ok: false,
      code: 'forbidden',
      message: MESSAGES.ADMIN_REQUIRED,
    });
    expect(run(SAM, 'vehicle.remove', { id: 1 })).toMatchObject({ code: 'forbidden' });
    expect(run(CUSTOMER, 'job.delete', { id: 'JOB-2026-1' })).toMatchObject({ code: 'forbidden' });
    // A refusal names the role needed: a driver's step needs staff, the rest an admin.
    expect(
      run(CUSTOMER, 'job.markEnRoute', { id: 'JOB-2026-1', updateId: 5 }, aJob()),
    ).toMatchObject({ code: 'forbidden', message: MESSAGES.STAFF_REQUIRED });
  });

  it('lets a driver take an unassigned job but not hand one to someone else', () => {
    const open = aJob({ assignedTo: null, assignedDriverId: null });
    const to = (who: typeof SAMS) => ({ id: open.id, updateId: 5, ...who });
    expect(run(SAM, 'job.reassign', to(SAMS), open).ok).toBe(true);
    expect(run(SAM, 'job.reassign', to(ALEXS), open)).toMatchObject({
      ok: false,
      code: 'forbidden',
      field: 'assignedTo',
    });
    // Sam's name on another account is another driver.
    expect(
      run(SAM, 'job.reassign', to({ assignedTo: 'Sam Taylor', assignedDriverId: 4 }), open),
    ).toMatchObject({ ok: false, code: 'forbidden' });
    expect(run(ADMIN, 'job.reassign', to(ALEXS), open).ok).toBe(true);
  });
});

describe('the sync scope of a role', () => {
  const entry = (entity: ChangeEntry['entity'], rowId: string | number, data: object) =>
    ({ seq: 1, entity, rowId, op: 'put', data }) as ChangeEntry;
  const jobs: Record<string, { assignedTo: string | null; assignedDriverId: number | null }> = {
    'JOB-2026-1': SAMS,
    'JOB-2026-2': ALEXS,
  };
  const jobOf = (id: string) => jobs[id];

  it('sends an admin everything', () => {
    const quote = entry('quotes', 'Q-2026-1', { id: 'Q-2026-1' });
    expect(scopeChange(ADMIN, quote, jobOf, { fromStart: true })).toBe(quote);
  });

  it('sends a driver their jobs and the fleet, nothing of billing or others’ jobs', () => {
    const mine = entry('jobs', 'JOB-2026-1', SAMS);
    const theirs = entry('jobs', 'JOB-2026-2', ALEXS);
    const theirHistory = entry('job_updates', 9, { jobId: 'JOB-2026-2' });
    const theirPhoto = entry('job_photos', 4, { jobId: 'JOB-2026-2' });
    const myPhoto = entry('job_photos', 5, { jobId: 'JOB-2026-1' });
    const myHistory = entry('job_updates', 8, { jobId: 'JOB-2026-1' });
    const page = [
      mine,
      theirs,
      myHistory,
      theirHistory,
      theirPhoto,
      myPhoto,
      entry('quotes', 'Q-2026-1', {}),
      entry('invoices', 'INV-2026-1', {}),
      entry('fuel_records', 3, { vehicleId: 1 }),
    ];
    expect(scopeChanges(SAM, page, jobOf, { fromStart: true })).toEqual([
      mine,
      myHistory,
      myPhoto,
      page[8],
    ]);
    // A device that may hold the job from before gets it taken away, with no data.
    expect(scopeChanges(SAM, page, jobOf, { fromStart: false })).toEqual([
      mine,
      { ...theirs, op: 'delete', data: null },
      myHistory,
      { ...theirHistory, op: 'delete', data: null },
      { ...theirPhoto, op: 'delete', data: null },
      myPhoto,
      page[8],
    ]);
    expect(scopeChanges(CUSTOMER, page, jobOf, { fromStart: false })).toEqual([]);
  });

  it('sends a driver an unassigned job without the customer’s phone and email', () => {
    const open = entry('jobs', 'JOB-2026-3', {
      assignedTo: null,
      status: 'Cancelled',
      phone: '0412 345 678',
      email: 'jo@example.com',
    });
    expect(scopeChange(SAM, open, jobOf, { fromStart: true })?.data).toMatchObject({
      phone: '',
      email: null,
    });
    expect(scopeChange(ADMIN, open, jobOf, { fromStart: true })).toBe(open);
  });

  it('sends a driver only the stored files a record they may see names', () => {
    const file = (hash: string) => entry('stored_files', hash, { id: hash });
    const refs: Record<string, FileReferences> = {
      mine: { jobs: [SAMS], fleet: false, uploadedByActor: false },
      theirs: { jobs: [ALEXS], fleet: false, uploadedByActor: false },
      defect: { jobs: [], fleet: true, uploadedByActor: false },
      uploaded: { jobs: [ALEXS], fleet: false, uploadedByActor: true },
    };
    const page = ['mine', 'theirs', 'defect', 'uploaded', 'unknown'].map(file);
    const options = { fromStart: false, fileRefs: (hash: string) => refs[hash] };
    expect(scopeChanges(SAM, page, jobOf, options).map((change) => change.rowId)).toEqual([
      'mine',
      'defect',
      'uploaded',
    ]);
    // Never as a delete either: a delete would carry the other driver's hash.
    expect(scopeChange(SAM, { ...file('theirs'), op: 'delete', data: null }, jobOf, options)).toBe(
      undefined,
    );
    expect(scopeChanges(SAM, page, jobOf, { fromStart: false })).toEqual([]);
    expect(scopeChanges(ADMIN, page, jobOf, { fromStart: false })).toEqual(page);
  });
});

describe('a job leaving a driver’s sight', () => {
  it('takes its earlier history, photos and signatures with it as deletes', () => {
    const handedOn = {
      seq: 7,
      entity: 'jobs',
      rowId: 'JOB-2026-1',
      op: 'put',
      data: ALEXS,
    } as ChangeEntry;
    const newHistory = {
      seq: 8,
      entity: 'job_updates',
      rowId: 12,
      op: 'put',
      data: { jobId: 'JOB-2026-1' },
    } as ChangeEntry;
    const scoped = scopeChanges(SAM, [handedOn, newHistory], () => ALEXS, {
      fromStart: false,
      childrenOf: () => [
        { entity: 'job_updates', rowId: 10 },
        { entity: 'job_updates', rowId: 11 },
        { entity: 'job_updates', rowId: 12 },
        { entity: 'job_photos', rowId: 10 },
      ],
    });
    expect(scoped.map((entry) => [entry.entity, entry.rowId, entry.op, entry.data])).toEqual([
      ['jobs', 'JOB-2026-1', 'delete', null],
      ['job_updates', 10, 'delete', null],
      ['job_updates', 11, 'delete', null],
      ['job_photos', 10, 'delete', null],
      ['job_updates', 12, 'delete', null],
    ]);
  });
});
