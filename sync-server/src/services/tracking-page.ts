/**
 * A tracking link answered in its first response. `/customer-portal?token=…` is the
 * page customers open from their text or email, on whatever signal they have; the pre-rendered
 * portal page only has the search form, so the job would appear only after the page's scripts
 * (hundreds of KB on a slow link) and a second round trip to `GET /api/track/:token`. Here the
 * server looks the token up with the API's own code path (track-answer.ts: the same masking, the
 * same fields) and sends the portal page rendered with the answer in it, and the answer as a
 * data element (`<script type="application/json">`, never run: the Content-Security-Policy
 * allows no inline script) from which the browser hydrates the page (web
 * features/tracking/initial-tracking.tsx). A token that opens nothing gets the not-found state
 * the same way, with 404.
 *
 * The page is drawn by the web app's own pre-rendering bundle (web/dist-ssr, built with the PWA,
 * the one the build renders every public page with) in a worker thread, so drawing a page never
 * holds up the event loop (sync, health checks); React runs there in its production build. The
 * thread starts with the server and renders one page of each kind first, which loads everything
 * a page needs; it holds about 150 MB. The template is the build's (scripts/prerender.mjs
 * `customer-portal.tracking.html`): the portal page with the CSS every kind of answer needs
 * inlined, from the same folder as the other pages (a deployment's own profile included).
 *
 * When the renderer cannot answer within {@link TRACKING_RENDER_BUDGET_MS} (starting, busy,
 * failed), the link gets the plain portal page, which looks the token up itself as before.
 */
import fs from 'node:fs';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import type { FastifyInstance } from 'fastify';
import { isTrackingToken, type TrackResponse } from '@pilbara/shared-schema';
import { trackAnswer } from './track-answer';

/** How long a request waits for its page before the plain portal page is sent instead. */
const TRACKING_RENDER_BUDGET_MS = 2_000;
/** Pages that may wait for the renderer; past this the plain page goes at once. */
const MAX_WAITING = 32;
/** A renderer that failed is started again at the next link, but not more often than this. */
const RESTART_AFTER_MS = 30_000;

/** The template's slots (web/scripts/prerender.mjs writes them). */
const ROOT_SLOT = '<!--tracking-root-->';
const DATA_SLOT = '<!--tracking-data-->';

/** What the page is rendered with, as web features/tracking/initial-tracking.tsx reads it. */
interface InitialTracking {
  token: string;
  answer: TrackResponse | null;
  renderedAt: string;
}

interface RenderedTracking {
  html: string;
  data: string;
}

type WorkerMessage =
  | { type: 'ready' }
  | { type: 'failed'; error: string }
  | { type: 'page'; id: number; html?: string; data?: string; error?: string };

export interface TrackingPage {
  /** The tracking link's page, or null when the plain portal page should be sent instead. */
  page(token: string): Promise<{ status: 200 | 404; html: string } | null>;
  close(): Promise<void>;
}

/** The template split around its slots, and the site config its pages were rendered with. */
interface Template {
  head: string;
  middle: string;
  tail: string;
  config: unknown;
}

function readTemplate(file: string): Template | null {
  const text = fs.readFileSync(file, 'utf8');
  const root = text.indexOf(ROOT_SLOT);
  const data = text.indexOf(DATA_SLOT);
  const configText = /<script type="application\/json" id="site-config">([\s\S]*?)<\/script>/.exec(
    text,
  )?.[1];
  if (root < 0 || data < root || configText === undefined) return null;
  return {
    head: text.slice(0, root),
    middle: text.slice(root + ROOT_SLOT.length, data),
    tail: text.slice(data + DATA_SLOT.length),
    config: JSON.parse(configText) as unknown,
  };
}

/** One renderer thread, started again after a failure. */
class Renderer {
  private worker: Worker | null = null;
  private failedAt = 0;
  private nextId = 1;
  private readonly waiting = new Map<number, (page: RenderedTracking | null) => void>();

