/**
 * Registers the service worker and offers a reload when a new version is waiting. The new worker
 * takes over only when the visitor agrees, so a half-filled form is never reloaded away.
 *
 * Reloading does not wait for the outboxes to empty, on purpose: out of signal they may not empty
 * for hours. Nothing is lost by reloading: queued writes live in IndexedDB, survive the reload
 * and are sent after it, and a push cut off mid-flight is resent under the same mutation id
 * (staff) or Idempotency-Key (public forms), which the server applies once.
 */
import { Button, Group, Paper, Text } from '@mantine/core';
import { useRegisterSW } from 'virtual:pwa-register/react';
import classes from './layout.module.css';

export function UpdatePrompt() {
  const {
    needRefresh: [needRefresh, setNeedRefresh],
    updateServiceWorker,
  } = useRegisterSW({
    onRegisteredSW(_url, registration) {
      // Look for a new version every hour for apps left open all day (depot tablets).
      if (registration) window.setInterval(() => void registration.update(), 60 * 60 * 1000);
    },
  });

  if (!needRefresh) return null;
  return (
    <Paper className={classes.updateBar} shadow="lg" p="sm" withBorder role="status">
      <Group justify="space-between" gap="xs">
        <Text size="sm" fw={600}>
          A new version of the app is ready.
        </Text>
        <Group gap="xs">
          <Button size="xs" variant="subtle" onClick={() => setNeedRefresh(false)}>
            Later
          </Button>
          <Button size="xs" onClick={() => void updateServiceWorker(true)}>
            Reload
          </Button>
        </Group>
      </Group>
    </Paper>
  );
}
