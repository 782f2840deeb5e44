/** Reads the available-driver count the admin panel keeps in the browser ('availableDrivers'). */
import { useEffect, useState } from 'react';
import { LIVE_STATUS, STORAGE_KEYS, parseAvailableDrivers } from '@pilbara/shared-schema';

function read(): number {
  try {
    return parseAvailableDrivers(window.localStorage.getItem(STORAGE_KEYS.availableDrivers));
  } catch {
    return LIVE_STATUS.defaultDrivers;
  }
}

/** The stored count (default 2), following changes made in other tabs. */
export function useStoredDrivers(): number {
  const [drivers, setDrivers] = useState(read);
  useEffect(() => {
    const onStorage = (event: StorageEvent) => {
      if (event.key === null || event.key === STORAGE_KEYS.availableDrivers) setDrivers(read());
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, []);
  return drivers;
}
