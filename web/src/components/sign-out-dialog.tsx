/**
 * Sign-out for staff: changes still waiting for the server are never dropped
 * silently. With none waiting it signs out at once; otherwise it asks: wait (the changes send,
 * then it signs out by itself, however long the signal takes) or keep them on this device (sign
 * out now; they stay in the outbox, marked as this user's, and send at their next sign-in here).
 * Loaded on the first press of Logout by a staff member, with the sync code they already run.
 */
import { useEffect, useRef, useState } from 'react';
import { Button, Group, Loader, Modal, Stack, Text } from '@mantine/core';
import { MESSAGES } from '@pilbara/shared-schema';
import { useLiveQuery } from 'dexie-react-hooks';
import { db, keepOutboxFor } from '../sync';
import { useOnline } from '../lib/use-online';
import { displayName, useAuth } from '../lib/auth';

export function SignOutDialog({ onClose }: { onClose: () => void }) {
  const { user, logout } = useAuth();
  // Undefined until the local database answers: never read as "nothing waiting".
  const pending = useLiveQuery(() => db.outbox.count(), []);
  const [waiting, setWaiting] = useState(false);
  const online = useOnline();
  const signedOut = useRef(false);

  const signOut = () => {
    if (signedOut.current) return;
    signedOut.current = true;
    onClose();
    void logout();
  };

  // Nothing (or nothing any more) waiting: sign out, as Logout asked.
  useEffect(() => {
    if (pending === 0) signOut();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [pending]);

  const keep = async () => {
    if (user)
      await keepOutboxFor({ id: user.id, name: displayName(user), username: user.username });
    signOut();
  };

  return (
    <Modal
      opened={pending !== undefined && pending > 0}
      onClose={onClose}
      title={MESSAGES.SIGN_OUT_PENDING_TITLE}
      centered
      data-testid="sign-out-dialog"
    >
      <Stack gap="md">
        <Text>{MESSAGES.signOutPending(pending ?? 0)}</Text>
        {waiting && (
          <Group gap="sm" wrap="nowrap" role="status">
            <Loader size="sm" />
            <Text size="sm">
              {online ? MESSAGES.SIGN_OUT_SENDING : MESSAGES.SIGN_OUT_WAITING_OFFLINE}
            </Text>
          </Group>
        )}
        <Stack gap="xs">
          <Button mih={48} onClick={() => setWaiting(true)} disabled={waiting}>
            {MESSAGES.SIGN_OUT_WAIT}
          </Button>
          <Button mih={48} variant="outline" onClick={() => void keep()}>
            {MESSAGES.SIGN_OUT_KEEP}
          </Button>
          <Button mih={48} variant="subtle" onClick={onClose}>
            {MESSAGES.SIGN_OUT_STAY}
          </Button>
        </Stack>
      </Stack>
    </Modal>
  );
}
