/**
 * The account portal's data: `GET /api/account/portal` (the signed-in account's own records,
 * nothing else, as the server scopes it), asked every 5 seconds while the page is visible so a
 * job's progress shows as it happens, and kept on the device so the portal opens with the last
 * answer when there is no signal.
 */
import { useCallback, useEffect, useState } from 'react';
import {
  POLLING_INTERVALS,
  portalResponseSchema,
  type PortalResponse,
} from '@pilbara/shared-schema';
import { apiRequest } from '../../lib/http';
import { readStored, writeStored } from '../../lib/storage';

const PORTAL_KEY = 'accountPortal';

function parsePortal(value: unknown): PortalResponse | null {
  const parsed = portalResponseSchema.safeParse(value);
  return parsed.success ? parsed.data : null;
}

export interface PortalState {
  data: PortalResponse | null;
  /** The last answer is from the device: the server could not be asked. */
  stale: boolean;
  refresh(): void;
}

export function usePortal(accountId: number | null): PortalState {
  const [data, setData] = useState<PortalResponse | null>(() => {
    const kept = readStored(PORTAL_KEY, parsePortal);
    return kept && kept.account.id === accountId ? kept : null;
  });
  const [stale, setStale] = useState(false);
  const refresh = useCallback(() => {
    apiRequest<unknown>('/api/account/portal')
      .then((answer) => {
        const parsed = portalResponseSchema.parse(answer);
        writeStored(PORTAL_KEY, answer);
        setData(parsed);
        setStale(false);
      })
      .catch(() => setStale(true));
  }, []);
  useEffect(() => {
    refresh();
    const timer = window.setInterval(() => {
      if (document.visibilityState === 'visible') refresh();
    }, POLLING_INTERVALS.portalJob);
    window.addEventListener('online', refresh);
    return () => {
      window.clearInterval(timer);
      window.removeEventListener('online', refresh);
    };
  }, [refresh]);
  return { data, stale, refresh };
}
