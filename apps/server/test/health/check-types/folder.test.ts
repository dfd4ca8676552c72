import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkTypes } from '../../../src/modules/health/check-types/registry.ts';
import { runCheck } from './check-context.ts';

const hour = 3_600_000;
let root = '';
let backups = '';

async function file(name: string, bytes: number, ageMs: number): Promise<void> {
  const target = path.join(backups, name);
  await fs.mkdir(path.dirname(target), { recursive: true });
  await fs.writeFile(target, Buffer.alloc(bytes, 1));
  await fs.chmod(target, 0o644);
  const when = new Date(Date.now() - ageMs);
  await fs.utimes(target, when, when);
}

beforeAll(async () => {
  root = await fs.mkdtemp(path.join(os.tmpdir(), 'vigil-folder-'));
  backups = path.join(root, 'backups');
  await file('db-1.zip', 2048, 50 * hour);
  await file('db-2.zip', 4096, 26 * hour);
  await file('db-3.zip', 1024, 2 * hour);
  await file('notes.txt', 10, 30 * 24 * hour);
  await file('old/db-0.zip', 512, 90 * 24 * hour);
});

afterAll(() => fs.rm(root, { recursive: true, force: true }));

describe('folder check on a local folder', () => {
  it('lists the files (not the subfolder) with canary-checker field names', async () => {
    const outcome = await runCheck('folder', { path: backups });
    expect(outcome.pass).toBe(true);
    expect(outcome.message).toBe('4 files');
    const data = outcome.data;
    expect(data.count).toBe(4);
    expect(data.newest).toMatchObject({ name: 'db-3.zip', size: 1024, mode: '-rw-r--r--' });
    expect(data.oldest).toMatchObject({ name: 'notes.txt' });
    expect(data.largest).toMatchObject({ name: 'db-2.zip', size: 4096 });
    expect(data.smallest).toMatchObject({ name: 'notes.txt', size: 10 });
    expect(data.results).toEqual(expect.objectContaining({ count: 4 }));
    expect(data.size).toEqual(expect.any(Number));
    expect(data.availableSize).toEqual(expect.any(Number));
    const files = data.files;
    expect(Array.isArray(files) ? files.length : 0).toBe(4);
  });

  it('applies the filter before the bounds', async () => {
    const outcome = await runCheck('folder', {
      path: backups,
      filter: { regex: '\\.zip$', maxAge: '48h', minSize: '1kb' },
      minCount: 2,
    });
    expect(outcome.pass).toBe(true);
    expect(outcome.data.count).toBe(2);
    expect(outcome.data.oldest).toMatchObject({ name: 'db-2.zip' });
  });

  it('filters by since, from RFC 3339 times and date math', async () => {
    const since = new Date(Date.now() - 30 * hour).toISOString();
    const exact = await runCheck('folder', { path: backups, filter: { since } });
    expect(exact.data.count).toBe(2);
    const math = await runCheck('folder', { path: backups, filter: { since: 'now-3h' } });
    expect(math.data.count).toBe(1);
  });

  it("renders a templated since with the check's last_result, as canary-checker", async () => {
    const since = `{{- if last_result.results.max }}{{ last_result.results.max }}{{- else}}
      now-3h
    {{- end}}`;
    const first = await runCheck('folder', { path: backups, filter: { since } });
    expect(first.data.count).toBe(1);
    const max = new Date(Date.now() - 30 * hour).toISOString();
    const later = await runCheck(
      'folder',
      { path: backups, filter: { since } },
      { lastResult: { results: { max } } },
    );
    expect(later.data.count).toBe(2);
    const broken = runCheck('folder', { path: backups, filter: { since: '{{ nope }}' } });
    await expect(broken).rejects.toThrow(/^filter.since: /);
  });

  it('walks subfolders when recursive, naming files by their relative path', async () => {
    const outcome = await runCheck('folder', { path: backups, recursive: true });
    expect(outcome.data.count).toBe(5);
    expect(outcome.data.oldest).toMatchObject({ name: 'old/db-0.zip', size: 512 });
  });

  it('fails on each bound with canary-checker wording', async () => {
    const zips = { path: backups, filter: { regex: '^db-\\d\\.zip$' } };
    const cases: Array<[Record<string, unknown>, RegExp]> = [
      [{ minCount: 4 }, /^too few files 3 < 4$/],
      [{ maxCount: 2 }, /^too many files 3 > 2$/],
      [{ maxAge: '1d' }, /^db-1\.zip is too old: 2d2h > 1d$/],
      [{ minAge: '3h' }, /^db-3\.zip is too new: 2h < 3h$/],
      [{ minSize: '2kb' }, /^db-3\.zip is too small: 1 KiB < 2kb$/],
      [{ maxSize: 3000 }, /^db-2\.zip is too large: 4 KiB > 2.9 KiB$/],
      [{ availableSize: '1000PB' }, /^available size too small: .* < 1000 PiB$/],
    ];
    for (const [bounds, error] of cases) {
      const outcome = await runCheck('folder', { ...zips, ...bounds });
      expect(outcome.pass, JSON.stringify(bounds)).toBe(false);
      expect(outcome.error).toMatch(error);
    }
    const ok = await runCheck('folder', { ...zips, maxAge: '3d', minAge: '1h', minSize: '1kb' });
    expect(ok.pass).toBe(true);
  });

  it('lists a missing folder as empty, so only minCount fails', async () => {
    const missing = path.join(root, 'nope');
    expect((await runCheck('folder', { path: missing })).pass).toBe(true);
    const outcome = await runCheck('folder', { path: missing, minCount: 1 });
    expect(outcome.error).toBe('too few files 0 < 1');
    expect(outcome.data.files).toEqual([]);
  });

  it('fails when the path is a file', async () => {
    const outcome = await runCheck('folder', { path: path.join(backups, 'notes.txt') });
    expect(outcome.pass).toBe(false);
    expect(outcome.error).toMatch(/notes\.txt is not a directory$/);
  });

  it('refuses bad sizes, durations, regexes and unsupported paths when the canary is saved', () => {
    const schema = checkTypes.get('folder')?.schema;
    const refuse = (check: Record<string, unknown>) =>
      schema?.safeParse({ name: 'f', ...check }).error?.issues[0]?.message;
    expect(refuse({ path: '/x', minSize: 'lots' })).toBe(
      'must be a size such as 25b, 10MB or 2GiB',
    );
    expect(refuse({ path: '/x', maxAge: 'forever' })).toBe(
      'must be a duration such as 30m, 12h or 7d',
    );
    expect(refuse({ path: '/x', filter: { regex: '(' } })).toBe(
      'is not a valid regular expression',
    );
    expect(refuse({ path: '/x', filter: { since: 'yesterday' } })).toMatch(/RFC 3339/);
    expect(refuse({ path: 'smb://server/share/dir' })).toBe('folder over smb is not supported yet');
    expect(refuse({ path: '\\\\server\\share' })).toBe('folder over smb is not supported yet');
    expect(refuse({ path: 'gcs://bucket' })).toBeUndefined();
    expect(refuse({ path: '/x', minAge: '1h' })).toBeUndefined();
  });
});
