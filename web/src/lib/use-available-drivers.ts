/**
 * The available-driver count (spec staff §2, §9): adjustable 0-10 in steps of 1, kept in the
 * browser under 'availableDrivers', default 2. Other tabs follow through the `storage` event.
 * The admin panel sets it; the public live-status widget reads it.
 */
import { useCallback, useEffect, useState } from 'react';
import { LIVE_STATUS, STORAGE_KEYS, parseAvailableDrivers } from '@pilbara/shared-schema';

function read(): number {
  try {
    return parseAvailableDrivers(window.localStorage.getItem(STORAGE_KEYS.availableDrivers));
  } catch {
    return LIVE_STATUS.defaultDrivers;
  }
}

/** The stored count and a setter that clamps and stores it. */
export function useAvailableDrivers(): [number, (value: number) => void] {
  const [drivers, setDrivers] = useState(read);

  useEffect(() => {
    const onStorage = (event: StorageEvent) => {
      if (event.key === null || event.key === STORAGE_KEYS.availableDrivers) setDrivers(read());
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, []);

  const update = useCallback((value: number) => {
    const next = parseAvailableDrivers(String(value));
    setDrivers(next);
    try {
      window.localStorage.setItem(STORAGE_KEYS.availableDrivers, String(next));
    } catch {
      // Storage refused (private mode): the count still applies for this visit.
    }
  }, []);

  return [drivers, update];
}
