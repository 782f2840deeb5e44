/**
 * "Notify me about this job" on the tracking page: asks the browser for
 * notifications, subscribes through the service worker with the server's VAPID key, and sends
 * the subscription to the server for this tracking link's job (the token is the proof, as for
 * the page itself). The server pushes when the driver sets off and when the job is done; the
 * service worker shows it (public/push-sw.js, imported by the generated worker).
 *
 * States: not supported (no service worker or Push API — iOS has them only in an installed
 * app), blocked by the browser, on (subscribed), failed (offline, or the browser's push service
 * refused), and the button itself. Nothing is drawn before hydration: the pre-rendered page has
 * no browser to ask. This file is part of the portal's chunk only, never the home page's.
 */
import { useEffect, useState } from 'react';
import { Button, Group, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconBell, IconBellCheck, IconBellOff } from '@tabler/icons-react';
import { NOTIFY_ME_LABEL, NOTIFY_ME_TEXT } from '@pilbara/shared-schema';
import { apiRequest } from '../../lib/http';
import { pushSupported, subscribeBrowser } from '../../lib/web-push';
import { readStored, removeStored, writeStored } from '../../lib/storage';

type State = 'checking' | 'unsupported' | 'idle' | 'busy' | 'on' | 'blocked' | 'failed';

/** This browser subscribed for the job of `token` (kept so a reload shows "on" at once). */
const storedKey = (token: string) => `notify:${token}`;

/** Subscribes this browser to the job of `token`; resolves with the resulting state. */
async function subscribe(token: string): Promise<State> {
  const subscription = await subscribeBrowser();
  if (subscription === 'blocked' || subscription === 'idle') return subscription;
  await apiRequest(`/api/track/${encodeURIComponent(token)}/push`, {
    method: 'POST',
    body: subscription.toJSON(),
  });
  writeStored(storedKey(token), true);
  return 'on';
}

/** What the browser says before anything is asked. */
async function initialState(token: string): Promise<State> {
  if (!pushSupported()) return 'unsupported';
  if (Notification.permission === 'denied') return 'blocked';
  const subscribed = readStored(storedKey(token), (value) => (value === true ? true : null));
  if (Notification.permission !== 'granted' || !subscribed) return 'idle';
  // Still subscribed? Clearing site data or the browser ending the subscription says no.
  const registration = await navigator.serviceWorker.getRegistration();
  const subscription = await registration?.pushManager.getSubscription();
  if (subscription) return 'on';
  removeStored(storedKey(token));
  return 'idle';
}

function Note({ on, text }: { on: boolean; text: string }) {
  return (
    <Group gap="sm" wrap="nowrap" align="flex-start" data-testid="notify-me">
      <ThemeIcon variant="light" color={on ? 'green' : 'gray'} radius="xl" aria-hidden>
        {on ? <IconBellCheck size={18} /> : <IconBellOff size={18} />}
      </ThemeIcon>
      <Text size="sm" role="status" style={{ minWidth: 0 }}>
        {text}
      </Text>
    </Group>
  );
}

export function NotifyMe({ token }: { token: string }) {
  const [state, setState] = useState<State>('checking');

  useEffect(() => {
    let current = true;
    initialState(token).then(
      (found) => current && setState(found),
      () => current && setState('idle'),
    );
    return () => {
      current = false;
    };
  }, [token]);

  if (state === 'checking') return null;
  if (state === 'unsupported') return <Note on={false} text={NOTIFY_ME_TEXT.unsupported} />;
  if (state === 'blocked') return <Note on={false} text={NOTIFY_ME_TEXT.blocked} />;
  if (state === 'on') return <Note on text={NOTIFY_ME_TEXT.on} />;

  const ask = () => {
    setState('busy');
    subscribe(token).then(setState, (error: unknown) => {
      console.warn('Could not subscribe to notifications', error);
      setState('failed');
    });
  };
  return (
    <Stack gap="xs" align="flex-start" data-testid="notify-me">
      <Button
        variant="light"
        leftSection={<IconBell size={18} aria-hidden />}
        onClick={ask}
        loading={state === 'busy'}
        mih={44}
      >
        {NOTIFY_ME_LABEL}
      </Button>
      {state === 'failed' && (
        <Text size="sm" c="red.8" role="alert">
          {NOTIFY_ME_TEXT.failed}
        </Text>
      )}
    </Stack>
  );
}
