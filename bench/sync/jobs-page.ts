/**
 * The page both page-apply benchmarks apply (fake-indexeddb in run.ts, Chromium in
 * dexie-chromium/entry.ts): `size` freshly assigned jobs, one change each.
 */
import type { ChangeEntry } from '@pilbara/shared-schema';

const NOW = '2026-11-21T00:00:00.000Z';

export function jobsPage(size: number): ChangeEntry[] {
  return Array.from({ length: size }, (_, i) => ({
    seq: i + 1,
    entity: 'jobs',
    rowId: `JOB-2026-${i + 1}`,
    op: 'put',
    data: {
      id: `JOB-2026-${i + 1}`,
      customerName: `Customer ${i}`,
      phone: '0412345678',
      email: null,
      status: 'Assigned',
      service: 'Emergency Towing',
      location: 'Karratha',
      estimatedArrival: null,
      progress: 0,
      assignedTo: null,
      notes: null,
      createdAt: NOW,
      updatedAt: NOW,
    },
  }));
}
