import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { tempDir, type SpawnedDaemon } from '../fixtures/spawned-daemon.ts';
import { findFreePort } from '../../../src/platform/ports.ts';
import { sftpUser, startSshd } from '../fixtures/sshd.ts';
import { connection, runCheck } from './check-context.ts';

const hour = 3_600_000;
const isRoot = process.getuid?.() === 0;
let sshd: SpawnedDaemon & { password: string };
let folder = '';

function file(name: string, bytes: number, ageMs: number): void {
  const target = path.join(folder, name);
  fs.mkdirSync(path.dirname(target), { recursive: true, mode: 0o755 });
  fs.writeFileSync(target, Buffer.alloc(bytes, 7));
  fs.chmodSync(target, 0o644);
  const when = new Date(Date.now() - ageMs);
  fs.utimesSync(target, when, when);
}

describe.skipIf(!isRoot)('folder check over SFTP (OpenSSH sshd)', () => {
  beforeAll(async () => {
    sshd = await startSshd();
    folder = tempDir('sftp-data');
    file('a.log', 100, 3 * hour);
    file('b.log', 300, 1 * hour);
    file('nested/c.log', 50, 10 * hour);
  });

  afterAll(async () => {
    await sshd?.stop();
    if (folder) fs.rmSync(folder, { recursive: true, force: true });
  });

  const login = () => ({ username: sftpUser, password: { value: sshd.password } });

  it('lists a folder named by an sftp:// path', async () => {
    const outcome = await runCheck('folder', {
      path: `sftp://127.0.0.1:${sshd.port}${folder}`,
      sftpConnection: login(),
      maxAge: '4h',
    });
    expect(outcome.error).toBeUndefined();
    expect(outcome.pass).toBe(true);
    expect(outcome.data.count).toBe(2);
    expect(outcome.data.newest).toMatchObject({ name: 'b.log', size: 300, mode: '-rw-r--r--' });
    const modified = Date.parse(
      z.object({ modified: z.string() }).parse(outcome.data.oldest).modified,
    );
    expect(Math.abs(Date.now() - 3 * hour - modified)).toBeLessThan(60_000);
  });

  it('uses sftpConnection.host with a plain path, recursively', async () => {
    const outcome = await runCheck('folder', {
      path: folder,
      recursive: true,
      sftpConnection: { host: '127.0.0.1', port: sshd.port, ...login() },
      filter: { regex: '\\.log$' },
      minCount: 3,
    });
    expect(outcome.pass).toBe(true);
    expect(outcome.data.oldest).toMatchObject({ name: 'nested/c.log', size: 50 });
  });

  it('takes host, port and credentials from a saved connection', async () => {
    const saved = connection({
      type: 'sftp',
      url: `127.0.0.1:${sshd.port}`,
      username: sftpUser,
      password: sshd.password,
    });
    const outcome = await runCheck(
      'folder',
      { path: folder, sftpConnection: { connection: 'connection://default/box' }, maxCount: 1 },
      { connections: { 'connection://default/box': saved } },
    );
    expect(outcome.error).toBe('too many files 2 > 1');
  });

  it('lists a missing folder as empty', async () => {
    const outcome = await runCheck('folder', {
      path: `sftp://127.0.0.1:${sshd.port}${folder}/missing`,
      sftpConnection: login(),
    });
    expect(outcome.pass).toBe(true);
    expect(outcome.data.count).toBe(0);
  });

  it('fails with the reason when the password is wrong or nothing listens', async () => {
    const denied = await runCheck('folder', {
      path: `sftp://127.0.0.1:${sshd.port}${folder}`,
      sftpConnection: { username: sftpUser, password: 'wrong' },
    });
    expect(denied.pass).toBe(false);
    expect(denied.error).toMatch(/authentication/i);
    const closed = await runCheck('folder', {
      path: `sftp://127.0.0.1:${await findFreePort()}/tmp`,
      sftpConnection: login(),
    });
    expect(closed.pass).toBe(false);
    expect(closed.error).toMatch(/ECONNREFUSED/);
  });

  it('gives up when the time limit passes on a server that never speaks SSH', async () => {
    const silent = net.createServer((socket) => socket.resume());
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const address = silent.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    const started = Date.now();
    const outcome = await runCheck(
      'folder',
      { path: `sftp://127.0.0.1:${port}/tmp`, sftpConnection: login() },
      { timeoutMs: 500 },
    );
    expect(outcome.pass).toBe(false);
    expect(outcome.error).toMatch(/abort|timeout|timed out/i);
    expect(Date.now() - started).toBeLessThan(5_000);
    await new Promise((resolve) => silent.close(resolve));
  });
});
