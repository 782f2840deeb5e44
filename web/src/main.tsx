/**
 * Browser entry. A pre-rendered page (public routes, DESIGN §11) is hydrated: React takes over
 * the HTML the build produced instead of drawing it again. Hydration runs as a transition so it
 * yields to the browser between components and a tap on the page is never held up for long. The
 * shell page of the staff screens (and a public page opened with a query, whose content depends
 * on it) is drawn from scratch.
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

// Pre-rendered pages inline the CSS their HTML uses and load the full stylesheets as
// media="print" so they never delay the first paint; they apply from here on.
for (const link of document.querySelectorAll<HTMLLinkElement>('link[data-deferred-css]')) {
  link.media = 'all';
}

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

const app = (
  <StrictMode>
    <App config={readEmbeddedConfig(document)}>
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
    </App>
  </StrictMode>
);

if (root.hasChildNodes() && !window.location.search) {
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
