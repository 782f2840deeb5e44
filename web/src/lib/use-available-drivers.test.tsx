import { afterEach, describe, expect, it } from 'vitest';
import { act, renderHook } from '@testing-library/react';
import { LIVE_STATUS, STORAGE_KEYS } from '@pilbara/shared-schema';
import { useAvailableDrivers } from './use-available-drivers';

const KEY = STORAGE_KEYS.availableDrivers;

/**
 * Another tab changing the count, or (null) clearing the site's storage: the browser's storage
 * event, whose key is null for a clear.
 */
function otherTabSets(value: string | null) {
  if (value === null) localStorage.clear();
  else localStorage.setItem(KEY, value);
  window.dispatchEvent(
    new StorageEvent('storage', value === null ? { key: null } : { key: KEY, newValue: value }),
  );
}

afterEach(() => {
  localStorage.clear();
});

describe('the available-driver count', () => {
  it('starts at the default on a browser that never set it', () => {
    const { result } = renderHook(() => useAvailableDrivers());
    expect(result.current[0]).toBe(LIVE_STATUS.defaultDrivers);
  });

  it('keeps what the admin set, for the next visit', () => {
    const first = renderHook(() => useAvailableDrivers());
    act(() => first.result.current[1](4));
    expect(first.result.current[0]).toBe(4);
    first.unmount();
    expect(renderHook(() => useAvailableDrivers()).result.current[0]).toBe(4);
  });

  it.each([
    [LIVE_STATUS.maxDrivers + 5, LIVE_STATUS.maxDrivers],
    [-3, LIVE_STATUS.minDrivers],
    [2.6, 3],
  ])('holds %s within the range as %s', (asked, kept) => {
    const { result } = renderHook(() => useAvailableDrivers());
    act(() => result.current[1](asked));
    expect(result.current[0]).toBe(kept);
    expect(localStorage.getItem(KEY)).toBe(String(kept));
  });

  it('follows a change made in another tab, and the default once the site’s data is cleared there', () => {
    const { result } = renderHook(() => useAvailableDrivers());
    act(() => otherTabSets('7'));
    expect(result.current[0]).toBe(7);
    act(() => otherTabSets(null));
    expect(result.current[0]).toBe(LIVE_STATUS.defaultDrivers);
  });

  it('reads a stored value it cannot use as the default', () => {
    localStorage.setItem(KEY, 'lots');
    expect(renderHook(() => useAvailableDrivers()).result.current[0]).toBe(
      LIVE_STATUS.defaultDrivers,
    );
  });
});
