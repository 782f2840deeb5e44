/**
 * The compliance screens' writes, each a named mutation kept on the device first and synced
 * after: the yard's steps (book in, move, property visit, holds, payment, release with the
 * collector's signature), the complaints procedure's stages and the notifiable occurrences.
 * A refusal comes back as its message and the fields it names.
 */
import type { MutatorArgs } from '@pilbara/shared-schema';
import { sha256Hex } from '../../lib/field-capture';
import { mintId, mutate, mutateWithFile, type MutateResult } from '../../sync';

export type Problem = { message: string; fields: Record<string, string> } | null;

async function run(write: () => Promise<MutateResult>): Promise<Problem> {
  try {
    const result = await write();
    return result.ok ? null : { message: result.message, fields: result.fields ?? {} };
  } catch (error) {
    return { message: error instanceof Error ? error.message : String(error), fields: {} };
  }
}

type Step<N extends 'yard.move' | 'yard.access' | 'yard.setHolds' | 'yard.recordPayment'> = Omit<
  MutatorArgs<N>,
  'eventId' | 'byName'
>;

export function bookIn(
  byName: string,
  fields: Omit<MutatorArgs<'yard.bookIn'>, 'id' | 'eventId' | 'byName'>,
): Promise<Problem> {
  return run(async () =>
    mutate('yard.bookIn', {
      ...fields,
      id: await mintId('yard_vehicles'),
      eventId: await mintId('yard_events'),
      byName,
    }),
  );
}

export function moveVehicle(byName: string, fields: Step<'yard.move'>): Promise<Problem> {
  return run(async () =>
    mutate('yard.move', { ...fields, eventId: await mintId('yard_events'), byName }),
  );
}

export function accessVisit(byName: string, fields: Step<'yard.access'>): Promise<Problem> {
  return run(async () =>
    mutate('yard.access', { ...fields, eventId: await mintId('yard_events'), byName }),
  );
}

export function setHolds(byName: string, fields: Step<'yard.setHolds'>): Promise<Problem> {
  return run(async () =>
    mutate('yard.setHolds', { ...fields, eventId: await mintId('yard_events'), byName }),
  );
}

export function recordPayment(
  byName: string,
  fields: Omit<Step<'yard.recordPayment'>, 'invoiceId' | 'paymentId'>,
): Promise<Problem> {
  return run(async () =>
    mutate('yard.recordPayment', {
      ...fields,
      invoiceId: await mintId('INV'),
      paymentId: await mintId('payments'),
      eventId: await mintId('yard_events'),
      byName,
    }),
  );
}

/** The release, with the collector's signature kept on the device until it is uploaded. */
export async function releaseVehicle(
  byName: string,
  fields: Omit<
    MutatorArgs<'yard.release'>,
    'eventId' | 'byName' | 'contentHash' | 'size' | 'width' | 'height' | 'mimeType' | 'signedAt'
  >,
  pad: { png: ArrayBuffer; width: number; height: number },
): Promise<Problem> {
  return run(async () => {
    const signedAt = new Date().toISOString();
    const contentHash = await sha256Hex(pad.png);
    return mutateWithFile(
      'yard.release',
      {
        ...fields,
        eventId: await mintId('yard_events'),
        byName,
        signedAt,
        contentHash,
        size: pad.png.byteLength,
        width: pad.width,
        height: pad.height,
        mimeType: 'image/png',
      },
      {
        id: `yard:${fields.id}:${contentHash}`,
        kind: 'yard-signature',
        yardVehicleId: fields.id,
        contentHash,
        mimeType: 'image/png',
        full: pad.png,
        thumb: pad.png,
        size: pad.png.byteLength,
        createdAt: signedAt,
        uploadedAt: null,
        lastError: null,
      },
    );
  });
}

export function recordComplaint(
  fields: Omit<MutatorArgs<'complaint.record'>, 'id'>,
): Promise<Problem> {
  return run(async () => mutate('complaint.record', { ...fields, id: await mintId('complaints') }));
}

export function advanceComplaint(args: MutatorArgs<'complaint.advance'>): Promise<Problem> {
  return run(() => mutate('complaint.advance', args));
}

export function recordOccurrence(
  fields: Omit<MutatorArgs<'occurrence.record'>, 'id'>,
): Promise<Problem> {
  return run(async () =>
    mutate('occurrence.record', { ...fields, id: await mintId('occurrences') }),
  );
}

export function occurrenceReported(args: MutatorArgs<'occurrence.reported'>): Promise<Problem> {
  return run(() => mutate('occurrence.reported', args));
}
