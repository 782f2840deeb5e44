/**
 * The backup benchmark: a backup of the seeded scale database (bench/scale/seed.ts: a
 * decade of a busy depot) while the real server runs, with 200 stored photos beside it, started
 * the way staff start one (`POST /api/backups`), and a prober asking `/api/health` every 20 ms
 * the whole time. Measured: the backup's own time (copy, check, files; from its manifest), the
 * time until its encrypted copy is in the off-machine folder, the sizes, the worst health wait
 * while it ran; then the same for a second backup (nothing new to copy but the database).
 *
 * Run from the repository root: `pnpm --filter @pilbara/bench exec tsx backup/run.ts`
 * (`npm run bench` runs it). Writes between the backup markers of bench/RESULTS.md.
 */
import type { ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { DECADE, seedDecade } from '../scale/seed';
import { quantile, startBenchServer } from '../lib/bench-server';
import { HealthProber } from '../lib/health-prober';

const HERE = path.dirname(fileURLToPath(import.meta.url));
const ROOT = path.resolve(HERE, '..', '..');
const PHOTOS = 200;
const PHOTO_BYTES = 300_000;

function duBytes(dir: string): number {
  if (!fs.existsSync(dir)) return 0;
  let total = 0;
  for (const entry of fs.readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (entry.isFile()) total += fs.statSync(path.join(entry.parentPath, entry.name)).size;
  }
  return total;
}

const mb = (bytes: number) => `${(bytes / 1_000_000).toFixed(1)} MB`;
const children = new Set<ChildProcess>();
process.on('exit', () => {
  for (const child of children) child.kill('SIGTERM');
});

const work = fs.mkdtempSync(path.join(os.tmpdir(), 'pilbara-backup-bench-'));
try {
  const dataDir = path.join(work, 'data');
  const backupDir = path.join(work, 'backups');
  const offsiteDir = path.join(work, 'usb-drive');
  fs.mkdirSync(dataDir, { recursive: true });
  const seed = seedDecade(path.join(dataDir, 'pilbara.sqlite'));
  for (let i = 0; i < PHOTOS; i++) {
    const bytes = crypto.randomBytes(PHOTO_BYTES);
    const hash = crypto.createHash('sha256').update(bytes).digest('hex');
    const file = path.join(dataDir, 'files', hash.slice(0, 2), `${hash}.jpg`);
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, bytes);
  }

  const started = await startBenchServer(
    dataDir,
    {
      BACKUP_DIR: backupDir,
      BACKUP_EVERY_MINUTES: '0',
      BACKUP_OFFSITE_DIR: offsiteDir,
      BACKUP_OFFSITE_SCHEDULE: 'hourly',
      BACKUP_KEY: crypto.randomBytes(32).toString('base64'),
    },
    (child) => children.add(child),
  );
  const { child: server, baseUrl: base, cookie } = started;

  const prober = new HealthProber(`${base}/api/health`);
  children.add(prober.child);
  // The same probes with nothing running first: what this machine's load alone costs.
  const idleFrom = Date.now();
  await new Promise((resolve) => setTimeout(resolve, 15_000));
  const idle = prober.between(idleFrom, Date.now());
  const idleMax = Math.max(...idle.map((s) => s.latency));
  const idleP = (q: number) =>
    quantile(
      idle.map((s) => s.latency),
      q,
    );

  interface Status {
    lastGood: {
      id: string;
      durationMs: number;
      databaseBytes: number;
      filesCopied: number;
      files: number;
    } | null;
    lastOffsite: { at: string } | null;
    running: unknown;
    lastFailure: { message: string } | null;
  }
  const status = async (): Promise<Status> =>
    (
      (await (await fetch(`${base}/api/backups`, { headers: { cookie } })).json()) as {
        backups: Status;
      }
    ).backups;

  const runOne = async () => {
    const before = (await status()).lastGood?.id;
    const from = Date.now();
    const started = performance.now();
    const answer = await fetch(`${base}/api/backups`, { method: 'POST', headers: { cookie } });
    if (answer.status !== 202) throw new Error(`start answered ${answer.status}`);
    let now: Status;
    for (;;) {
      await new Promise((resolve) => setTimeout(resolve, 200));
      now = await status();
      if (!now.running) break;
    }
    const wall = performance.now() - started;
    if (now.lastFailure || now.lastGood?.id === before) {
      throw new Error(`the backup failed: ${now.lastFailure?.message}`);
    }
    const inside = prober.between(from, Date.now());
    return {
      set: now.lastGood,
      wallMs: wall,
      healthP50: quantile(
        inside.map((s) => s.latency),
        0.5,
      ),
      healthP99: quantile(
        inside.map((s) => s.latency),
        0.99,
      ),
      healthMax: Math.max(...inside.map((s) => s.latency)),
      probes: inside.length,
      failed: inside.filter((s) => s.status !== 200).length,
    };
  };

  const first = await runOne();
  const offsiteFirst = duBytes(offsiteDir);
  const second = await runOne();
  const offsiteSecond = duBytes(offsiteDir) - offsiteFirst;
  prober.stop();
  server.kill('SIGTERM');

  const when = new Date().toISOString().slice(0, 16).replace('T', ' ');
  const dbBytes = fs.statSync(path.join(dataDir, 'pilbara.sqlite')).size;
  const row = (label: string, r: typeof first, offsite: number) =>
    `| ${label} | ${((r.set?.durationMs ?? 0) / 1000).toFixed(1)} s | ${(r.wallMs / 1000).toFixed(1)} s | ${mb(r.set?.databaseBytes ?? 0)} | ${r.set?.filesCopied} of ${r.set?.files} | ${mb(offsite)} | ${r.healthP50.toFixed(1)} / ${r.healthP99.toFixed(1)} / **${r.healthMax.toFixed(1)} ms** (${r.probes} probes${r.failed ? `, ${r.failed} failed` : ''}) |`;
  const body = [
    `Run ${when} UTC by \`bench/backup/run.ts\` on this shared 2-core machine (Node ${process.version}, load average ${os
      .loadavg()
      .map((v) => v.toFixed(1))
      .join(' / ')} at the end).`,
    `The seeded scale database (${DECADE.jobs.toLocaleString('en-AU')} jobs, ${seed.counts.changes.toLocaleString('en-AU')} log entries, ${mb(dbBytes)} file) and ${PHOTOS} stored photos of ${PHOTO_BYTES / 1000} KB, backed up while the server runs, started with \`POST /api/backups\`, an encrypted copy sent to an off-machine folder each time; \`/api/health\` probed every 20 ms throughout (goal: worst wait under 100 ms).`,
    '',
    `With no backup running, the same probes over 15 s just before: p50 / p99 / worst ${idleP(0.5).toFixed(1)} / ${idleP(0.99).toFixed(1)} / ${idleMax.toFixed(1)} ms (${idle.length} probes): what the machine's load alone costs.`,
    '',
    '| Backup | Copy, check and files (its manifest) | Until the off-machine copy is written | Database copy | Stored files copied | Sent off the machine (encrypted, database gzipped) | /api/health p50 / p99 / worst wait while it ran |',
    '|---|---|---|---|---|---|---|',
    row('First (every photo new)', first, offsiteFirst),
    row('Second (no photo new)', second, offsiteSecond),
  ].join('\n');
  console.log(body);
  const results = path.join(ROOT, 'bench', 'RESULTS.md');
  const text = fs.readFileSync(results, 'utf8');
  const start = '<!-- backup:start -->';
  const end = '<!-- backup:end -->';
  const section = `${start}\n${body}\n${end}`;
  fs.writeFileSync(
    results,
    text.includes(start)
      ? text.replace(new RegExp(`${start}[\\s\\S]*?${end}`), section)
      : `${text.trimEnd()}\n\n## Backups of the scale database while the server runs\n\n${section}\n`,
  );
} finally {
  for (const child of children) child.kill('SIGTERM');
  fs.rmSync(work, { recursive: true, force: true });
}
