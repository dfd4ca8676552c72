import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeS3, type FakeObject, type FakeS3 } from '../fixtures/s3-server.ts';
import { runCheck } from './check-context.ts';

let root = '';

async function file(name: string, bytes: number): Promise<void> {
  const target = path.join(root, name);
  await fs.mkdir(path.dirname(target), { recursive: true });
  await fs.writeFile(target, Buffer.alloc(bytes, 1));
}

beforeAll(async () => {
  root = await fs.mkdtemp(path.join(os.tmpdir(), 'vigil-folder-glob-'));
  await file('db-1.zip', 2048);
  await file('db-2.zip', 4096);
  await file('notes.txt', 10);
  await file('.hidden.zip', 5);
  await file('old/db-0.zip', 512);
  await fs.symlink(path.join(root, 'db-1.zip'), path.join(root, 'latest.zip'));
});

afterAll(() => fs.rm(root, { recursive: true, force: true }));

function names(data: Readonly<Record<string, unknown>>): string[] {
  const files = Array.isArray(data.files) ? data.files : [];
  return files
    .map((entry: unknown) =>
      typeof entry === 'object' && entry !== null && 'name' in entry ? String(entry.name) : '',
    )
    .sort();
}

describe('folder check with a glob path, as canary-checker expands it', () => {
  it('matches /etc/* on this machine', async () => {
    const outcome = await runCheck('folder', { path: '/etc/*', minCount: 1 });
    expect(outcome.error).toBeUndefined();
    expect(outcome.pass).toBe(true);
    expect(names(outcome.data)).toContain('passwd');
  });

  it('matches one level with *, dot files included, links as their target', async () => {
    const outcome = await runCheck('folder', { path: `${root}/*.zip` });
    expect(names(outcome.data)).toEqual(['.hidden.zip', 'db-1.zip', 'db-2.zip', 'latest.zip']);
    expect(outcome.data.largest).toMatchObject({ name: 'db-2.zip', size: 4096 });
    expect(outcome.message).toBe('4 files');
  });

  it('matches any depth with **, and the filter and bounds still apply', async () => {
    const outcome = await runCheck('folder', {
      path: `${root}/**/db-*.zip`,
      filter: { minSize: '1kb' },
      maxCount: 1,
    });
    expect(names(outcome.data)).toEqual(['db-1.zip', 'db-2.zip']);
    expect(outcome.pass).toBe(false);
    const all = await runCheck('folder', { path: `${root}/**/db-*.zip` });
    expect(names(all.data)).toEqual(['db-1.zip', 'db-2.zip', 'old/db-0.zip']);
  });

  it('lists nothing, and passes, when the glob matches nothing', async () => {
    const outcome = await runCheck('folder', { path: `${root}/*.tar` });
    expect(outcome.pass).toBe(true);
    expect(outcome.data.count).toBe(0);
  });
});

describe('folder check with a glob over S3, matched against whole keys', () => {
  let s3: FakeS3;
  const at = (key: string): FakeObject => ({ key, size: 1, lastModified: new Date() });

  beforeAll(async () => {
    s3 = await startFakeS3({
      buckets: {
        backups: [
          at('mysql/backups/2024-01-01/mysql.zip'),
          at('mysql/backups/2024-01-02/mysql.zip'),
          at('mysql/backups/2024-01-02/notes.txt'),
          at('pg/backups/2024-01-03/backup.zip'),
          at('readme.txt'),
        ],
      },
      pageSize: 2,
    });
  });

  afterAll(() => s3.close());

  const aws = () => ({
    accessKey: { value: s3.accessKeyId },
    secretKey: { value: s3.secretAccessKey },
    region: s3.region,
    endpoint: s3.endpoint,
    usePathStyle: true,
  });

  it.each([
    [
      'mysql/backups/*/mysql.zip',
      ['mysql/backups/2024-01-01/mysql.zip', 'mysql/backups/2024-01-02/mysql.zip'],
    ],
    [
      '**/*.zip',
      [
        'mysql/backups/2024-01-01/mysql.zip',
        'mysql/backups/2024-01-02/mysql.zip',
        'pg/backups/2024-01-03/backup.zip',
      ],
    ],
    ['{pg,none}/**/backup.zip', ['pg/backups/2024-01-03/backup.zip']],
    ['*.txt', ['readme.txt']],
  ])('s3://backups/%s', async (pattern, keys) => {
    s3.requests.length = 0;
    const outcome = await runCheck('folder', {
      path: `s3://backups/${pattern}`,
      awsConnection: aws(),
    });
    expect(outcome.error).toBeUndefined();
    expect(names(outcome.data)).toEqual(keys);
  });

  it('lists only under the fixed prefix of the glob', async () => {
    s3.requests.length = 0;
    await runCheck('folder', {
      path: 's3://backups/mysql/backups/*/mysql.zip',
      awsConnection: aws(),
    });
    expect(s3.requests[0]?.query.get('prefix')).toBe('mysql/backups/');
  });
});
