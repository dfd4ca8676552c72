import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseCanarySpec } from '../../../src/modules/health/canaries/canary-spec.ts';
import { runCheck } from './check-context.ts';

/** Two real restic repositories: one backed up now, one whose only snapshot is from 2020. */
let dir = '';
let fresh = '';
let old = '';
const password = 'restic-test-password';

function restic(repository: string, ...args: string[]) {
  execFileSync('restic', ['-r', repository, '-q', ...args], {
    env: { PATH: process.env.PATH ?? '/usr/bin', RESTIC_PASSWORD: password, HOME: dir },
  });
}

beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vigil-restic-'));
  const data = path.join(dir, 'data');
  fs.mkdirSync(data);
  fs.writeFileSync(path.join(data, 'backup.txt'), 'nightly dump\n');
  fresh = path.join(dir, 'fresh');
  old = path.join(dir, 'old');
  restic(fresh, 'init');
  restic(fresh, 'backup', data);
  restic(old, 'init');
  restic(old, 'backup', '--time', '2020-01-01 00:00:00', data);
}, 60_000);

afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe('restic check', () => {
  it('passes when the latest snapshot is younger than maxAge and a file reads back', async () => {
    const outcome = await runCheck('restic', {
      repository: fresh,
      password: { value: password },
      maxAge: '1h',
      checkIntegrity: true,
    });
    expect(outcome.error).toBeUndefined();
    expect(outcome.pass).toBe(true);
    expect(outcome.data.snapshot).toEqual(expect.objectContaining({ id: expect.any(String) }));
  });

  it('fails when the latest snapshot is older than maxAge', async () => {
    const outcome = await runCheck('restic', {
      repository: old,
      password: { value: password },
      maxAge: '24h',
    });
    expect(outcome.pass).toBe(false);
    expect(outcome.error).toMatch(
      /^backup freshness check failed: backup is \d+s older than allowed maxAge for backup$/,
    );
  });

  it('fails with restic’s reason when the password is wrong', async () => {
    const outcome = await runCheck('restic', {
      repository: fresh,
      password: 'wrong',
      maxAge: '1h',
      checkIntegrity: true,
    });
    expect(outcome.pass).toBe(false);
    expect(outcome.error).toMatch(/^integrity check failed .*wrong password/);
  });

  it('refuses a spec without maxAge or with a bad one, naming the field', () => {
    expect(parseCanarySpec({ restic: [{ name: 'r', repository: '/r' }] })).toMatchObject({
      ok: false,
      field: 'spec.restic[0].maxAge',
      message: 'is required',
    });
    expect(
      parseCanarySpec({ restic: [{ name: 'r', repository: '/r', maxAge: 'daily' }] }),
    ).toMatchObject({ ok: false, field: 'spec.restic[0].maxAge' });
  });
});
