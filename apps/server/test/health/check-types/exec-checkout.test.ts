import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseCanarySpec } from '../../../src/modules/health/canaries/canary-spec.ts';
import { startGitServer, type GitServer } from '../../connections/git-http-server.ts';
import { connection, runCheck } from './check-context.ts';

let server: GitServer;
let localRepo = '';

beforeAll(async () => {
  server = await startGitServer();
  localRepo = fs.mkdtempSync(path.join(os.tmpdir(), 'vigil-checkout-'));
  const git = (...args: string[]) =>
    execFileSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@t', ...args], {
      cwd: localRepo,
    });
  git('init', '-q', '-b', 'main');
  fs.writeFileSync(path.join(localRepo, 'go.mod'), 'module example.com/probe\n');
  git('add', 'go.mod');
  git('commit', '-q', '-m', 'first');
  git('checkout', '-q', '-b', 'release');
  fs.writeFileSync(path.join(localRepo, 'go.mod'), 'module example.com/release\n');
  git('commit', '-q', '-am', 'release');
  git('checkout', '-q', 'main');
});

afterAll(async () => {
  await server.close();
  fs.rmSync(localRepo, { recursive: true, force: true });
});

describe('exec checkout (git clone before the script)', () => {
  it('clones over HTTP with basic auth and runs the script in the clone', async () => {
    const outcome = await runCheck('exec', {
      script: 'cat README; env | grep -c git-pass || true',
      checkout: { url: server.url, username: 'git-user', password: { value: 'git-pass' } },
    });
    expect(outcome.error).toBeUndefined();
    // The script sees the repository, and no credential leaks into its environment.
    expect(outcome.data.stdout).toBe('hello\n0');
  });

  it('takes url and credentials from a git connection', async () => {
    const outcome = await runCheck(
      'exec',
      { script: 'cat README', checkout: { connection: 'connection://default/repo' } },
      {
        connections: {
          'connection://default/repo': connection({
            type: 'git',
            url: server.url,
            username: 'git-user',
            password: 'git-pass',
          }),
        },
      },
    );
    expect(outcome.pass).toBe(true);
    expect(outcome.data.stdout).toBe('hello');
  });

  it('fails, without the password in the message, when the server refuses the credentials', async () => {
    const outcome = await runCheck('exec', {
      script: 'cat README',
      checkout: { url: server.url, username: 'git-user', password: 'wrong-secret' },
    });
    expect(outcome.pass).toBe(false);
    expect(outcome.error).toMatch(/^git clone http:\/\/127\.0\.0\.1:\d+\/repo\.git failed: /);
    expect(JSON.stringify(outcome)).not.toContain('wrong-secret');
    expect(JSON.stringify(outcome)).not.toContain(
      Buffer.from('git-user:wrong-secret').toString('base64'),
    );
  });

  it('clones a branch over file:// into destination', async () => {
    const outcome = await runCheck('exec', {
      script: 'head -n 1 go.mod; basename "$PWD"',
      checkout: { url: `file://${localRepo}`, branch: 'release', depth: 1, destination: 'src' },
    });
    expect(outcome.error).toBeUndefined();
    expect(outcome.data.stdout).toBe('module example.com/release\nsrc');
  });

  it('refuses credentials in the url, paths outside the scratch directory and other schemes', async () => {
    const refused = (checkout: Record<string, unknown>) =>
      parseCanarySpec({ exec: [{ name: 'x', script: 'ls', checkout }] });
    expect(refused({ url: 'https://u:p@example.com/r.git' })).toMatchObject({
      field: 'spec.exec[0].checkout.url',
    });
    expect(refused({ url: 'https://example.com/r.git', destination: '/etc' })).toMatchObject({
      field: 'spec.exec[0].checkout.destination',
    });
    expect(refused({ url: 'x', destination: '../up' })).toMatchObject({
      field: 'spec.exec[0].checkout.destination',
    });
    expect(refused({ url: 'x', branch: '--upload-pack=touch' })).toMatchObject({
      field: 'spec.exec[0].checkout.branch',
    });
    expect(refused({ username: 'u' })).toMatchObject({ field: 'spec.exec[0].checkout.url' });
    expect(
      parseCanarySpec({
        exec: [{ name: 'x', script: 'ls', checkout: { url: 'github.com/flanksource/duty' } }],
      }).ok,
    ).toBe(true);
    const ext = { script: 'ls', checkout: { url: 'ext::sh -c touch% /tmp/pwned' } };
    await expect(runCheck('exec', ext)).rejects.toThrow(/checkout url/);
  });
});
