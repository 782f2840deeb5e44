// A PDF worker thread (pool.ts). The server's code is TypeScript, run through tsx: a worker
// thread starts without the main thread's loader, so it registers tsx itself before importing
// the renderer.
import { register } from 'tsx/esm/api';

register();
const { renderTask } = await import('./render-task.ts');

/** Piscina calls this with each task; the PDF's bytes go back to the main thread. */
export default async function render(task) {
  return renderTask(task);
}
