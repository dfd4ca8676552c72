import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';

export interface GitServer {
  /** The repository's smart-HTTP URL; clones need user `git-user`, password `git-pass`. */
  readonly url: string;
  close(): Promise<void>;
}

const user = 'git-user';
const password = 'git-pass';

/**
 * A bare repository with one commit on `main`, served by the real `git http-backend` (CGI)
 * behind a Node HTTP server that asks for basic auth, as hosted git servers do.
 */
export async function startGitServer(): Promise<GitServer> {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'vigil-git-'));
  const work = path.join(root, 'work');
  const git = (cwd: string, ...args: string[]) =>
    execFileSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@t', ...args], { cwd });
  git(root, 'init', '-q', '--bare', '-b', 'main', 'repo.git');
  git(root, 'init', '-q', '-b', 'main', work);
  fs.writeFileSync(path.join(work, 'README'), 'hello\n');
  git(work, 'add', 'README');
  git(work, 'commit', '-q', '-m', 'first');
  git(work, 'push', '-q', path.join(root, 'repo.git'), 'main');
  const expected = `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`;
  const server = http.createServer((request, response) => {
    if (request.headers.authorization !== expected) {
      response.writeHead(401, { 'www-authenticate': 'Basic realm="git"' }).end();
      return;
    }
    const url = new URL(request.url ?? '/', 'http://localhost');
    const cgi = spawn('git', ['http-backend'], {
      env: {
        GIT_PROJECT_ROOT: root,
        GIT_HTTP_EXPORT_ALL: '1',
        PATH_INFO: url.pathname,
        QUERY_STRING: url.search.slice(1),
        REQUEST_METHOD: request.method ?? 'GET',
        CONTENT_TYPE: request.headers['content-type'] ?? '',
        REMOTE_USER: user,
        PATH: process.env.PATH ?? '/usr/bin:/bin',
      },
    });
    request.pipe(cgi.stdin);
    const chunks: Buffer[] = [];
    cgi.stdout.on('data', (chunk: Buffer) => chunks.push(chunk));
    cgi.on('close', () => writeCgiAnswer(Buffer.concat(chunks), response));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}/repo.git`,
    async close() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
      fs.rmSync(root, { recursive: true, force: true });
    },
  };
}

/** CGI output: header lines (with an optional `Status:`), a blank line, then the body. */
function writeCgiAnswer(output: Buffer, response: http.ServerResponse): void {
  const end = output.indexOf('\r\n\r\n');
  const head = output.subarray(0, end).toString('latin1').split('\r\n');
  let status = 200;
  for (const line of head) {
    const [name = '', ...rest] = line.split(':');
    const value = rest.join(':').trim();
    if (name.toLowerCase() === 'status') status = Number.parseInt(value, 10);
    else if (name !== '') response.setHeader(name, value);
  }
  response.statusCode = status;
  response.end(output.subarray(end + 4));
}
