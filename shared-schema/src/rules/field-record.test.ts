import { describe, expect, it } from 'vitest';
import {
  completionGaps,
  maySeeFile,
  mayReferenceFile,
  fitWithin,
  formatPosition,
  formatStamp,
  groupByStage,
  isCustomerVisibleStage,
  mayDropLocalCopy,
  mayHandleFleetFiles,
  mayHandleJobFiles,
  maxFileBytes,
} from './field-record';
import { uploadMetadataSchema } from '../api/field-record';
import { uploadingText } from '../constants/field-record';

const nowhere = { latitude: null, longitude: null, accuracy: null };

describe('mayHandleJobFiles', () => {
  it('lets staff handle every job and nobody else any', () => {
    expect(mayHandleJobFiles({ role: 'admin' }, { assignedTo: null })).toBe(true);
    expect(mayHandleJobFiles({ role: 'customer' }, { assignedTo: null })).toBe(false);
    expect(mayHandleJobFiles(null, { assignedTo: null })).toBe(false);
    expect(mayHandleJobFiles(undefined, { assignedTo: 'Mick' })).toBe(false);
  });

  it('lets a driver handle their own and unassigned jobs, not another driver’s', () => {
    const sam = { role: 'driver', id: 2 };
    expect(mayHandleJobFiles(sam, { assignedTo: 'Sam Taylor', assignedDriverId: 2 })).toBe(true);
    expect(mayHandleJobFiles(sam, { assignedTo: null })).toBe(true);
    expect(mayHandleJobFiles(sam, { assignedTo: 'Mick', assignedDriverId: 3 })).toBe(false);
    // Another account of the same name is another driver.
    expect(mayHandleJobFiles(sam, { assignedTo: 'Sam Taylor', assignedDriverId: 9 })).toBe(false);
  });
});

describe('photos of failed pre-start items', () => {
  it('any staff member may add and see them, nobody else', () => {
    expect(mayHandleFleetFiles({ role: 'admin' })).toBe(true);
    expect(mayHandleFleetFiles({ role: 'driver', id: 2 })).toBe(true);
    expect(mayHandleFleetFiles({ role: 'customer' })).toBe(false);
    expect(mayHandleFleetFiles(null)).toBe(false);
  });

  it('upload as photos, named by their defect id', () => {
    expect(maxFileBytes('defect-photo')).toBe(maxFileBytes('photo'));
    expect(maxFileBytes('signature')).toBeLessThan(maxFileBytes('photo'));
    const hash = 'a'.repeat(64);
    const meta = { kind: 'defect-photo', recordId: '7001', sha256: hash, filetype: 'image/jpeg' };
    expect(uploadMetadataSchema.safeParse(meta).success).toBe(true);
    expect(uploadMetadataSchema.safeParse({ ...meta, recordId: 'x1' }).success).toBe(false);
    expect(uploadMetadataSchema.safeParse({ ...meta, kind: 'photo' }).success).toBe(false);
    expect(
      uploadMetadataSchema.safeParse({ ...meta, kind: 'video' }).error?.issues[0],
    ).toMatchObject({
      path: ['kind'],
      message: 'kind must be photo, signature, defect-photo or yard-signature',
    });
  });
});

describe('isCustomerVisibleStage', () => {
  it('shows customers their pickup and drop-off photos only', () => {
    expect(['pickup', 'dropoff', 'damage', 'other'].filter(isCustomerVisibleStage)).toEqual([
      'pickup',
      'dropoff',
    ]);
  });
});

describe('formatPosition and formatStamp', () => {
  it('reads coordinates with the accuracy rounded to a metre', () => {
    expect(
      formatPosition({
        latitude: -20.7361,
        longitude: 116.8463,
        accuracy: 12.4,
        positionNote: null,
      }),
    ).toBe('-20.73610, 116.84630 (±12 m)');
  });

  it('says honestly why there is no position', () => {
    expect(formatPosition({ ...nowhere, positionNote: 'denied' })).toBe(
      'No position (location not allowed)',
    );
    expect(formatPosition({ ...nowhere, positionNote: 'unavailable' })).toBe(
      'No position (no GPS fix)',
    );
    expect(formatPosition({ ...nowhere, positionNote: 'timeout' })).toBe(
      'No position (GPS too slow)',
    );
    expect(formatPosition({ ...nowhere, positionNote: null })).toBe('No position');
  });

  it('stamps the time in Perth', () => {
    expect(formatStamp('2026-11-21T06:05:00.000Z', { ...nowhere, positionNote: 'denied' })).toBe(
      '21 Nov 2026, 2:05 pm · No position (location not allowed)',
    );
  });
});

