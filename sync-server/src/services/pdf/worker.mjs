// A PDF worker thread (pool.ts) of a server run from its sources (the tests, `tsx src/main.ts`).
// A thread starts without the main thread's TypeScript loader, and compiling the renderer through
// tsx in each thread cost a second of a core every time one started; so the thread runs the
// renderer from the server's build (sync-server/build.mjs), made once per change of the sources
// and shared by every process. A server run from its build has its own worker.mjs beside it.
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

const { ensureServerBuild } = await import('../../../build.mjs');
const build = await ensureServerBuild();
const { default: render } = await import(pathToFileURL(join(build, 'worker.mjs')).href);

/** Piscina calls this with each task; the PDF's bytes go back to the main thread. */
export default render;
