/**
 * The active drivers by account id (GET /api/drivers), kept in the browser after each read so
 * the board works offline with the last list it had.
 */
import { useEffect, useState } from 'react';
import { driversResponseSchema } from '@pilbara/shared-schema';
import { apiRequest } from '../../lib/http';
import { readStored, writeStored } from '../../lib/storage';

export interface BoardDriver {
  id: number;
  name: string;
}

const KEY = 'dispatchDrivers';

function parse(value: unknown): BoardDriver[] | null {
  const parsed = driversResponseSchema.shape.drivers.safeParse(value);
  return parsed.success ? parsed.data : null;
}

export function useBoardDrivers(): BoardDriver[] {
  const [drivers, setDrivers] = useState<BoardDriver[]>(() => readStored(KEY, parse) ?? []);
  useEffect(() => {
    let stopped = false;
    const refresh = () => {
      apiRequest<unknown>('/api/drivers')
        .then((answer) => {
          const fresh = driversResponseSchema.parse(answer).drivers;
          writeStored(KEY, fresh);
          if (!stopped) setDrivers(fresh);
        })
        .catch(() => {
          // Offline or refused: keep the last list.
        });
    };
    refresh();
    window.addEventListener('online', refresh);
    return () => {
      stopped = true;
      window.removeEventListener('online', refresh);
    };
  }, []);
  return drivers;
}
