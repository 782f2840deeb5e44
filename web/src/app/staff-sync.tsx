/**
 * Staff sync, started once by the app shell (docs/sync.md): while a staff member is signed in the
 * sync engine runs, whichever page is open, and it stops when they sign out. Screens only read
 * Dexie and mutate, so moving between the admin panel, quotes and fleet keeps one connection
 * and nothing waits for a reconnect. Loaded lazily: guests never fetch the sync code.
 *
 * Changes another staff member kept on this device when signing out are theirs: the
 * engine does not start for someone else while they wait, so they are never sent under the
 * wrong name; a notice says whose they are and that they send when that person signs in here.
 */
import { useEffect, useRef } from 'react';
import { notifications } from '@mantine/notifications';
import {
  MESSAGES,
  OFFLINE_DATA_CLEARED_TITLE,
  offlineDataClearedMessage,
} from '@pilbara/shared-schema';
import { mutationLabel } from '../features/sync-status';
import { db, keepOutboxFor, keptForAnother, startSync, stopSync } from '../sync';

/** Id of the notice shown while another user's kept changes pause the sync. */
const KEPT_NOTICE_ID = 'kept-for-another';

/** Id of the notice that the browser cleared the offline data. */
const CLEARED_NOTICE_ID = 'offline-data-cleared';

/**
 * Runs the sync engine for as long as it is mounted (the shell mounts it for staff with a
 * server session only). `onSignedOut` runs when the server ends the session (socket 4401).
 */
export function StaffSync({
  user,
  onSignedOut,
}: {
  /** The signed-in staff member: whose changes the outbox holds if the server ends the session. */
  user: { id: number | string; name: string; username: string };
  onSignedOut: () => void;
}): null {
  const userId = user.id;
  const owner = useRef(user);
  useEffect(() => {
    owner.current = user;
  }, [user]);
  const latest = useRef(onSignedOut);
  useEffect(() => {
    latest.current = onSignedOut;
  }, [onSignedOut]);
  useEffect(() => {
    let stopped = false;
    void keptForAnother(userId).then((kept) => {
      if (stopped) return;
      if (kept) {
        notifications.show({
          id: KEPT_NOTICE_ID,
          title: MESSAGES.SIGN_OUT_PENDING_TITLE,
          message: MESSAGES.keptForOtherUser(kept.name, kept.count),
          color: 'orange',
          autoClose: false,
        });
        return;
      }
      startSync({
        baseUrl: window.location.origin,
        // The server ended the session: changes still waiting are this person's, kept for
        // their next sign-in here, and the signed-out app says so.
        onSignedOut: () =>
          void db.outbox
            .count()
            .then((waiting) => (waiting > 0 ? keepOutboxFor(owner.current) : undefined))
            .catch(() => undefined)
            .finally(() => latest.current()),
        // Stays until read: what was lost must not flash past.
        onDataCleared: (notice) =>
          notifications.show({
            id: CLEARED_NOTICE_ID,
            title: OFFLINE_DATA_CLEARED_TITLE,
            message: offlineDataClearedMessage(notice.lostMutations.map(mutationLabel)),
            color: notice.lostMutations.length > 0 ? 'red' : 'orange',
            autoClose: false,
          }),
      });
    });
    return () => {
      stopped = true;
      notifications.hide(KEPT_NOTICE_ID);
      void stopSync();
    };
  }, [userId]);
  return null;
}
