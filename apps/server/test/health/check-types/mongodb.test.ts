import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeMongo, type FakeMongo } from '../fixtures/mongo-wire-server.ts';
import { findFreePort } from '../../../src/platform/ports.ts';
import { connection, runCheck } from './check-context.ts';

// No mongod can be installed here: these run against a wire-compatible fake (see fixtures).
let open: FakeMongo;
let secured: FakeMongo;
let silent: FakeMongo;

beforeAll(async () => {
  open = await startFakeMongo();
  secured = await startFakeMongo({ users: { vigil: 'right horse' } });
  silent = await startFakeMongo({ silent: true });
});

afterAll(async () => {
  await Promise.all([open.stop(), secured.stop(), silent.stop()]);
});

describe('mongodb check', () => {
  it('passes when ping answers, and closes its connections', async () => {
    const outcome = await runCheck('mongodb', { url: `mongodb://127.0.0.1:${open.port}/` });
    expect(outcome.pass).toBe(true);
    expect(outcome.message).toMatch(/^ping in \d+ms$/);
    expect(outcome.data.elapsed).toEqual(expect.any(Number));
    expect(open.commands).toContain('ismaster');
    expect(open.commands).toContain('ping');
    await expect.poll(() => open.openConnections()).toBe(0);
  });

  it('authenticates with SCRAM-SHA-256, and fails on a wrong password', async () => {
    const url = `mongodb://127.0.0.1:${secured.port}/`;
    const right = await runCheck('mongodb', { url, username: 'vigil', password: 'right horse' });
    expect(right.pass).toBe(true);
    expect(secured.commands).toContain('saslContinue');
    const wrong = await runCheck('mongodb', { url, username: 'vigil', password: 'wrong' });
    expect(wrong.pass).toBe(false);
    expect(wrong.error).toBe('Authentication failed.');
  });

  it('takes credentials from a connection, filled into its url', async () => {
    const outcome = await runCheck(
      'mongodb',
      { connection: 'connection://default/mongo' },
      {
        connections: {
          'connection://default/mongo': connection({
            type: 'mongo',
            url: `mongodb://$(username):$(password)@127.0.0.1:${secured.port}/?authSource=admin`,
            username: 'vigil',
            password: 'right horse',
          }),
        },
      },
    );
    expect(outcome.pass).toBe(true);
  });

  it('fails when the server is down', async () => {
    const outcome = await runCheck('mongodb', {
      url: `mongodb://127.0.0.1:${await findFreePort()}/`,
    });
    expect(outcome.pass).toBe(false);
    expect(outcome.error).toMatch(/ECONNREFUSED/);
  });

  it('gives up at the time limit on a server that never answers', async () => {
    const started = performance.now();
    const outcome = await runCheck(
      'mongodb',
      { url: `mongodb://127.0.0.1:${silent.port}/` },
      { timeoutMs: 1000 },
    );
    expect(performance.now() - started).toBeLessThan(2500);
    expect(outcome.pass).toBe(false);
    expect(outcome.error).toMatch(/timed out/i);
    await expect.poll(() => silent.openConnections()).toBe(0);
  });

  it('refuses a url that is not a MongoDB one', async () => {
    await expect(runCheck('mongodb', { url: 'http://127.0.0.1/' })).rejects.toThrow(
      /must start with mongodb:\/\//,
    );
  });
});
