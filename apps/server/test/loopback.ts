import type http from 'node:http';
import type https from 'node:https';

export interface Loopback {
  readonly port: number;
  /** Ends open connections too: a client's kept-alive socket would hold `close` open. */
  readonly close: () => Promise<void>;
}

/** Listens on a free port of 127.0.0.1, for the local fakes the tests drive real clients at. */
export async function listenOnLoopback(server: http.Server | https.Server): Promise<Loopback> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('no TCP address');
  return {
    port: address.port,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