describe('groupByStage', () => {
  it('orders stages as the job sheet does and each stage oldest first', () => {
    const groups = groupByStage([
      { id: 1, stage: 'damage' as const, takenAt: '2026-11-21T02:00:00Z' },
      { id: 2, stage: 'pickup' as const, takenAt: '2026-11-21T01:05:00Z' },
      { id: 3, stage: 'pickup' as const, takenAt: '2026-11-21T01:00:00Z' },
    ]);
    expect(groups.map((g) => [g.label, g.photos.map((p) => p.id)])).toEqual([
      ['Pickup', [3, 2]],
      ['Damage', [1]],
    ]);
  });
});

describe('mayDropLocalCopy', () => {
  it('lets a device drop its copy only when the server holds that hash', () => {
    const stored = new Set(['a'.repeat(64)]);
    expect(mayDropLocalCopy('a'.repeat(64), stored)).toBe(true);
    expect(mayDropLocalCopy('b'.repeat(64), stored)).toBe(false);
  });
});

describe('fitWithin', () => {
  it('scales a 12-megapixel photo to 1600 px on the long side and leaves small ones', () => {
    expect(fitWithin(4000, 3000, 1600)).toEqual({ width: 1600, height: 1200 });
    expect(fitWithin(3000, 4000, 1600)).toEqual({ width: 1200, height: 1600 });
    expect(fitWithin(800, 600, 1600)).toEqual({ width: 800, height: 600 });
  });
});

describe('uploadingText', () => {
  it('counts photos and signatures still uploading, and says nothing when none are', () => {
    expect(uploadingText(0, 0)).toBeNull();
    expect(uploadingText(1, 0)).toBe('1 photo uploading');
    expect(uploadingText(4, 1)).toBe('4 photos and 1 signature uploading');
    expect(uploadingText(0, 2)).toBe('2 signatures uploading');
  });
});

describe('completionGaps', () => {
  const corners = (stage: string) => Array.from({ length: 4 }, () => ({ stage }));

  it('names the corners and signatures still missing before Complete', () => {
    expect(
      completionGaps(
        [...corners('pickup'), { stage: 'dropoff' }, { stage: 'damage' }],
        [{ document: 'authority_to_tow' }],
      ),
    ).toEqual(['Drop-off photos: 1 of 4 corners', 'Vehicle release: not signed']);
  });

  it('lacks nothing with four corners at each end and both signatures', () => {
    expect(
      completionGaps(
        [...corners('pickup'), ...corners('dropoff')],
        [{ document: 'authority_to_tow' }, { document: 'vehicle_release' }],
      ),
    ).toEqual([]);
  });
});

describe('files follow their rows', () => {
  const sam = { role: 'driver' as const, id: 2, name: 'Sam Taylor' };
  const none = { jobs: [], fleet: false, uploadedByActor: false };
  it('lets a driver see a file through a job they can see, a defect, or their own upload', () => {
    expect(
      maySeeFile(sam, { ...none, jobs: [{ assignedTo: 'Sam Taylor', assignedDriverId: 2 }] }),
    ).toBe(true);
    expect(maySeeFile(sam, { ...none, jobs: [{ assignedTo: null }] })).toBe(true);
    expect(maySeeFile(sam, { ...none, fleet: true })).toBe(true);
    expect(maySeeFile(sam, { ...none, uploadedByActor: true })).toBe(true);
    expect(
      maySeeFile(sam, { ...none, jobs: [{ assignedTo: 'Alex Morgan', assignedDriverId: 3 }] }),
    ).toBe(false);
    expect(maySeeFile({ role: 'customer', id: 5, name: '' }, { ...none, fleet: true })).toBe(false);
    expect(maySeeFile({ role: 'admin', id: 1, name: 'Boss' }, none)).toBe(true);
  });

  it("refuses a record naming another driver's file, and allows a new one", () => {
    const theirs = { ...none, jobs: [{ assignedTo: 'Alex Morgan', assignedDriverId: 3 }] };
    expect(mayReferenceFile(sam, theirs, true)).toBe(false);
    expect(mayReferenceFile(sam, theirs, false)).toBe(false);
    expect(mayReferenceFile(sam, none, true)).toBe(false);
    expect(mayReferenceFile(sam, none, false)).toBe(true);
    expect(mayReferenceFile(sam, { ...none, uploadedByActor: true }, true)).toBe(true);
  });
});
