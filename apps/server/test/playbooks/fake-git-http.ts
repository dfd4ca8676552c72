import { spawn } from 'node:child_process';
import http from 'node:http';

/** One request the fake saw: what the assertions check. */
export interface GitHttpCall {
  readonly method: string;
  readonly url: string;
  readonly authorization: string | undefined;
  readonly body: string;
}

export interface FakeGitHttp {
  readonly url: string;
  readonly calls: GitHttpCall[];
  close(): Promise<void>;
}

/**
 * Serves the bare repositories under `root` at `/git/…` through `git http-backend` (smart
 * HTTP, push enabled) behind Basic auth with `password`, and answers the rest with `api`.
 */
export async function startFakeGitHttp(
  root: string,
  password: string,
  api: (call: GitHttpCall) => { status: number; body: unknown },
): Promise<FakeGitHttp> {
  const calls: GitHttpCall[] = [];
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const body = Buffer.concat(chunks);
      const url = new URL(request.url ?? '/', 'http://fake');
      const call = {
        method: request.method ?? 'GET',
        url: url.pathname + url.search,
        authorization: request.headers.authorization,
        body: url.pathname.startsWith('/git/') ? '' : body.toString(),
      };
      calls.push(call);
      if (!url.pathname.startsWith('/git/')) {
        const answer = api(call);
        response.writeHead(answer.status, { 'content-type': 'application/json' });
        return response.end(JSON.stringify(answer.body));
      }
      const [, pass] = Buffer.from((call.authorization ?? '').replace(/^Basic /, ''), 'base64')
        .toString()
        .split(':');
      if (pass !== password) {
        response.writeHead(401, { 'www-authenticate': 'Basic realm="git"' });
        return response.end();
      }
      const cgi = spawn('git', ['http-backend'], {
        env: {
          PATH: process.env.PATH,
          GIT_PROJECT_ROOT: root,
          GIT_HTTP_EXPORT_ALL: '1',
          REMOTE_USER: 'fake',
          PATH_INFO: url.pathname.slice('/git'.length),
          QUERY_STRING: url.search.slice(1),
          REQUEST_METHOD: call.method,
          CONTENT_TYPE: request.headers['content-type'] ?? '',
          HTTP_CONTENT_ENCODING: request.headers['content-encoding'] ?? '',
          CONTENT_LENGTH: String(body.length),
        },
      });
      const out: Buffer[] = [];
      cgi.stdout.on('data', (chunk: Buffer) => out.push(chunk));
      cgi.on('close', () => {
        const all = Buffer.concat(out);
        const split = all.indexOf('\r\n\r\n');
        const head = all.subarray(0, split).toString().split('\r\n');
        const headers: Record<string, string> = {};
        let status = 200;
        for (const line of head) {
          const [name = '', ...rest] = line.split(':');
          const value = rest.join(':').trim();
          if (name.toLowerCase() === 'status') status = Number(value.split(' ')[0]);
          else headers[name] = value;
        }
        response.writeHead(status, headers);
        response.end(all.subarray(split + 4));
      });
      cgi.stdin.end(body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}`,
    calls,
    close: () => {
      server.closeAllConnections();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}
