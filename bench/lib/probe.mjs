// The health prober of the benchmarks (health-prober.ts), in its own process so that the
// benchmark's own work (parsing a snapshot, 500 sockets) never delays it: GET /api/health every
// 20 ms, one request at a time, each line `sentAtEpochMs latencyMs status` on stdout.
const url = process.argv[2];
const every = Number(process.argv[3] ?? 20);
for (;;) {
  const sent = Date.now();
  const t0 = performance.now();
  let status;
  try {
    const response = await fetch(url);
    await response.arrayBuffer();
    status = response.status;
  } catch {
    status = -1;
  }
  process.stdout.write(`${sent} ${(performance.now() - t0).toFixed(2)} ${status}\n`);
  const wait = every - (performance.now() - t0);
  if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
}
