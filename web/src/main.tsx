/**
 * Browser entry. A pre-rendered page (public routes, docs/features.md) is hydrated: React takes
 * over the HTML the build produced instead of drawing it again. Hydration runs as a transition so
 * it yields to the browser between components and a tap on the page is never held up for long. The
 * shell page of the staff screens (and a public page opened with a query, whose content depends on
 * it) is drawn from scratch — except a tracking link the server rendered for its query, with the
 * answer it shows embedded (features/tracking/initial-tracking.tsx), which is hydrated too.
 */
import './lib/zod-config';
import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import './app/global.css';
import { App, AppRoutes } from './app/app';
import { readEmbeddedConfig } from './app/embedded-config';
import { preloadPage } from './app/routes';
import { awaitPageHydration } from './lib/hydration';
import { InitialTrackingProvider, readInitialTracking } from './features/tracking/initial-tracking';

// Pre-rendered pages inline the CSS their HTML uses and name the full stylesheets without
// loading them (scripts/prerender.mjs), so on a slow link they share the bandwidth with nothing
// the page needs first: they load from here on, while the page hydrates, and then apply.
for (const link of document.querySelectorAll<HTMLLinkElement>('link[data-deferred-css]')) {
  const href = link.dataset.deferredCss;
  if (href) link.href = href;
  link.media = 'all';
}

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

const tracking = readInitialTracking(document, window.location.search);

const app = (
  <StrictMode>
    <App config={readEmbeddedConfig(document)}>
      <InitialTrackingProvider value={tracking ?? null}>
        <BrowserRouter>
          <AppRoutes />
        </BrowserRouter>
      </InitialTrackingProvider>
    </App>
  </StrictMode>
);

// Rendered for this very address: no query, or the tracking link the server answered.
if (root.hasChildNodes() && (!window.location.search || tracking)) {
  awaitPageHydration();
  // The page's module is preloaded by the HTML (modulepreload); waiting for it here lets the
  // whole page hydrate in one pass (see app/lazy-page.tsx).
  void preloadPage(window.location.pathname)
    .catch(() => undefined)
    .then(() =>
      startTransition(() => {
        hydrateRoot(root, app);
      }),
    );
} else {
  createRoot(root).render(app);
}
