import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, renderHook, waitFor } from '@testing-library/react';
import { driversResponseSchema } from '@pilbara/shared-schema';
import { fakeApi, json } from '../testing/fake-api';
import { useDriverAccounts } from './drivers';

const DRIVERS = 'GET /api/drivers';

function answer(...names: string[]) {
  return json(
    driversResponseSchema.parse({ drivers: names.map((name, index) => ({ id: index + 2, name })) }),
  );
}

/** Waits until every answer of the fake server has reached the page and been handled. */
async function answered(): Promise<void> {
  await act(async () => {
    await Promise.allSettled(vi.mocked(fetch).mock.results.map((result) => result.value));
  });
}

afterEach(() => {
  localStorage.clear();
});

describe('the drivers’ accounts', () => {
  it('reads the active drivers from the server', async () => {
    fakeApi({ [DRIVERS]: answer('Sam', 'Alex') });
    const { result } = renderHook(() => useDriverAccounts());
    await waitFor(() =>
      expect(result.current).toEqual([
        { id: 2, name: 'Sam' },
        { id: 3, name: 'Alex' },
      ]),
    );
  });

  it('keeps the last list it read for a later visit with no signal', async () => {
    fakeApi({ [DRIVERS]: answer('Sam', 'Casey') });
    const online = renderHook(() => useDriverAccounts());
    await waitFor(() => expect(online.result.current).toHaveLength(2));
    online.unmount();

    const api = fakeApi();
    const offline = renderHook(() => useDriverAccounts());
    expect(offline.result.current.map((driver) => driver.name)).toEqual(['Sam', 'Casey']);
    await waitFor(() => expect(api.callsTo(DRIVERS)).toHaveLength(1));
    await answered();
    expect(offline.result.current.map((driver) => driver.name)).toEqual(['Sam', 'Casey']);
  });

  it('has none before any list was read, and keeps what it had when the server refuses', async () => {
    const api = fakeApi({ [DRIVERS]: json({ error: 'Authentication required' }, 401) });
    const first = renderHook(() => useDriverAccounts());
    await waitFor(() => expect(api.callsTo(DRIVERS)).toHaveLength(1));
    await answered();
    expect(first.result.current).toEqual([]);
    first.unmount();

    fakeApi({ [DRIVERS]: answer('Sam') });
    const read = renderHook(() => useDriverAccounts());
    await waitFor(() => expect(read.result.current).toHaveLength(1));
    read.unmount();
    fakeApi({ [DRIVERS]: json({ drivers: 'not a list' }) });
    const malformed = renderHook(() => useDriverAccounts());
    await answered();
    expect(malformed.result.current).toEqual([{ id: 2, name: 'Sam' }]);
  });
});
