/**
 * Build-time rendering of the public pages (docs/features.md): scripts/prerender.mjs bundles this
 * for Node and writes each page's HTML, which the browser then hydrates (main.tsx). React's own
 * `prerenderToNodeStream` waits for every lazy page and component, so the HTML holds the whole
 * page, not a loading spinner.
 */
import { StrictMode } from 'react';
import { customerTimeline, type Job, type ReviewableJob } from '@pilbara/shared-schema';
import { renderToString } from 'react-dom/server';
import { prerenderToNodeStream } from 'react-dom/static';
import { StaticRouter } from 'react-router-dom';
import { App, AppRoutes } from './app/app';
import { DEFAULT_CONFIG, type SiteConfig } from './components/profile-provider';
import { embeddedConfigScript } from './app/embedded-config';
import { TitleCollectorContext, type TitleCollector } from './lib/use-page-title';
import { ReviewTemplateJobs } from './features/public-forms/review-template';
import {
  InitialTrackingProvider,
  initialTrackingScript,
  type InitialTracking,
} from './features/tracking/initial-tracking';

export { PUBLIC_ROUTES, CLIENT_ONLY_ROUTES } from './app/routes';
export { DEFAULT_CONFIG, embeddedConfigScript, initialTrackingScript };
export { PRODUCT_NAME } from '@pilbara/shared-schema';
export type { InitialTracking };

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
  tracking: InitialTracking | null = null,
  reviewJobs: ReviewableJob[] | null = null,
): Promise<RenderedPage> {
  const { prelude } = await prerenderToNodeStream(
    tree(url, config, { title: '' }, tracking, reviewJobs),
  );
  for await (const chunk of prelude) void chunk;
  return renderLoaded(url, config, tracking, reviewJobs);
}

/**
 * A page in a state its plain address does not show, rendered by the build into a file of its own
 * (`<route>.<name>.html`) for the server to answer with (sync-server plugins/static.ts): the
 * contact page's quote request and repair scheduling, which `?kind=` opens; and the feedback
 * page's review form, drawn with a sample job, as the template of the server's answer to a lookup
 * posted without script (it puts the person's own jobs in the sample's place).
 */
export interface PageVariant {
  route: string;
  name: string;
  url: string;
  reviewJobs?: ReviewableJob[];
}

export const PAGE_VARIANTS: readonly PageVariant[] = [
  { route: '/contact', name: 'quote', url: '/contact?kind=quote' },
  { route: '/contact', name: 'repair', url: '/contact?kind=repair' },
  {
    route: '/feedback',
    name: 'review',
    url: '/feedback',
    reviewJobs: [{ id: 'JOB-2026-1', label: 'Emergency Towing – JOB-2026-1 (20 Nov 2026)' }],
  },
];

export function renderVariant(
  variant: PageVariant,
  config: SiteConfig = DEFAULT_CONFIG,
): Promise<RenderedPage> {
  return renderPage(variant.url, config, null, variant.reviewJobs ?? null);
}

/** Renders a page whose lazy modules have all loaded (else it throws: the HTML would be a hole). */
function renderLoaded(
  url: string,
  config: SiteConfig,
  tracking: InitialTracking | null,
  reviewJobs: ReviewableJob[] | null = null,
): RenderedPage {
  const collector: TitleCollector = { title: '' };
  const html = renderToString(tree(url, config, collector, tracking, reviewJobs));
  if (html.includes('<script') || html.includes('<template')) {
    throw new Error(`${url}: the page still suspends after its lazy modules loaded`);
  }
  return { html, title: collector.title };
}

function tree(
  url: string,
  config: SiteConfig,
  collector: TitleCollector,
  tracking: InitialTracking | null,
  reviewJobs: ReviewableJob[] | null = null,
) {
  return (
    <StrictMode>
      <TitleCollectorContext value={collector}>
        <App config={config}>
          <InitialTrackingProvider value={tracking}>
            <ReviewTemplateJobs value={reviewJobs}>
              <StaticRouter location={url}>
                <AppRoutes />
              </StaticRouter>
            </ReviewTemplateJobs>
          </InitialTrackingProvider>
        </App>
      </TitleCollectorContext>
    </StrictMode>
  );
}

