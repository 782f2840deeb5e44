/**
 * Never silently stuck: a device holding staff changes that cannot reach the server
 * says, in plain words, what it needs, with the one button that does it.
 *
 * - Signed in offline on an earlier page (the browser was closed, the phone restarted): the
 *   password is not held any more, so nothing can sign in to the server by itself. "Sign in
 *   again to send 3 changes" → the password → a real sign-in, and the sync sends them.
 * - Signed out with changes kept on this device (at sign-out, or when the server ended the
 *   session): whose they are and a button to sign in as them.
 *
 * Loaded by the layout only when one of these can be the case (a staff member signed in offline,
 * or the kept-changes mark), so visitors never fetch the local database.
 */
import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { Button, Container, Group, Modal, PasswordInput, Stack, Text } from '@mantine/core';
import { IconCloudUpload } from '@tabler/icons-react';
import { useLiveQuery } from 'dexie-react-hooks';
import { MESSAGES } from '@pilbara/shared-schema';
import { serverMessage } from '../lib/http';
import type { KeptChangesHint } from '../lib/kept-changes';
import { useOnline } from '../lib/use-online';
import { db } from '../sync';
import { useAuth } from '../lib/auth';
import classes from './unsent-work-prompt.module.css';

function PasswordDialog({ username, onClose }: { username: string; onClose: () => void }) {
  const { login, loading } = useAuth();
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    try {
      await login({ username, password });
      onClose();
    } catch (failure) {
      setError(serverMessage(failure) ?? MESSAGES.SIGNIN_NO_CONNECTION);
    }
  };
  return (
    <Modal opened onClose={onClose} title={MESSAGES.SIGN_IN_AGAIN} centered>
      <form onSubmit={(event) => void submit(event)} aria-label={MESSAGES.SIGN_IN_AGAIN}>
        <Stack gap="sm">
          <Text size="sm">{MESSAGES.SIGN_IN_TO_SEND_WHY}</Text>
          <PasswordInput
            label={`Password for ${username}`}
            value={password}
            onChange={(event) => {
              setPassword(event.currentTarget.value);
              setError(null);
            }}
            error={error}
            autoComplete="current-password"
            required
            data-autofocus
          />
          <Button type="submit" loading={loading} fullWidth>
            {MESSAGES.SIGN_IN_AGAIN}
          </Button>
        </Stack>
      </form>
    </Modal>
  );
}

/** The bar: what waits, and the one button. */
function PromptBar({
  text,
  action,
  onAction,
}: {
  text: string;
  action: string;
  onAction: () => void;
}) {
  return (
    <div className={classes.bar} role="status" data-testid="unsent-work-prompt">
      <Container size="xl" py={6}>
        <Group gap="xs" justify="space-between" wrap="wrap">
          <Group gap={8} wrap="nowrap" className={classes.text}>
            <IconCloudUpload size={20} aria-hidden style={{ flexShrink: 0 }} />
            <Text size="sm" fw={600}>
              {text}
            </Text>
          </Group>
          <Button size="sm" color="ironstone.9" mih={44} onClick={onAction}>
            {action}
          </Button>
        </Group>
      </Container>
    </div>
  );
}

export function UnsentWorkPrompt({ kept }: { kept: KeptChangesHint | null }) {
  const { user, needsPassword } = useAuth();
  const online = useOnline();
  const navigate = useNavigate();
  const [asking, setAsking] = useState(false);
  const waiting = useLiveQuery(() => db.outbox.count(), []) ?? 0;
  // With no signal the chip already says "Offline · 3 pending", which is the whole truth.
  if (!online || waiting === 0) return null;
  if (user && needsPassword)
    return (
      <>
        <PromptBar
          text={MESSAGES.signInToSend(waiting)}
          action={MESSAGES.SIGN_IN_AGAIN}
          onAction={() => setAsking(true)}
        />
        {asking && <PasswordDialog username={user.username} onClose={() => setAsking(false)} />}
      </>
    );
  if (!user && kept)
    return (
      <PromptBar
        text={MESSAGES.keptChangesWait(kept.name, waiting)}
        action={MESSAGES.SIGN_IN_AGAIN}
        onAction={() => navigate('/auth', { state: { username: kept.username } })}
      />
    );
  return null;
}
