/**
 * The page both page-apply benchmarks apply (fake-indexeddb in run.ts, Chromium in
 * dexie-chromium/entry.ts): `size` freshly assigned jobs, one change each.
 */
import type { ChangeEntry } from '@pilbara/shared-schema';
import { aJob } from '@pilbara/shared-schema/testing';

const NOW = '2026-11-21T00:00:00.000Z';

export function jobsPage(size: number): ChangeEntry[] {
  return Array.from({ length: size }, (_, i) => ({
    seq: i + 1,
    entity: 'jobs',
    rowId: `JOB-2026-${i + 1}`,
    op: 'put',
    data: aJob({
      id: `JOB-2026-${i + 1}`,
      customerName: `Customer ${i}`,
      email: null,
      trackingToken: null,
      createdAt: NOW,
      updatedAt: NOW,
    }),
  }));
}
