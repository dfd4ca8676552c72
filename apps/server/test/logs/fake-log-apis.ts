import http from 'node:http';

export interface Recorded {
  readonly method: string;
  readonly url: string;
  readonly authorization: string | undefined;
  readonly headers: http.IncomingHttpHeaders;
  readonly body: string;
}

/** A local HTTP API that records each request and answers with `answer(request)`. */
export interface FakeApi {
  readonly url: string;
  readonly requests: Recorded[];
  answer: (request: Recorded) => { status: number; body: unknown };
  close(): Promise<void>;
}

export async function startFakeApi(): Promise<FakeApi> {
  const requests: Recorded[] = [];
  const fake = {
    requests,
    answer: (_request: Recorded) => ({ status: 404, body: { error: 'unexpected' } }),
  };
  const server = http.createServer((request, response) => {
    let body = '';
    request.setEncoding('utf8');
    request.on('data', (chunk: string) => (body += chunk));
    request.on('end', () => {
      const recorded: Recorded = {
        method: request.method ?? '',
        url: request.url ?? '',
        authorization: request.headers.authorization,
        headers: request.headers,
        body,
      };
      requests.push(recorded);
      const { status, body: answer } = fake.answer(recorded);
      response.statusCode = status;
      response.setHeader('content-type', 'application/json');
      response.end(JSON.stringify(answer));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return Object.assign(fake, {
    url: `http://127.0.0.1:${port}`,
    close: async () => {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  });
}