/** The page a tracking link opens (the portal, with `?token=`). */
export const TRACKING_PAGE = '/customer-portal';

export function trackingUrl(token: string): string {
  return `${TRACKING_PAGE}?token=${encodeURIComponent(token)}`;
}

const SAMPLE_TIME = '2026-11-20T01:00:00.000Z';

function sampleJob(status: Job['status'], progress: number): Job {
  return {
    id: 'JOB-2026-1',
    customerName: 'Sample Customer',
    phone: '•••• ••• 678',
    email: 's•••@example.com',
    status,
    service: 'Emergency Towing',
    location: 'Karratha',
    estimatedArrival: '25 minutes',
    progress,
    assignedTo: 'Sam Taylor',
    notes: null,
    vehicleId: null,
    trackingToken: 'sample-token',
    createdAt: SAMPLE_TIME,
    updatedAt: SAMPLE_TIME,
  };
}

/**
 * What a tracking link can show, one of each kind: a job on its way with the truck seen just
 * now, one whose truck went quiet (out of coverage), a finished job, a booking waiting for
 * approval, and a link that opens nothing. The build renders them all to find the CSS the
 * tracking page needs inlined (scripts/prerender.mjs); the server renders them once at start,
 * which loads every module a tracking page may need before the first customer asks.
 */
export function trackingSamples(): InitialTracking[] {
  const seen = (minutesAgo: number) => ({
    latitude: -20.74,
    longitude: 116.85,
    recordedAt: new Date(Date.parse(SAMPLE_TIME) - minutesAgo * 60_000).toISOString(),
  });
  // The job's history as the server builds the timeline from it, so the timeline's
  // CSS is among what the tracking page inlines.
  const history = (status: Job['status']) =>
    (status === 'Completed' ? ['En Route', 'In Progress', 'Completed'] : ['En Route']).map(
      (step, index) => ({
        status: step,
        createdAt: new Date(Date.parse(SAMPLE_TIME) - (30 - index * 10) * 60_000).toISOString(),
      }),
    );
  const job = (status: Job['status'], progress: number, minutesAgo: number | null) => {
    const sample = sampleJob(status, progress);
    return {
      token: 'sample-token',
      renderedAt: SAMPLE_TIME,
      answer: {
        job: sample,
        position: minutesAgo === null ? null : seen(minutesAgo),
        timeline: customerTimeline(
          { createdAt: new Date(Date.parse(SAMPLE_TIME) - 45 * 60_000).toISOString() },
          history(status),
        ),
        reviewed: false,
      },
    };
  };
  return [
    job('En Route', 25, 1),
    job('En Route', 25, 40),
    job('Completed', 100, null),
    {
      token: 'sample-token',
      renderedAt: SAMPLE_TIME,
      answer: {
        booking: {
          id: 'BKG-2026-1',
          customerName: 'Sample Customer',
          phone: '•••• ••• 678',
          email: 's•••@example.com',
          service: 'Winch Recovery',
          location: 'Karratha',
          preferredDate: '2026-11-21',
          preferredTime: '09:00 AM',
          urgency: 'scheduled',
          status: 'pending',
          trackingToken: 'sample-token',
          createdAt: SAMPLE_TIME,
        },
      },
    },
    { token: 'sample-token', renderedAt: SAMPLE_TIME, answer: null },
  ];
}

/**
 * Renders a tracking link's page with what the server found for it. The first call
 * renders every sample with React's waiting renderer, which loads the lazy modules any of them
 * uses; after that each page is one synchronous render.
 */
let trackingModulesLoaded: Promise<void> | null = null;
export async function renderTrackingPage(
  config: SiteConfig,
  tracking: InitialTracking,
): Promise<RenderedPage> {
  trackingModulesLoaded ??= (async () => {
    for (const sample of trackingSamples()) {
      await renderPage(trackingUrl(sample.token), config, sample);
    }
  })();
  await trackingModulesLoaded;
  return renderLoaded(trackingUrl(tracking.token), config, tracking);
}
