import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeGcs, type FakeGcs, type FakeGcsObject } from '../fixtures/gcs-server.ts';
import { runCheck } from './check-context.ts';

const hour = 3_600_000;
let gcs: FakeGcs;
const object = (name: string, size: number, ageHours: number): FakeGcsObject => ({
  name,
  size,
  updated: new Date(Date.now() - ageHours * hour),
});

beforeAll(async () => {
  gcs = await startFakeGcs({
    buckets: {
      backups: [
        object('mysql/2024-01-01/db.zip', 4000, 50),
        object('mysql/2024-01-02/db.zip', 5000, 26),
        object('mysql/2024-01-02/notes.txt', 10, 26),
        object('pg/2024-01-03/db.zip', 6000, 2),
        object('readme.txt', 1, 900),
      ],
    },
    pageSize: 2,
  });
});

afterAll(() => gcs.close());

const gcp = () => ({ endpoint: gcs.endpoint });

describe('folder check over Cloud Storage (the official client against a local fake)', () => {
  it('lists every page of a bucket and judges the files', async () => {
    gcs.requests.length = 0;
    const outcome = await runCheck('folder', {
      path: 'gcs://backups',
      gcpConnection: gcp(),
      maxAge: '24h',
    });
    expect(outcome.data.count).toBe(5);
    expect(gcs.requests).toHaveLength(3);
    expect(outcome.data.largest).toMatchObject({ name: 'pg/2024-01-03/db.zip', size: 6000 });
    expect(outcome.data.newest).toMatchObject({ name: 'pg/2024-01-03/db.zip' });
    expect(outcome.pass).toBe(false);
    expect(outcome.error).toMatch(/readme\.txt/);
  });

  it('lists under a prefix, and keeps the keys a glob matches', async () => {
    const prefixed = await runCheck('folder', { path: 'gcs://backups/pg/', gcpConnection: gcp() });
    expect(prefixed.data.count).toBe(1);
    gcs.requests.length = 0;
    const globbed = await runCheck('folder', {
      path: 'gcs://backups/mysql/*/db.zip',
      gcpConnection: gcp(),
      minCount: 2,
    });
    expect(globbed.pass).toBe(true);
    expect(globbed.data.count).toBe(2);
    expect(gcs.requests[0]?.query.get('prefix')).toBe('mysql/');
  });

  it('fails with the service error for a bucket that does not exist', async () => {
    const outcome = await runCheck('folder', { path: 'gcs://nope', gcpConnection: gcp() });
    expect(outcome.pass).toBe(false);
    expect(outcome.error).toMatch(/does not exist/);
  });
});
