/**
 * PDFs are drawn off the event loop: in a pool of worker threads (piscina), each
 * running at a lower CPU priority (nice +5), so a document never holds up the API — health
 * checks, syncs, the customers' tracking pages — however many are drawn at once. (+5, not more:
 * on a machine busy with other work a thread at +10 gets so little of a core that a document
 * waits tens of seconds; at +5 the event loop still wins every time it wakes.)
 *
 * - Threads: as many as the machine has cores (at most 4), one pool per process, started on the
 *   first document and kept while documents keep coming (they stop after a minute idle, and an
 *   idle one never keeps the process alive), so a server that draws none spends nothing and a
 *   thread's start (loading the renderer, about a second) is paid once.
 * - Time budget: {@link PDF_TIME_BUDGET_MS} from the request to the last byte, waiting included,
 *   far above the few hundred milliseconds a document takes: it stops a document that would
 *   hold a thread for good (its thread is ended) and answers 503, try again.
 * - Queue: at most {@link PDF_MAX_QUEUE} documents wait; beyond that 503 at once.
 *
 * The largest allowed quote draws in a few hundred milliseconds (bench/RESULTS.md "PDFs"): text
 * wraps in linear time (writer.ts) and every image is within the pixel cap before it is embedded.
 */
import os from 'node:os';
import { Piscina } from 'piscina';
import { MESSAGES } from '@pilbara/shared-schema';
import { HttpError } from '../../http-error';
import type { PdfTask } from './render-task';

/** How long a document may take, waiting in the queue included. */
const PDF_TIME_BUDGET_MS = 60_000;
/** Documents that may wait for a thread. */
const PDF_MAX_QUEUE = 40;

export interface PdfRenderer {
  /** The task's PDF; a 503 HttpError when it is over budget or too many wait. */
  render(task: PdfTask): Promise<Uint8Array>;
  close(): Promise<void>;
}

/** The process's pool, made on the first document. */
let shared: Piscina | null = null;

function pool(): Piscina {
  shared ??= new Piscina({
    filename: new URL('./worker.mjs', import.meta.url).href,
    minThreads: 0,
    maxThreads: Math.max(1, Math.min(4, os.availableParallelism())),
    idleTimeout: 60_000,
    maxQueue: PDF_MAX_QUEUE,
    niceIncrement: 5,
  });
  return shared;
}

export function createPdfRenderer(options: { budgetMs?: number } = {}): PdfRenderer {
  const budgetMs = options.budgetMs ?? PDF_TIME_BUDGET_MS;
  const running = new Set<AbortController>();
  return {
    async render(task) {
      const controller = new AbortController();
      const timer = setTimeout(() => controller.abort(), budgetMs);
      running.add(controller);
      try {
        const bytes = (await pool().run(task, { signal: controller.signal })) as Uint8Array;
        return bytes instanceof Uint8Array ? bytes : new Uint8Array(bytes);
      } catch (error) {
        if (controller.signal.aborted) throw new HttpError(503, MESSAGES.DOCUMENT_TOO_SLOW);
        if (error instanceof Error && /queue is at limit/i.test(error.message)) {
          throw new HttpError(503, MESSAGES.DOCUMENT_BUSY);
        }
        throw error;
      } finally {
        clearTimeout(timer);
        running.delete(controller);
      }
    },
    /** Stops this server's documents still drawing or waiting (the pool stays for others). */
    async close() {
      for (const controller of running) controller.abort();
    },
  };
}
