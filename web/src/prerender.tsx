/**
 * Build-time rendering of the public pages (DESIGN §11): scripts/prerender.mjs bundles this for
 * Node and writes each page's HTML, which the browser then hydrates (main.tsx). React's own
 * `prerenderToNodeStream` waits for every lazy page and component, so the HTML holds the whole
 * page, not a loading spinner.
 */
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { prerenderToNodeStream } from 'react-dom/static';
import { StaticRouter } from 'react-router-dom';
import { App, AppRoutes } from './app/app';
import { DEFAULT_CONFIG, type SiteConfig } from './components/profile-provider';
import { embeddedConfigScript } from './app/embedded-config';
import { TitleCollectorContext, type TitleCollector } from './lib/use-page-title';

export { PUBLIC_ROUTES, CLIENT_ONLY_ROUTES } from './app/routes';
export { DEFAULT_CONFIG, embeddedConfigScript };
export { PRODUCT_NAME } from '@pilbara/shared-schema';

export interface RenderedPage {
  html: string;
  title: string;
}

/**
 * Renders one page. React's `prerenderToNodeStream` waits for every lazy page and component;
 * but the HTML it writes moves finished parts into place with inline scripts, which the site's
 * Content-Security-Policy forbids. So it only loads the lazy modules, and the page is then
 * rendered with `renderToString`, which — nothing suspending any more — writes it in order.
 */
export async function renderPage(
  url: string,
  config: SiteConfig = DEFAULT_CONFIG,
): Promise<RenderedPage> {
  const { prelude } = await prerenderToNodeStream(tree(url, config, { title: '' }));
  for await (const chunk of prelude) void chunk;
  const collector: TitleCollector = { title: '' };
  const html = renderToString(tree(url, config, collector));
  if (html.includes('<script') || html.includes('<template')) {
    throw new Error(`${url}: the page still suspends after its lazy modules loaded`);
  }
  return { html, title: collector.title };
}

function tree(url: string, config: SiteConfig, collector: TitleCollector) {
  return (
    <StrictMode>
      <TitleCollectorContext value={collector}>
        <App config={config}>
          <StaticRouter location={url}>
            <AppRoutes />
          </StaticRouter>
        </App>
      </TitleCollectorContext>
    </StrictMode>
  );
}
