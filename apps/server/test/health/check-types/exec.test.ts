import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connection, runCheck } from './check-context.ts';

let secretsDir = '';

beforeAll(() => {
  secretsDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vigil-exec-secrets-'));
  fs.mkdirSync(path.join(secretsDir, 'db'));
  fs.writeFileSync(path.join(secretsDir, 'db', 'password'), 's3cret\n');
});

afterAll(() => fs.rmSync(secretsDir, { recursive: true, force: true }));

/** Whether `pid` is a live process (a zombie waiting to be reaped counts as gone). */
function isRunning(pid: number): boolean {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2)[0] !== 'Z';
  } catch {
    return false;
  }
}

/** The process ids a script printed, one per line. */
function printedPids(stdout: unknown): number[] {
  return String(stdout)
    .split('\n')
    .filter((line) => /^\d+$/.test(line))
    .map(Number);
}

describe('exec check', () => {
  it('passes on exit 0 and exposes stdout, stderr and exitCode', async () => {
    const outcome = await runCheck('exec', { script: 'echo hello; echo careful >&2' });
    expect(outcome.pass).toBe(true);
    expect(outcome.message).toBe('hello');
    expect(outcome.data).toMatchObject({ stdout: 'hello', stderr: 'careful', exitCode: 0 });
    expect(outcome.data.results).toEqual({ stdout: 'hello', stderr: 'careful', exitCode: 0 });
  });

  it('fails on a non-zero exit with stderr in the error', async () => {
    const outcome = await runCheck('exec', {
      script: 'echo partial; echo "disk full" >&2; exit 3',
    });
    expect(outcome.pass).toBe(false);
    expect(outcome.error).toBe('exit code 3: disk full');
    expect(outcome.data).toMatchObject({ stdout: 'partial', exitCode: 3 });
  });

  it('runs in a fresh directory that is removed afterwards', async () => {
    const outcome = await runCheck('exec', { script: 'pwd' });
    expect(typeof outcome.data.stdout).toBe('string');
    expect(String(outcome.data.stdout)).toContain('vigil-script-');
    expect(fs.existsSync(String(outcome.data.stdout))).toBe(false);
  });

  it('adds env, resolving secrets, to a minimal environment', async () => {
    process.env.VIGIL_EXEC_LEAK = 'leaked';
    try {
      const outcome = await runCheck(
        'exec',
        {
          script: 'test "$DB_PASSWORD" = s3cret && echo "$PLAIN ${VIGIL_EXEC_LEAK:-hidden}"',
          env: [
            { name: 'DB_PASSWORD', valueFrom: { secretKeyRef: { name: 'db', key: 'password' } } },
            { name: 'PLAIN', value: 'plain' },
          ],
        },
        { secretsDir },
      );
      expect(outcome.error).toBeUndefined();
      expect(outcome.data.stdout).toBe('plain hidden');
    } finally {
      delete process.env.VIGIL_EXEC_LEAK;
    }
  });

  it('is misconfigured when a secret is missing', async () => {
    const check = {
      script: 'true',
      env: [{ name: 'X', valueFrom: { secretKeyRef: { name: 'db', key: 'nope' } } }],
    };
    await expect(runCheck('exec', check, { secretsDir })).rejects.toThrow(
      'secret db/nope was not found',
    );
  });

  it('hands connection credentials to the script', async () => {
    const outcome = await runCheck(
      'exec',
      {
        script: 'echo "$AWS_ACCESS_KEY_ID:$AWS_SECRET_ACCESS_KEY:$AWS_REGION:$AZURE_TENANT_ID"',
        connections: {
          aws: { connection: 'connection://default/aws', region: 'eu-west-1' },
          azure: { clientID: 'app', clientSecret: 'pw', tenantID: 'tenant-1' },
        },
      },
      {
        connections: {
          'connection://default/aws': connection({
            type: 'aws',
            username: 'AKIA1',
            password: 'secret-key',
          }),
        },
      },
    );
    expect(outcome.data.stdout).toBe('AKIA1:secret-key:eu-west-1:tenant-1');
  });

  it('kills a hanging script at the time limit and leaves nothing behind', async () => {
    const started = Date.now();
    const outcome = await runCheck(
      'exec',
      { script: 'echo $$; sleep 300 & echo $!; wait' },
      { timeoutMs: 700 },
    );
    expect(outcome.pass).toBe(false);
    expect(outcome.error).toBe('script did not finish within 700ms and was killed');
    expect(Date.now() - started).toBeLessThan(3000);
    const pids = printedPids(outcome.data.stdout);
    expect(pids).toHaveLength(2);
    expect(pids.filter(isRunning)).toEqual([]);
  });

  it('kills the children a script started, at the time limit and when it exits', async () => {
    const hung = await runCheck(
      'exec',
      { script: "bash -c 'sleep 300 & echo $!; wait' & echo $!; sleep 300 & echo $!; wait" },
      { timeoutMs: 700 },
    );
    expect(hung.pass).toBe(false);
    const started = Date.now();
    const done = await runCheck('exec', { script: '(sleep 300 & echo $!); echo done' });
    expect(done.pass).toBe(true);
    expect(Date.now() - started).toBeLessThan(3000);
    const pids = [...printedPids(hung.data.stdout), ...printedPids(done.data.stdout)];
    expect(pids).toHaveLength(4);
    expect(pids.filter(isRunning)).toEqual([]);
  });

  it('caps stdout at 1 MB', async () => {
    const outcome = await runCheck('exec', { script: "head -c 3000000 /dev/zero | tr '\\0' a" });
    expect(outcome.pass).toBe(true);
    expect(String(outcome.data.stdout)).toHaveLength(1024 * 1024);
    expect(outcome.detail).toMatchObject({ truncated: true });
  });

  it('keeps the artifacts the script names', async () => {
    const outcome = await runCheck('exec', {
      script: 'mkdir out && echo report > out/r.txt && echo printed',
      artifacts: [{ path: '/dev/stdout' }, { path: 'out/*.txt' }],
    });
    expect(outcome.detail).toMatchObject({
      artifacts: [
        { path: 'stdout', content: 'printed', size: 7 },
        { path: 'out/r.txt', content: 'report\n', size: 7 },
      ],
    });
  });
});
