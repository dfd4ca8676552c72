import net from 'node:net';

/** Asks the OS for a free loopback port. */
export function findFreePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const port = listeningPort(server);
      server.close(() => resolve(port));
    });
  });
}

/** The port a listening server is bound to: the one the system chose when it was asked for 0. */
export function listeningPort(server: net.Server): number {
  const address = server.address();
  if (typeof address !== 'object' || address === null) throw new Error('server is not listening');
  return address.port;
}

/** True when nothing listens on the loopback port. */
export function isPortFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
}
