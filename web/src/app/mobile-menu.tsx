/**
 * The mobile menu drawer: the header's links, both phone lines (the owner's and the second staff
 * phone, as the header shows them) and the sign-in area. Loaded on first use by the header.
 */
import { Box, Button, Divider, Drawer, Stack, Text } from '@mantine/core';
import { IconPhone } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { NavLink } from 'react-router-dom';
import { telHref } from '../lib/format';
import type { NavItem } from './nav-links';
import { useOperators, useProfile } from '../components/profile-provider';
import classes from './layout.module.css';
import { CallLineButtons } from '../components/call-map-buttons';

export function MobileMenu({
  opened,
  onClose,
  items,
  authArea,
}: {
  opened: boolean;
  onClose: () => void;
  items: readonly NavItem[];
  authArea: ReactNode;
}) {
  const { main } = useOperators();
  const profile = useProfile();
  return (
    <Drawer
      id="mobile-menu"
      opened={opened}
      onClose={onClose}
      position="right"
      size="min(88vw, 360px)"
      title={<Text fw={800}>Menu</Text>}
      hiddenFrom="lg"
      closeButtonProps={{ 'aria-label': 'Close menu' }}
    >
      <Stack gap={4}>
        <Box component="nav" aria-label="Mobile">
          <Stack gap={2}>
            {items.map((item) => (
              <NavLink
                key={item.to}
                to={item.to}
                end={item.to === '/'}
                className={classes.drawerLink}
                onClick={onClose}
              >
                {item.label}
              </NavLink>
            ))}
          </Stack>
        </Box>
        <Divider my="sm" />
        <Text size="sm" fw={700} c="dimmed">
          Call us any time
        </Text>
        <CallLineButtons lines={[main]} iconSize={20} size="md" h={48} />
        {profile.staffPhone && (
          <Button
            component="a"
            href={telHref(profile.staffPhone)}
            size="md"
            h={48}
            variant="outline"
            leftSection={<IconPhone size={20} aria-hidden />}
          >
            Staff line: {profile.staffPhone}
          </Button>
        )}
        <Divider my="sm" />
        {authArea}
      </Stack>
    </Drawer>
  );
}
