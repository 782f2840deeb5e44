/**
 * Told honestly on every page: with no connection, pages already opened still work and work is
 * kept on the phone until signal returns. One line, so a driver's jobs stay on a phone's first
 * screen; the phone numbers are a tap away in
 * the call bar and the header.
 */
import { Container, Group, Text } from '@mantine/core';
import { IconWifiOff } from '@tabler/icons-react';
import { useOnline } from '../lib/use-online';
import classes from './layout.module.css';

const OFFLINE_TEXTS = {
  title: 'Offline',
  body: 'your work is kept and sent later',
};

export function OfflineBanner() {
  const online = useOnline();
  if (online) return null;
  return (
    <div className={classes.offlineBanner} role="status" data-testid="offline-banner">
      <Container size="xl" py={6}>
        <Group gap={8} wrap="nowrap" align="center">
          <IconWifiOff size={18} aria-hidden style={{ flexShrink: 0 }} />
          <Text size="sm">
            <strong>{OFFLINE_TEXTS.title}:</strong> {OFFLINE_TEXTS.body}
          </Text>
        </Group>
      </Container>
    </div>
  );
}
