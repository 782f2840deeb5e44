import { Center, Loader } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { Outlet } from 'react-router-dom';
import { ClientOnly } from './client-only';
import { EmergencyCallButton } from './emergency-call-button';
import { OfflineBanner } from './offline-banner';
import { ScrollRestoration } from './scroll-restoration';
import { SiteFooter } from './site-footer';
import { SiteHeader } from './site-header';

// Neither is part of the pre-rendered page: both appear (if at all) once the page is running,
// so their code loads after hydration instead of with every first visit.
const InstallCard = lazy(() => import('./install-card').then((m) => ({ default: m.InstallCard })));
const UpdatePrompt = lazy(() =>
  import('./update-prompt').then((m) => ({ default: m.UpdatePrompt })),
);

export function PageLoader() {
  return (
    <Center mih="50vh" role="status" aria-label="Loading page">
      <Loader color="ochre" />
    </Center>
  );
}

/** The frame of every page: header, the page, footer, emergency call button, install card. */
export function Layout() {
  return (
    <>
      <a href="#main" className="skip-link">
        Skip to content
      </a>
      <SiteHeader />
      {/* Fixed at the bottom corner, but early in the document: it is in the first bytes of
          every page, and the second stop for a keyboard, right after the header. */}
      <EmergencyCallButton />
      <ClientOnly>
        <OfflineBanner />
      </ClientOnly>
      <main id="main" tabIndex={-1} style={{ outline: 'none' }}>
        <Suspense fallback={<PageLoader />}>
          <Outlet />
        </Suspense>
      </main>
      <SiteFooter />
      <ClientOnly>
        <Suspense fallback={null}>
          <InstallCard />
          <UpdatePrompt />
        </Suspense>
        <ScrollRestoration />
      </ClientOnly>
    </>
  );
}
