import { Anchor, Center, Loader, Stack, Text, Title } from '@mantine/core';
import { lazy, Suspense, useEffect, useState } from 'react';
import { Outlet, useLocation } from 'react-router-dom';
import { useAuth } from '../lib/auth';
import { pageHasHydrated } from '../lib/hydration';
import { useAfterFirstScreen } from '../lib/use-after-paint';
import { HydrateLater } from '../components/hydrate-later';
import { useOperators } from '../components/profile-provider';
import { onKeptChanges, readKeptChanges } from '../lib/kept-changes';
import { telHref } from '../lib/format';
import { ClientOnly } from './client-only';
import { EmergencyCallButton } from './emergency-call-button';
import { LoadBoundary } from '../components/load-boundary';
import { OfflineBanner } from './offline-banner';
import { ScrollRestoration } from './scroll-restoration';
import { ServiceWorker } from './service-worker';
import { SiteFooter } from './site-footer';
import { SiteHeader } from './site-header';
import { afterSyncCode } from './sync-code';

// Not part of the pre-rendered page: it appears (if at all) once the page is running, so its
// code loads after hydration.
const InstallCard = lazy(() => import('./install-card').then((m) => ({ default: m.InstallCard })));
// The in-app alarm for a new booking nobody has taken, on every page an admin has open
// (docs/messages.md). It reads the synced bookings, so it rings offline too for what this device
// has; its chunk (Dexie, the sound) never loads for anyone else.
const loadStaffAlerts = afterSyncCode(() => import('../features/staff-alerts'));
const StaffAlarm = lazy(() => loadStaffAlerts().then((m) => ({ default: m.StaffAlarm })));

function StaffAlarmForAdmins() {
  const { isAdmin } = useAuth();
  // After the panel's first screen has painted, as the sync engine is (app.tsx).
  const start = useAfterFirstScreen(isAdmin);
  if (!start) return null;
  return (
    <LoadBoundary>
      <Suspense fallback={null}>
        <StaffAlarm />
      </Suspense>
    </LoadBoundary>
  );
}

const UnsentWorkPrompt = lazy(() =>
  import('../components/unsent-work-prompt').then((m) => ({ default: m.UnsentWorkPrompt })),
);

/**
 * Staff changes that wait on this device for a sign-in: the prompt (with the local
 * database) loads only when they can: a staff member signed in offline, or changes kept for
 * someone signed out. Everyone else never fetches it.
 */
function UnsentWork() {
  const { needsPassword } = useAuth();
  const [kept, setKept] = useState(readKeptChanges);
  useEffect(() => onKeptChanges(() => setKept(readKeptChanges())), []);
  if (!needsPassword && !kept) return null;
  return (
    <LoadBoundary>
      <Suspense fallback={null}>
        <UnsentWorkPrompt kept={kept} />
      </Suspense>
    </LoadBoundary>
  );
}

function PageLoader() {
  return (
    <Center mih="50vh" role="status" aria-label="Loading page">
      <Loader color="ochre" />
    </Center>
  );
}

/** Stands in for a page whose code could not load with no signal; it retries once online. */
function PageLoadFailed() {
  const { main, second } = useOperators();
  return (
    <Center mih="50vh" px="md">
      <Stack gap="xs" maw={480} ta="center" role="alert">
        <Title order={2}>This page needs signal to open</Title>
        <Text>
          It opens by itself as soon as you are back online. You can still call us – voice calls
          often work when data does not.
        </Text>
        {[main, ...(second ? [second] : [])].map((line) => (
          <Anchor key={line.phone} href={telHref(line.phone)} fw={700}>
            {line.name}: {line.phone}
          </Anchor>
        ))}
      </Stack>
    </Center>
  );
}

/** Commits with the page's content, so it says when the page has hydrated. */
function PageHydrated() {
  useEffect(pageHasHydrated, []);
  return null;
}

/** A page whose code could not load has hydrated as far as it will. */
function PageLoadFailedHydrated() {
  return (
    <>
      <PageLoadFailed />
      <PageHydrated />
    </>
  );
}

/** The frame of every page: header, the page, footer, emergency call button, install card. */
export function Layout() {
  const { pathname } = useLocation();
  return (
    <>
      <a href="#main" className="skip-link">
        Skip to content
      </a>
      <ClientOnly>
        <StaffAlarmForAdmins />
      </ClientOnly>
      {/* Hydrated after the page, so a page's form is usable sooner. */}
      <HydrateLater depth={2}>
        <SiteHeader />
      </HydrateLater>
      {/* Fixed at the bottom corner, but early in the document: it is in the first bytes of
          every page, and the second stop for a keyboard, right after the header. */}
      <HydrateLater depth={2}>
        <EmergencyCallButton />
      </HydrateLater>
      <ClientOnly>
        <OfflineBanner />
        <UnsentWork />
      </ClientOnly>
      <main id="main" tabIndex={-1} style={{ outline: 'none' }}>
        {/* A new address tries again: the boundary is per page. */}
        <LoadBoundary key={pathname} fallback={<PageLoadFailedHydrated />}>
          <Suspense fallback={<PageLoader />}>
            <Outlet />
            <PageHydrated />
          </Suspense>
        </LoadBoundary>
      </main>
      <HydrateLater depth={2}>
        <SiteFooter />
      </HydrateLater>
      <ClientOnly>
        {/* Extras: with no signal and no service worker yet, they are simply left out. */}
        <LoadBoundary>
          <Suspense fallback={null}>
            <InstallCard />
          </Suspense>
        </LoadBoundary>
        <ServiceWorker />
        <ScrollRestoration />
      </ClientOnly>
    </>
  );
}
