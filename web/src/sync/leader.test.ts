import { describe, expect, it } from 'vitest';
import { runAsLeader } from './leader';

/** Web Locks as a browser grants them: one holder per name, the rest queued in order. */
function lockManager() {
  const queue: Array<() => void> = [];
  let held = false;
  const next = () => {
    const first = queue.shift();
    if (first) first();
    else held = false;
  };
  return {
    get held() {
      return held;
    },
    request(name: string, options: { signal?: AbortSignal }, callback: () => Promise<void>) {
      return new Promise<unknown>((resolve, reject) => {
        const grant = () => {
          held = true;
          callback().then(
            (value) => {
              next();
              resolve(value);
            },
            (error: unknown) => {
              next();
              reject(error);
            },
          );
        };
        if (!held) grant();
        else {
          queue.push(grant);
          options.signal?.addEventListener('abort', () => {
            const at = queue.indexOf(grant);
            if (at >= 0) queue.splice(at, 1);
            reject(new DOMException('aborted', 'AbortError'));
          });
        }
      });
    },
  };
}

const never = <T>() => new Promise<T>(() => undefined);

describe('runAsLeader', () => {
  it('gives the lock back as soon as it steps down, even while its engine is still starting', async () => {
    const locks = lockManager();
    const leaving = new AbortController();
    // A page frozen (back/forward cache) while its engine starts: the start never finishes.
    void runAsLeader('sync', () => never(), leaving.signal, locks);
    expect(locks.held).toBe(true);

    let nextLeads = false;
    const staying = new AbortController();
    void runAsLeader(
      'sync',
      () => {
        nextLeads = true;
        return Promise.resolve(() => Promise.resolve());
      },
      staying.signal,
      locks,
    );
    await Promise.resolve();
    expect(nextLeads).toBe(false);

    leaving.abort();
    await expect.poll(() => nextLeads).toBe(true);
    staying.abort();
  });

  it('gives the lock back before a slow stop has finished, and settles once it has', async () => {
    const locks = lockManager();
    const abort = new AbortController();
    let finishStop: () => void = () => undefined;
    let stopped = false;
    const done = runAsLeader(
      'sync',
      () =>
        Promise.resolve(
          () =>
            new Promise<void>((resolve) => {
              finishStop = () => {
                stopped = true;
                resolve();
              };
            }),
        ),
      abort.signal,
      locks,
    );
    await Promise.resolve();
    abort.abort();
    await expect.poll(() => locks.held).toBe(false);
    expect(stopped).toBe(false);
    finishStop();
    await done;
    expect(stopped).toBe(true);
  });

  it('stops waiting in the queue without an error when it steps down before leading', async () => {
    const locks = lockManager();
    const first = new AbortController();
    void runAsLeader('sync', () => Promise.resolve(() => Promise.resolve()), first.signal, locks);
    const second = new AbortController();
    let led = false;
    const waiting = runAsLeader(
      'sync',
      () => {
        led = true;
        return Promise.resolve(() => Promise.resolve());
      },
      second.signal,
      locks,
    );
    second.abort();
    await expect(waiting).resolves.toBeUndefined();
    expect(led).toBe(false);
    first.abort();
  });
});
