import { describe, expect, it } from 'vitest';
import { filterHistory, historyTotals, SAMPLE_HISTORY } from './service-history-page';

describe('service history sample', () => {
  it('has four entries and totals over completed jobs and given ratings', () => {
    expect(SAMPLE_HISTORY).toHaveLength(4);
    expect(historyTotals(SAMPLE_HISTORY)).toEqual({
      count: 4,
      spentCents: 78500,
      averageRating: 4.7,
    });
  });

  it('filters by search text, service and status together', () => {
    expect(filterHistory(SAMPLE_HISTORY, 'landcruiser', 'All', 'All').map((e) => e.id)).toEqual([
      'JOB-2025-131',
    ]);
    expect(filterHistory(SAMPLE_HISTORY, '', 'Emergency Towing', 'All')).toHaveLength(1);
    expect(filterHistory(SAMPLE_HISTORY, '', 'All', 'Cancelled').map((e) => e.id)).toEqual([
      'JOB-2025-150',
    ]);
    expect(filterHistory(SAMPLE_HISTORY, 'karratha', 'All', 'Completed')).toHaveLength(2);
    expect(filterHistory(SAMPLE_HISTORY, 'nothing like this', 'All', 'All')).toHaveLength(0);
    expect(historyTotals([])).toEqual({ count: 0, spentCents: 0, averageRating: null });
  });
});
