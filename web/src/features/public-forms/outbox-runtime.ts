/**
 * The Dexie side of the public outbox for the UI: the background runner and the count of waiting
 * submissions. Loaded lazily (public-outbox-runner.tsx, outbox-pending-notice.tsx), only when the
 * outbox may hold something, so public pages keep Dexie out of their first load.
 */
import { useEffect } from 'react';
import { useLiveQuery } from 'dexie-react-hooks';
import { notifications } from '@mantine/notifications';
import { TOAST_DURATIONS } from '@pilbara/shared-schema';
import { getDatabase } from '../../db/database';
import type { PublicFormKind } from '../../db/schema';
import { onOutboxDelivery, startPublicOutbox } from '../../sync/public-outbox';
import { PUBLIC_FORM_TEXTS } from './public-form-texts';
import { showFailure } from './use-public-submit';

/**
 * Keeps the outbox running while a page is open and tells the user when something saved
 * earlier has gone through (or was refused). Safe to mount more than once.
 */
export function usePublicOutboxRunner(): void {
  useEffect(() => {
    startPublicOutbox();
    return onOutboxDelivery((item, outcome) => {
      if (outcome.status === 'sent') {
        notifications.show({
          title: PUBLIC_FORM_TEXTS[item.kind].successTitle,
          message: `Your ${PUBLIC_FORM_TEXTS[item.kind].noun} saved on this device has now been sent.`,
          color: 'green',
          autoClose: TOAST_DURATIONS.default,
        });
      } else if (outcome.status === 'rejected') {
        showFailure(item.kind, outcome.error);
      }
    });
  }, []);
}

/** How many submissions of a kind are still waiting on this device. */
export function usePendingCount(kind: PublicFormKind): number {
  return useLiveQuery(
    () =>
      getDatabase()
        .publicOutbox.filter((item) => item.kind === kind)
        .count()
        .catch(() => 0),
    [kind],
    0,
  );
}
