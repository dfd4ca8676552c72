import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeS3, type FakeObject, type FakeS3 } from '../fixtures/s3-server.ts';
import { connection, runCheck } from './check-context.ts';

const hour = 3_600_000;
let s3: FakeS3;

const ago = (ms: number) => new Date(Date.now() - ms);
const lone: FakeObject = { key: 'public.txt', size: 5, lastModified: ago(hour) };
const backups: FakeObject[] = [
  { key: 'mysql/backups/2024-01-01/mysql.zip', size: 4000, lastModified: ago(50 * hour) },
  { key: 'mysql/backups/2024-01-02/mysql.zip', size: 5000, lastModified: ago(26 * hour) },
  { key: 'mysql/backups/2024-01-03/mysql.zip', size: 6000, lastModified: ago(2 * hour) },
  { key: 'pg/backups/2024-01-03/backup.zip', size: 10, lastModified: ago(3 * hour) },
  { key: 'pg/backups/a & b <odd>.zip', size: 20, lastModified: ago(4 * hour) },
  { key: 'readme.txt', size: 1, lastModified: ago(900 * hour) },
];

beforeAll(async () => {
  s3 = await startFakeS3({
    buckets: { backups, open: [lone] },
    pageSize: 2,
    publicBuckets: ['open'],
  });
});

afterAll(() => s3.close());

function aws(extra: Record<string, unknown> = {}) {
  return {
    accessKey: { value: s3.accessKeyId },
    secretKey: { value: s3.secretAccessKey },
    region: s3.region,
    endpoint: s3.endpoint,
    usePathStyle: true,
    ...extra,
  };
}

describe('folder check over S3 (ListObjectsV2, SigV4)', () => {
  it('lists every page of a bucket with signed requests', async () => {
    s3.requests.length = 0;
    const outcome = await runCheck('folder', { path: 's3://backups', awsConnection: aws() });
    expect(outcome.error).toBeUndefined();
    expect(outcome.data.count).toBe(6);
    expect(s3.requests).toHaveLength(3);
    expect(s3.requests[1]?.query.get('continuation-token')).toEqual(expect.any(String));
    expect(s3.requests[0]?.authorization).toMatch(
      /^AWS4-HMAC-SHA256 Credential=AKIAVIGILTEST\/\d{8}\/eu-test-1\/s3\/aws4_request, SignedHeaders=[a-z0-9;-]+, Signature=[0-9a-f]{64}$/,
    );
    expect(outcome.data.largest).toMatchObject({ name: 'mysql/backups/2024-01-03/mysql.zip' });
    expect(outcome.data.oldest).toMatchObject({ name: 'readme.txt' });
  });

  it('matches filter.regex against whole keys, as canary-checker specs expect', async () => {
    const outcome = await runCheck('folder', {
      path: 's3://backups',
      awsConnection: aws(),
      filter: { regex: 'mysql\\/backups\\/(.*)\\/mysql.zip$' },
      maxAge: '7d',
      minSize: '25b',
      minCount: 3,
    });
    expect(outcome.pass).toBe(true);
    expect(outcome.data.newest).toMatchObject({ name: 'mysql/backups/2024-01-03/mysql.zip' });
  });

  it('lists under a prefix, keys with XML entities included, and applies the bounds', async () => {
    const outcome = await runCheck('folder', {
      path: 's3://backups/pg/',
      awsConnection: aws(),
      minSize: '15b',
    });
    expect(outcome.data.count).toBe(2);
    expect(outcome.data.largest).toMatchObject({ name: 'pg/backups/a & b <odd>.zip' });
    expect(outcome.error).toBe('pg/backups/2024-01-03/backup.zip is too small: 10 B < 15b');
  });

  it('signs virtual-host-style requests (bucket in the Host header)', async () => {
    const outcome = await runCheck('folder', {
      path: 's3://backups/mysql',
      awsConnection: aws({ usePathStyle: false }),
    });
    expect(outcome.error).toBeUndefined();
    expect(outcome.data.count).toBe(3);
  });

  it('takes the keys, endpoint and region from a saved connection', async () => {
    const saved = connection({
      type: 'aws',
      url: s3.endpoint,
      username: s3.accessKeyId,
      password: s3.secretAccessKey,
      properties: { region: s3.region, usePathStyle: 'true' },
    });
    const outcome = await runCheck(
      'folder',
      { path: 's3://backups/readme', awsConnection: { connection: 'connection://default/s3' } },
      { connections: { 'connection://default/s3': saved } },
    );
    expect(outcome.error).toBeUndefined();
    expect(outcome.data.count).toBe(1);
  });

  it('fails with S3 error codes for a wrong secret or a missing bucket', async () => {
    const wrong = await runCheck('folder', {
      path: 's3://backups',
      awsConnection: aws({ secretKey: 'not-it' }),
    });
    expect(wrong.pass).toBe(false);
    expect(wrong.error).toMatch(/^S3 answered 403 \(SignatureDoesNotMatch: /);
    const missing = await runCheck('folder', { path: 's3://nope', awsConnection: aws() });
    expect(missing.error).toBe('S3 answered 404 (NoSuchBucket: nope does not exist)');
  });

  it('lists a public bucket anonymously when no keys are given', async () => {
    const outcome = await runCheck('folder', {
      path: 's3://open',
      awsConnection: { endpoint: s3.endpoint, region: s3.region, usePathStyle: true },
    });
    expect(outcome.error).toBeUndefined();
    expect(outcome.data.count).toBe(1);
    expect(s3.requests.at(-1)?.authorization).toBe('');
  });

  it('gives up when the time limit passes on an endpoint that never answers', async () => {
    const silent = net.createServer((socket) => socket.resume());
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const address = silent.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    const started = Date.now();
    const outcome = await runCheck(
      'folder',
      { path: 's3://backups', awsConnection: aws({ endpoint: `http://127.0.0.1:${port}` }) },
      { timeoutMs: 500 },
    );
    expect(outcome.pass).toBe(false);
    expect(outcome.error).toMatch(/abort|timeout/i);
    expect(Date.now() - started).toBeLessThan(5_000);
    await new Promise((resolve) => silent.close(resolve));
  });
});
