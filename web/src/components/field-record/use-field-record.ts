/**
 * The field record of a job as this device holds it: the synced photo and signature
 * records, and the bytes taken on this phone (full size until uploaded, then the thumbnail).
 */
import { useEffect, useState } from 'react';
import { useLiveQuery } from 'dexie-react-hooks';
import type { JobPhoto, JobSignature } from '@pilbara/shared-schema';
import { db, type LocalFieldFile } from '../../sync';
import { deviceSpace, type DeviceSpace } from '../../lib/field-capture';

export interface FieldRecord {
  photos: JobPhoto[];
  signatures: JobSignature[];
  /** This phone's files of the job, by record id. */
  local: ReadonlyMap<string, LocalFieldFile>;
}

/** A job's photos, signatures and this phone's files; undefined while loading. */
export function useFieldRecord(jobId: string): FieldRecord | undefined {
  return useLiveQuery(async () => {
    const [photos, signatures, local] = await Promise.all([
      db.job_photos.where('jobId').equals(jobId).toArray(),
      db.job_signatures.where('jobId').equals(jobId).toArray(),
      db.fieldFiles.where('jobId').equals(jobId).toArray(),
    ]);
    return {
      photos: photos as JobPhoto[],
      signatures: signatures as JobSignature[],
      local: new Map(local.map((file) => [file.id, file])),
    };
  }, [jobId]);
}

/** The space used and left on this device, read again whenever `version` changes. */
export function useDeviceSpace(version: unknown): DeviceSpace | null {
  const [space, setSpace] = useState<DeviceSpace | null>(null);
  useEffect(() => {
    let live = true;
    void deviceSpace().then((value) => {
      if (live) setSpace(value);
    });
    return () => {
      live = false;
    };
  }, [version]);
  return space;
}

/** How many of a job's photos and signatures are only on this phone (not uploaded yet). */
export function useOnlyOnPhone(jobId: string): number {
  return (
    useLiveQuery(
      () =>
        db.fieldFiles
          .where('jobId')
          .equals(jobId)
          .filter((file) => file.full !== null && file.uploadedAt === null)
          .count(),
      [jobId],
    ) ?? 0
  );
}
