/**
 * The health prober of the benchmarks that load a server (scale, backup): a process of its own
 * (lib/probe.mjs) asking `/api/health` every 20 ms, so the benchmark's own work never delays it,
 * and the samples it reports, read by the time each request was sent.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const HERE = path.dirname(fileURLToPath(import.meta.url));

/** One request: when it was sent (epoch ms), how long its answer took, its status (-1: none). */
export interface ProbeSample {
  sent: number;
  latency: number;
  status: number;
}

export class HealthProber {
  readonly samples: ProbeSample[] = [];
  /** The prober's process, for the benchmark to stop with the rest if a run fails. */
  readonly child: ChildProcess;

  constructor(url: string) {
    this.child = spawn(process.execPath, [path.join(HERE, 'probe.mjs'), url, '20'], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let rest = '';
    this.child.stdout?.on('data', (chunk: Buffer) => {
      rest += chunk.toString();
      const lines = rest.split('\n');
      rest = lines.pop() ?? '';
      for (const line of lines) {
        const [sent, latency, status] = line.split(' ').map(Number);
        if (sent !== undefined && latency !== undefined && status !== undefined)
          this.samples.push({ sent, latency, status });
      }
    });
  }

  /** The samples of requests sent in [from, to] (epoch ms). */
  between(from: number, to: number): ProbeSample[] {
    return this.samples.filter((s) => s.sent >= from && s.sent <= to);
  }

  /** The worst health wait among requests sent in [from, to] (epoch ms), and how many. */
  worst(from: number, to: number): { max: number; n: number; failed: number } {
    const inside = this.between(from, to);
    return {
      max: Math.max(...inside.map((s) => s.latency)),
      n: inside.length,
      failed: inside.filter((s) => s.status !== 200).length,
    };
  }

  stop(): void {
    this.child.kill('SIGTERM');
  }
}
