// The tracking link's renderer thread (tracking-page.ts): the web app's own pre-rendering bundle
// (web/dist-ssr/prerender.js, built with the PWA) draws the portal page with the answer the main
// thread looked up. Plain JavaScript: it imports only that built bundle and Node's own modules.
import { parentPort, workerData } from 'node:worker_threads';
import { pathToFileURL } from 'node:url';

const ssr = await import(pathToFileURL(workerData.ssrModule).href);

/** One page: the HTML of #root and the data element the browser hydrates from. */
async function render(tracking) {
  const { html } = await ssr.renderTrackingPage(workerData.config, tracking);
  return { html, data: ssr.initialTrackingScript(tracking) };
}

// Every kind of answer once, so each module a page may need is loaded before the first link.
try {
  for (const sample of ssr.trackingSamples()) await render(sample);
  parentPort.postMessage({ type: 'ready' });
} catch (error) {
  parentPort.postMessage({ type: 'failed', error: String(error?.stack ?? error) });
}

parentPort.on('message', async ({ id, tracking }) => {
  try {
    parentPort.postMessage({ type: 'page', id, ...(await render(tracking)) });
  } catch (error) {
    parentPort.postMessage({ type: 'page', id, error: String(error?.message ?? error) });
  }
});
