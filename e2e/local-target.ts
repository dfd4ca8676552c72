import http from 'node:http';

export interface LocalTarget {
  /** `http://127.0.0.1:<port>`, with no trailing slash. */
  readonly url: string;
  close(): Promise<void>;
}

/** A real HTTP target for checks on a free loopback port; answers 200 "ok" unless told. */
export async function startLocalTarget(
  handler: http.RequestListener = (_request, response) => response.writeHead(200).end('ok'),
): Promise<LocalTarget> {
  const server = http.createServer(handler);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('no port');
  return {
    url: `http://127.0.0.1:${address.port}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
