import { beforeEach, describe, expect, it } from 'vitest';
import { renderHook, waitFor } from '@testing-library/react';
import type { ChangeEntry, ChangesMessage } from '@pilbara/shared-schema';
import { db, resetDevice } from './testing/device';
import { applyChangesPage, type ApplyPacing } from './apply-page';
import { PACE_MS, usePacedLiveQuery } from './paced-query';

beforeEach(async () => {
  await resetDevice();
});

const fuel = (id: number): ChangeEntry => ({
  seq: 40,
  entity: 'fuel_records',
  rowId: id,
  op: 'put',
  data: {
    id,
    vehicleId: 1,
    dateTime: '2026-12-01T00:00:00.000Z',
    location: 'Karratha',
    fuelType: 'Diesel',
    liters: 60_000,
    pricePerLiter: 190,
    totalCost: 11_400,
    odometerReading: 100_000 + id,
    fillType: 'Full',
    createdAt: '2026-12-01T00:00:00.000Z',
  },
});

function page(from: number, to: number, snapshot: boolean): ChangesMessage {
  const changes: ChangeEntry[] = [];
  for (let id = from; id <= to; id++) changes.push(fuel(id));
  return {
    type: 'changes',
    changes,
    cursor: snapshot ? 0 : 40,
    hasMore: snapshot,
    reset: false,
    lastSeq: 0,
    results: [],
    epoch: 'e1',
    ...(snapshot ? { snapshot: { head: 40, next: 'h' } } : {}),
  };
}

/**
 * A screen reading the whole fuel table, counting its reads. The apply's clock moves on 25 ms
 * each time it is read and the budget is 1 ms, so the parts are of the fewest rows (25), each
 * taking 75 ms: an 800-row page is 32 commits over 2.4 seconds.
 */
function screen() {
  let reads = 0;
  let clock = 0;
  const pacing: ApplyPacing = {
    budgetMs: 1,
    now: () => (clock += 25),
    yieldToMain: () => Promise.resolve(),
  };
  const view = renderHook(() =>
    usePacedLiveQuery(async () => {
      reads += 1;
      return db.fuel_records.count();
    }, []),
  );
  return { view, pacing, reads: () => reads };
}

describe('a paced screen', () => {
  it('reads again at a pace while a snapshot page is written, and once at its end', async () => {
    const { view, pacing, reads } = screen();
    await waitFor(() => expect(view.result.current).toBe(0));
    const before = reads();
    await applyChangesPage(db, page(1, 800, true), undefined, { pacing });
    await waitFor(() => expect(view.result.current).toBe(800));
    // A write outside any snapshot is followed at once; once it shows, every read the page
    // caused has been made.
    await applyChangesPage(db, page(801, 801, false), undefined, { pacing });
    await waitFor(() => expect(view.result.current).toBe(801));
    const pageReads = reads() - before - 1;
    expect(pageReads).toBeGreaterThanOrEqual(1);
    expect(pageReads).toBeLessThanOrEqual(Math.ceil(2400 / PACE_MS) + 2);
  });

  it('follows every commit of a page that is not a snapshot', async () => {
    const { view, pacing, reads } = screen();
    await waitFor(() => expect(view.result.current).toBe(0));
    const before = reads();
    for (let id = 1; id <= 3; id++) {
      await applyChangesPage(db, page(id, id, false), undefined, { pacing });
      await waitFor(() => expect(view.result.current).toBe(id));
    }
    expect(reads() - before).toBeGreaterThanOrEqual(3);
  });

  it('is not drawn again when a tick finds what it reads unchanged', async () => {
    const { pacing } = screen();
    let draws = 0;
    let reads = 0;
    const view = renderHook(() => {
      draws += 1;
      return usePacedLiveQuery(async () => {
        reads += 1;
        return db.fuel_records.where('id').below(0).toArray();
      }, []);
    });
    await waitFor(() => expect(view.result.current).toEqual([]));
    const drawsBefore = draws;
    const readsBefore = reads;
    await applyChangesPage(db, page(1, 800, true), undefined, { pacing });
    // The page's end reads again: the read it makes is what proves no draw is still to come.
    await waitFor(() => expect(reads).toBeGreaterThan(readsBefore + 1));
    await view.rerender();
    expect(draws).toBe(drawsBefore + 1);
  });
});
