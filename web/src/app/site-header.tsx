/**
 * The header of every page: brand, the public pages' links, Login or the welcome line
 * with Logout, and a call button for the owner's phone. Below the large breakpoint the links move
 * into a drawer that also lists the second staff phone.
 */
import { Badge, Box, Burger, Button, Container, Group, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconLogin, IconLogout, IconPhoneCall } from '@tabler/icons-react';
import { Link, NavLink, useLocation } from 'react-router-dom';
import { lazy, Suspense, useEffect, useState } from 'react';
import { PRODUCT_NAME } from '@pilbara/shared-schema';
import { displayName, useAuth } from '../lib/auth';
import { telHref } from '../lib/format';
import { ACCOUNT_LINK, ADMIN_LINK, DRIVER_LINK, NAV_LINKS } from './nav-links';
import { useOperators } from '../components/profile-provider';
import classes from './layout.module.css';

const MobileMenu = lazy(() => import('./mobile-menu').then((m) => ({ default: m.MobileMenu })));
// Staff sign-out asks first when changes still wait; it loads on the first Logout.
const SignOutDialog = lazy(() =>
  import('../components/sign-out-dialog').then((m) => ({ default: m.SignOutDialog })),
);

function useNavItems() {
  const { user, isAdmin, isDriver } = useAuth();
  if (isAdmin) return [...NAV_LINKS, ADMIN_LINK];
  if (user?.role === 'account') return [...NAV_LINKS, ACCOUNT_LINK];
  return isDriver ? [...NAV_LINKS, DRIVER_LINK] : NAV_LINKS;
}

function AuthArea({ stacked = false }: { stacked?: boolean }) {
  const { user, isAdmin, isDriver, logout } = useAuth();
  const [signingOut, setSigningOut] = useState(false);
  if (!user) {
    return (
      <Button
        component={Link}
        to="/auth"
        variant="outline"
        leftSection={<IconLogin size={18} aria-hidden />}
        fullWidth={stacked}
      >
        Login
      </Button>
    );
  }
  return (
    <Group gap="xs" wrap="nowrap" justify={stacked ? 'space-between' : 'flex-end'}>
      <Text size="sm" fw={600} data-testid="welcome-line">
        Welcome, {displayName(user)}
        {isAdmin && (
          <Badge ml={6} color="ochre" variant="filled" size="sm">
            Admin
          </Badge>
        )}
      </Text>
      <Button
        variant="subtle"
        color="ironstone.9"
        leftSection={<IconLogout size={18} aria-hidden />}
        onClick={() => (isAdmin || isDriver ? setSigningOut(true) : void logout())}
      >
        Logout
      </Button>
      {signingOut && (
        <Suspense fallback={null}>
          <SignOutDialog onClose={() => setSigningOut(false)} />
        </Suspense>
      )}
    </Group>
  );
}

export function SiteHeader() {
  const [opened, { toggle, close }] = useDisclosure(false);
  // The drawer (and the dialog machinery under it) is fetched on first use, keeping it out of
  // the first load of every page.
  const [menuLoaded, setMenuLoaded] = useState(false);
  const items = useNavItems();
  const { main } = useOperators();
  const location = useLocation();

  // Following a link closes the mobile menu.
  useEffect(() => {
    close();
  }, [location.pathname, close]);

  return (
    <Box component="header" className={classes.header}>
      <Container size="xl" className={classes.topRow}>
        <Group justify="space-between" wrap="nowrap" h={64} gap="sm">
          <Link to="/" className={classes.brand}>
            <img src="/favicon.svg" alt="" width={40} height={40} />
            <Box style={{ minWidth: 0 }}>
              <div className={classes.brandName}>{PRODUCT_NAME}</div>
              <div className={classes.brandTag}>Karratha &amp; Pilbara · 24/7</div>
            </Box>
          </Link>
          <Group gap="sm" wrap="nowrap">
            <Box visibleFrom="lg">
              <AuthArea />
            </Box>
            <Button
              component="a"
              href={telHref(main.phone)}
              leftSection={<IconPhoneCall size={18} aria-hidden />}
              aria-label={`Call ${main.name} on ${main.phone}`}
              visibleFrom="sm"
            >
              {main.phone}
            </Button>
            <Button
              component="a"
              href={telHref(main.phone)}
              aria-label={`Call ${main.name} on ${main.phone}`}
              hiddenFrom="sm"
              px="sm"
              h={48}
              miw={48}
            >
              <IconPhoneCall size={22} aria-hidden />
            </Button>
            <Burger
              opened={opened}
              onClick={() => {
                setMenuLoaded(true);
                toggle();
              }}
              onPointerEnter={() => setMenuLoaded(true)}
              onFocus={() => setMenuLoaded(true)}
              hiddenFrom="lg"
              aria-label={opened ? 'Close menu' : 'Open menu'}
              aria-expanded={opened}
              aria-controls="mobile-menu"
              size="md"
            />
          </Group>
        </Group>
      </Container>
      <Box className={classes.navRow} visibleFrom="lg">
        <Container size="xl">
          <Box component="nav" aria-label="Main">
            <Group gap={2} py={4} wrap="nowrap" justify="center">
              {items.map((item) => (
                <NavLink
                  key={item.to}
                  to={item.to}
                  end={item.to === '/'}
                  className={classes.navLink}
                >
                  {item.label}
                </NavLink>
              ))}
            </Group>
          </Box>
        </Container>
      </Box>
      {menuLoaded && (
        <Suspense fallback={null}>
          <MobileMenu
            opened={opened}
            onClose={close}
            items={items}
            authArea={<AuthArea stacked />}
          />
        </Suspense>
      )}
    </Box>
  );
}
