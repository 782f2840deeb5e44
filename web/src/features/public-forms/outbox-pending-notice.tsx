import { Alert } from '@mantine/core';
import type { PublicFormKind } from '../../db/schema';
import { OUTBOX_SAVED_OFFLINE, OUTBOX_SAVED_SERVER_BUSY } from '../../sync/public-outbox';
import { useOnline } from '../../lib/use-online';
import { usePendingCount } from './outbox-runtime';
import { PUBLIC_FORM_TEXTS } from './public-form-texts';

/** A lasting notice (toasts fade) that submissions are waiting on this device to be sent. */
export function OutboxPendingNotice({ kind }: { kind: PublicFormKind }) {
  const pending = usePendingCount(kind);
  // Online, it is our server that could not take it: "back online" would be the wrong story.
  const online = useOnline();
  if (pending === 0) return null;
  const noun = PUBLIC_FORM_TEXTS[kind].noun;
  const what =
    pending === 1
      ? `1 ${noun}`
      : `${pending} ${noun === 'feedback' ? 'feedback forms' : `${noun}s`}`;
  return (
    <Alert
      color="ochre"
      title={`${what} waiting to be sent`}
      role="status"
      data-testid="outbox-pending"
    >
      {online ? OUTBOX_SAVED_SERVER_BUSY : OUTBOX_SAVED_OFFLINE}
    </Alert>
  );
}
