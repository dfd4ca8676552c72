import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCheck } from './check-context.ts';

let server: net.Server;
let port = 0;

beforeAll(async () => {
  server = net.createServer((socket) => socket.end());
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  port = typeof address === 'object' && address ? address.port : 0;
});

afterAll(() => new Promise((resolve) => server.close(resolve)));

describe('tcp check', () => {
  it('passes when the port accepts a connection', async () => {
    const outcome = await runCheck('tcp', { endpoint: `127.0.0.1:${port}` });
    expect(outcome.pass).toBe(true);
    expect(outcome.message).toMatch(/^connected in \d+ms$/);
  });

  it('accepts an endpoint that is not host:port and fails the run, as canary-checker', async () => {
    const outcome = await runCheck('tcp', { endpoint: 'https://www.flanksource.com:80' });
    expect(outcome.pass).toBe(false);
    expect(outcome.error).toBe('endpoint "https://www.flanksource.com:80" must be host:port');
  });

  it('fails with the reason when nothing listens', async () => {
    const closed = net.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const address = closed.address();
    const free = typeof address === 'object' && address ? address.port : 0;
    await new Promise((resolve) => closed.close(resolve));
    const outcome = await runCheck('tcp', { endpoint: `127.0.0.1:${free}` });
    expect(outcome.pass).toBe(false);
    expect(outcome.error).toMatch(/ECONNREFUSED/);
  });
});
