/**
 * A device's network, for engines whose automation has no "go offline" command (WebKitGTK's
 * WebDriver has none): a reverse proxy on loopback in front of the real server, which the test
 * can cut. Each device of a journey opens the site through its own proxy (its own origin, as a
 * separate phone is), so cutting one device leaves the others online.
 *
 * Cut, it refuses every new connection and drops the open ones, sync socket included: the page
 * and its service worker see failed requests, as on a phone whose signal is gone. What it cannot
 * do is tell the browser: `navigator.onLine` stays true and no `online` event fires when it is
 * restored — the case of a phone that shows bars but moves no data, which the app must survive
 * on its own retries.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { createProxyServer } from 'httpxy';

export interface DeviceNetwork {
  /** The origin the device opens the site at (`http://127.0.0.1:<port>`). */
  readonly url: string;
  readonly isCut: boolean;
  /** Signal gone: open connections dropped, new ones refused. */
  cut(): void;
  /** Signal back. */
  restore(): void;
  close(): Promise<void>;
}

/** Starts a proxy to `target` (the real server's base URL) on a free loopback port. */
export async function startDeviceNetwork(target: string): Promise<DeviceNetwork> {
  const proxy = createProxyServer({ target, ws: true, xfwd: false });
  const sockets = new Set<Socket>();
  let isCut = false;

  // A request cut in flight: the browser sees its connection drop, which is what it would see.
  proxy.on('error', (_error, _req, res) => {
    if (res && 'destroy' in res) res.destroy();
  });

  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    if (isCut) {
      res.socket?.destroy();
      return;
    }
    void proxy.web(req, res).catch(() => res.socket?.destroy());
  });
  server.on('upgrade', (req: IncomingMessage, socket: Socket, head: Buffer) => {
    if (isCut) {
      socket.destroy();
      return;
    }
    void proxy.ws(req, socket, {}, head).catch(() => socket.destroy());
  });
  server.on('connection', (socket: Socket) => {
    if (isCut) {
      socket.destroy();
      return;
    }
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
  });
  // Keep-alive connections would outlive a cut otherwise (the server side is dropped below).
  server.keepAliveTimeout = 1_000;

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;

  return {
    url: `http://127.0.0.1:${port}`,
    get isCut() {
      return isCut;
    },
    cut() {
      isCut = true;
      for (const socket of sockets) socket.destroy();
      sockets.clear();
    },
    restore() {
      isCut = false;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        proxy.close();
        server.close(() => resolve());
      }),
  };
}
