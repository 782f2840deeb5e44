/**
 * Staff sync, started once by the app shell (DESIGN §5): while a staff member is signed in the
 * sync engine runs, whichever page is open, and it stops when they sign out. Screens only read
 * Dexie and mutate, so moving between the admin panel, quotes and fleet keeps one connection
 * and nothing waits for a reconnect. Loaded lazily: guests never fetch the sync code.
 */
import { useEffect, useRef } from 'react';
import { startSync, stopSync } from '../sync';

/**
 * Runs the sync engine for as long as it is mounted (the shell mounts it for staff only).
 * `onSignedOut` runs when the server ends the session (the socket closes with 4401).
 */
export function StaffSync({ onSignedOut }: { onSignedOut: () => void }): null {
  const latest = useRef(onSignedOut);
  useEffect(() => {
    latest.current = onSignedOut;
  }, [onSignedOut]);
  useEffect(() => {
    startSync({ baseUrl: window.location.origin, onSignedOut: () => latest.current() });
    return () => {
      void stopSync();
    };
  }, []);
  return null;
}
