/**
 * Live position: while one of the driver's jobs is En Route, the phone shares where
 * the truck is. Fixes come from `watchPosition` (and a read every 30 s, since a truck standing
 * still gets no new fix from a watch), are thinned by the shared rule (30 s or 250 m) and go
 * out as `position.report` mutations: queued in the outbox with no signal and delivered when
 * it returns, like every other write. Nothing is shared before En Route or after it.
 */
import { useEffect, useRef, useState } from 'react';
import { SHARE_EVERY, shouldShareFix, type Fix, type Job } from '@pilbara/shared-schema';
import { mutate } from '../../sync';

/** What the driver is told: sharing, not needed, or why the phone cannot share. */
export type SharingState = 'idle' | 'sharing' | 'denied' | 'unavailable';

/** Shares the phone's position for the En Route jobs among `jobs`. */
export function usePositionSharing(jobs: readonly Job[] | undefined): SharingState {
  const enRoute = (jobs ?? [])
    .filter((job) => job.status === 'En Route')
    .map((job) => job.id)
    .join(',');
  const [state, setState] = useState<SharingState>('idle');
  const last = useRef<Fix | null>(null);

  useEffect(() => {
    last.current = null;
    if (!enRoute) {
      setState('idle');
      return;
    }
    const geolocation = typeof navigator === 'undefined' ? undefined : navigator.geolocation;
    if (!geolocation) {
      setState('unavailable');
      return;
    }
    const jobIds = enRoute.split(',');
    const onFix = (position: GeolocationPosition) => {
      const fix: Fix = {
        lat: position.coords.latitude,
        lng: position.coords.longitude,
        at: new Date(position.timestamp).toISOString(),
      };
      setState('sharing');
      if (!shouldShareFix(last.current, fix)) return;
      last.current = fix;
      for (const jobId of jobIds) {
        mutate('position.report', {
          jobId,
          latitude: fix.lat,
          longitude: fix.lng,
          accuracy: Number.isFinite(position.coords.accuracy) ? position.coords.accuracy : null,
          recordedAt: fix.at,
        }).catch(() => {
          // The local database refused (storage full, closing): the next fix tries again.
        });
      }
    };
    const onError = (error: GeolocationPositionError) =>
      setState(error.code === error.PERMISSION_DENIED ? 'denied' : 'unavailable');
    const options: PositionOptions = {
      enableHighAccuracy: true,
      maximumAge: 10_000,
      timeout: 60_000,
    };
    const watch = geolocation.watchPosition(onFix, onError, options);
    const poll = window.setInterval(
      () => geolocation.getCurrentPosition(onFix, onError, options),
      SHARE_EVERY.ms,
    );
    return () => {
      geolocation.clearWatch(watch);
      window.clearInterval(poll);
    };
  }, [enRoute]);

  return state;
}
