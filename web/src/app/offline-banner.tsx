/**
 * Told honestly on every page: with no connection, pages already opened still work and forms are
 * kept on the phone until signal returns — and a phone call may get through where data does not,
 * so both numbers are right there.
 */
import { Button, Container, Group, Text } from '@mantine/core';
import { IconPhoneCall, IconWifiOff } from '@tabler/icons-react';
import { telHref } from '../lib/format';
import { useOnline } from '../lib/use-online';
import { useProfile } from '../components/profile-provider';
import classes from './layout.module.css';

export const OFFLINE_TEXTS = {
  title: "You're offline",
  body: "Pages you've opened still work. Forms are saved on this phone and sent when you're back online. A phone call may still get through:",
};

export function OfflineBanner() {
  const online = useOnline();
  const { owners } = useProfile();
  if (online) return null;
  return (
    <div className={classes.offlineBanner} role="status" data-testid="offline-banner">
      <Container size="xl" py={8}>
        <Group gap="xs" wrap="nowrap" align="flex-start">
          <IconWifiOff size={20} aria-hidden style={{ flexShrink: 0, marginTop: 2 }} />
          <Text size="sm">
            <strong>{OFFLINE_TEXTS.title}.</strong> {OFFLINE_TEXTS.body}
          </Text>
        </Group>
        <Group gap="xs" mt={6}>
          {owners.map((owner) => (
            <Button
              key={owner.phone}
              component="a"
              href={telHref(owner.phone)}
              size="sm"
              mih={44}
              color="ironstone.9"
              leftSection={<IconPhoneCall size={16} aria-hidden />}
            >
              {owner.name.split(' ')[0]}: {owner.phone}
            </Button>
          ))}
        </Group>
      </Container>
    </div>
  );
}