  constructor(
    private readonly app: FastifyInstance,
    private readonly ssrModule: string,
    private readonly config: unknown,
  ) {}

  start(): void {
    if (this.worker || Date.now() - this.failedAt < RESTART_AFTER_MS) return;
    const worker = new Worker(new URL('./tracking-page-worker.mjs', import.meta.url), {
      workerData: { ssrModule: this.ssrModule, config: this.config },
      // React's production build: the development one renders several times slower.
      env: { ...process.env, NODE_ENV: 'production' },
    });
    // The thread never keeps the process alive on its own.
    worker.unref();
    this.worker = worker;
    worker.on('message', (message: WorkerMessage) => {
      if (message.type === 'ready') {
        this.app.log.debug('the tracking page renderer is ready');
      } else if (message.type === 'failed') {
        this.app.log.error({ error: message.error }, 'the tracking page renderer could not start');
        this.stop(worker);
      } else {
        const done = this.waiting.get(message.id);
        this.waiting.delete(message.id);
        if (message.error !== undefined || message.html === undefined || !message.data) {
          this.app.log.error({ error: message.error }, 'a tracking page could not be rendered');
          done?.(null);
        } else {
          done?.({ html: message.html, data: message.data });
        }
      }
    });
    worker.on('error', (error) => {
      this.app.log.error({ err: error }, 'the tracking page renderer stopped');
      this.stop(worker);
    });
    worker.on('exit', () => this.stop(worker));
  }

  private stop(worker: Worker): void {
    if (this.worker !== worker) return;
    this.worker = null;
    this.failedAt = Date.now();
    for (const done of this.waiting.values()) done(null);
    this.waiting.clear();
    void worker.terminate();
  }

  /** The rendered page, or null when it does not come within the budget. */
  render(tracking: InitialTracking): Promise<RenderedTracking | null> {
    this.start();
    const worker = this.worker;
    if (!worker || this.waiting.size >= MAX_WAITING) return Promise.resolve(null);
    const id = this.nextId++;
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        this.waiting.delete(id);
        resolve(null);
      }, TRACKING_RENDER_BUDGET_MS);
      this.waiting.set(id, (page) => {
        clearTimeout(timer);
        resolve(page);
      });
      // Sent at once even while the thread is starting: it answers once it is ready, or the
      // budget runs out first.
      worker.postMessage({ id, tracking });
    });
  }

  async close(): Promise<void> {
    const worker = this.worker;
    if (worker) {
      this.stop(worker);
      this.failedAt = 0;
    }
  }
}

/**
 * The tracking page of this server, or null when the build has no template or no renderer next
 * to WEB_DIST (then tracking links get the plain portal page). `pagesDir` is where the pages are
 * served from (plugins/static.ts), `templateFile` the template's name there.
 */
export function createTrackingPage(
  app: FastifyInstance,
  pagesDir: string,
  templateFile: string,
): TrackingPage | null {
  const ssrModule = path.join(path.dirname(app.config.webDist), 'dist-ssr', 'prerender.js');
  const templatePath = path.join(pagesDir, templateFile);
  if (!fs.existsSync(ssrModule) || !fs.existsSync(templatePath)) return null;
  const template = readTemplate(templatePath);
  if (!template) {
    app.log.warn(
      { templatePath },
      'the tracking page template has no slots; links get the plain page',
    );
    return null;
  }
  const renderer = new Renderer(app, ssrModule, template.config);
  renderer.start();
  return {
    async page(token) {
      // A token cannot be this long; whatever it is, it is not echoed into a page.
      if (token.length > 200) return null;
      const answer = isTrackingToken(token) ? trackAnswer(app, token) : undefined;
      const tracking: InitialTracking = {
        token,
        answer: answer ?? null,
        renderedAt: app.now().toISOString(),
      };
      const rendered = await renderer.render(tracking);
      if (!rendered) return null;
      return {
        status: answer ? 200 : 404,
        html: template.head + rendered.html + template.middle + rendered.data + template.tail,
      };
    },
    close: () => renderer.close(),
  };
}
