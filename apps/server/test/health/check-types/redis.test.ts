import net from 'node:net';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findFreePort } from '../../../src/platform/ports.ts';
import { connection, runCheck } from './check-context.ts';

const user = `vigil_probe_${process.pid}`;
let admin: Redis;
let silent: net.Server;
const silentSockets = new Set<net.Socket>();

beforeAll(async () => {
  admin = new Redis({ host: '127.0.0.1', port: 6379, lazyConnect: true });
  admin.on('error', () => undefined);
  await admin.connect();
  await admin.call('ACL', 'SETUSER', user, 'reset', 'on', '>right-horse', '+ping');
  silent = net.createServer((socket) => silentSockets.add(socket));
  await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
});

afterAll(async () => {
  await admin.call('ACL', 'DELUSER', user);
  await admin.quit();
  for (const socket of silentSockets) socket.destroy();
  await new Promise((resolve) => silent.close(resolve));
});

describe('redis check', () => {
  it('passes on PONG and exposes INFO fields', async () => {
    const outcome = await runCheck('redis', { addr: '127.0.0.1:6379' });
    expect(outcome.pass).toBe(true);
    expect(outcome.message).toMatch(/^PONG in \d+ms$/);
    expect(outcome.data.info).toMatchObject({
      redis_version: expect.stringMatching(/^\d+\.\d+/),
      tcp_port: 6379,
    });
  });

  it('selects the database of the url or of db', async () => {
    expect((await runCheck('redis', { url: 'redis://127.0.0.1:6379/2' })).pass).toBe(true);
    const missing = await runCheck('redis', { addr: '127.0.0.1:6379', db: 100000 });
    expect(missing.pass).toBe(false);
    expect(missing.error).toMatch(/DB index is out of range/);
  });

  it('fails when nothing listens on the port', async () => {
    const outcome = await runCheck('redis', { addr: `127.0.0.1:${await findFreePort()}` });
    expect(outcome.pass).toBe(false);
    expect(outcome.error).toMatch(/ECONNREFUSED/);
  });

  it('authenticates an ACL user, and fails on a wrong password', async () => {
    const right = await runCheck('redis', {
      addr: '127.0.0.1:6379',
      username: user,
      password: 'right-horse',
    });
    expect(right.pass).toBe(true);
    expect(right.data.info).toEqual({});
    const wrong = await runCheck('redis', {
      addr: '127.0.0.1:6379',
      username: user,
      password: 'wrong',
    });
    expect(wrong.pass).toBe(false);
    expect(wrong.error).toMatch(/WRONGPASS/);
  });

  it('takes the address and credentials from a connection', async () => {
    const outcome = await runCheck(
      'redis',
      { connection: 'connection://default/cache' },
      {
        connections: {
          'connection://default/cache': connection({
            type: 'redis',
            url: 'redis://127.0.0.1:6379',
            username: user,
            password: 'right-horse',
          }),
        },
      },
    );
    expect(outcome.pass).toBe(true);
  });

  it('gives up on a server that never answers at the time limit', async () => {
    const address = silent.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    const started = performance.now();
    const outcome = await runCheck('redis', { addr: `127.0.0.1:${port}` }, { timeoutMs: 500 });
    expect(performance.now() - started).toBeLessThan(2000);
    expect(outcome.pass).toBe(false);
    expect(outcome.error).toMatch(/timed out after 500ms|Command timed out/);
  });
});
