// A TCP port on the loopback that nothing listens on now, for starting a real server (the sync
// server, a WebDriver, an SMTP server) beside tests, benchmarks and screenshots. Shared by every
// package that starts one; its types are in free-port.d.mts.
import { createServer } from 'node:net';

export function freePort() {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}
