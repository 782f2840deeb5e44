import { Center, Loader } from '@mantine/core';
import { Suspense } from 'react';
import { Outlet } from 'react-router-dom';
import { ClientOnly } from './client-only';
import { EmergencyCallButton } from './emergency-call-button';
import { InstallCard } from './install-card';
import { ScrollRestoration } from './scroll-restoration';
import { SiteFooter } from './site-footer';
import { SiteHeader } from './site-header';
import { UpdatePrompt } from './update-prompt';

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
      <main id="main" tabIndex={-1} style={{ outline: 'none' }}>
        <Suspense fallback={<PageLoader />}>
          <Outlet />
        </Suspense>
      </main>
      <SiteFooter />
      <EmergencyCallButton />
      <ClientOnly>
        <InstallCard />
        <UpdatePrompt />
        <ScrollRestoration />
      </ClientOnly>
    </>
  );
}
