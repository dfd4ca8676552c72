import http from 'node:http';

/** A local HTTP target that answers 200 at once and records when each path was requested. */
export interface CountingTarget {
  readonly url: string;
  /** Request times (ms since epoch) by path. */
  readonly requests: ReadonlyMap<string, readonly number[]>;
  count(path: string): number;
  total(): number;
  close(): Promise<void>;
}

export async function startCountingTarget(): Promise<CountingTarget> {
  const requests = new Map<string, number[]>();
  const server = http.createServer((request, response) => {
    const path = request.url ?? '/';
    const list = requests.get(path) ?? [];
    list.push(Date.now());
    requests.set(path, list);
    response.setHeader('content-type', 'text/plain');
    response.end('ok');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    count: (path) => requests.get(path)?.length ?? 0,
    total: () => [...requests.values()].reduce((sum, list) => sum + list.length, 0),
    close: async () => {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
