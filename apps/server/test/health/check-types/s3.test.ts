import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkTypes } from '../../../src/modules/health/check-types/registry.ts';
import { parseCanarySpec } from '../../../src/modules/health/canaries/canary-spec.ts';
import { startFakeS3, type FakeS3 } from '../fixtures/s3-server.ts';
import { connection, runCheck } from './check-context.ts';

let s3: FakeS3;

beforeAll(async () => {
  s3 = await startFakeS3({
    buckets: {
      probes: [{ key: 'old.txt', size: 3, lastModified: new Date() }],
      frozen: [],
    },
    pageSize: 10,
    readOnlyBuckets: ['frozen'],
  });
});

afterAll(() => s3.close());

function spec(extra: Record<string, unknown> = {}) {
  return {
    bucketName: 'probes',
    objectPath: '/canary/probe.txt',
    accessKey: { value: s3.accessKeyId },
    secretKey: { value: s3.secretAccessKey },
    region: s3.region,
    endpoint: s3.endpoint,
    usePathStyle: true,
    ...extra,
  };
}

describe('s3 check (AWS SDK v3 against a fake S3 that verifies SigV4)', () => {
  it('lists the bucket, writes objectPath and reads the same bytes back', async () => {
    s3.requests.length = 0;
    const outcome = await runCheck('s3', spec({ storageClass: 'STANDARD_IA' }));
    expect(outcome.error).toBeUndefined();
    expect(outcome.pass).toBe(true);
    const calls = s3.requests.map((r) => `${r.method} ${r.bucket}/${r.key}`);
    expect(calls).toEqual([
      'GET probes/',
      'PUT probes/canary/probe.txt',
      'GET probes/canary/probe.txt',
    ]);
    expect(s3.requests[0]?.query.get('list-type')).toBeNull();
    expect(s3.requests[1]?.storageClass).toBe('STANDARD_IA');
    expect(s3.stored.get('probes/canary/probe.txt')).toMatch(/^[A-Za-z0-9]{16}$/);
    for (const request of s3.requests) {
      expect(request.authorization).toMatch(/^AWS4-HMAC-SHA256 Credential=AKIAVIGILTEST\//);
    }
  });

  it('fails with canary-checker’s message for each step', async () => {
    const missing = await runCheck('s3', spec({ bucketName: 'nope' }));
    expect(missing.pass).toBe(false);
    expect(missing.error).toMatch(/^Failed to list objects in bucket nope: NoSuchBucket: /);
    const readOnly = await runCheck('s3', spec({ bucketName: 'frozen' }));
    expect(readOnly.error).toMatch(
      /^Failed to put object canary\/probe.txt in bucket frozen: AccessDenied: frozen is read-only/,
    );
    const wrongKey = await runCheck('s3', spec({ secretKey: 'not-it' }));
    expect(wrongKey.error).toMatch(
      /^Failed to list objects in bucket probes: SignatureDoesNotMatch/,
    );
  });

  it('never sends the server’s own AWS identity to a spec’s endpoint', async () => {
    s3.requests.length = 0;
    await expect(
      runCheck('s3', spec({ accessKey: undefined, secretKey: undefined })),
    ).rejects.toThrow('accessKey and secretKey are required with an endpoint');
    expect(s3.requests).toHaveLength(0);
  });

  it('fails when the object read back is not what was written', async () => {
    const corrupt = await startFakeS3({ buckets: { probes: [] }, pageSize: 10, corrupt: true });
    try {
      const outcome = await runCheck('s3', spec({ endpoint: corrupt.endpoint }));
      expect(outcome.pass).toBe(false);
      expect(outcome.error).toMatch(
        /^Get object doesn't match [A-Za-z0-9]{16} != [A-Za-z0-9]{16}!$/,
      );
    } finally {
      await corrupt.close();
    }
  });

  it('takes keys, endpoint and region from a saved connection, bucket from `bucket`', async () => {
    const saved = connection({
      type: 'aws',
      url: s3.endpoint,
      username: s3.accessKeyId,
      password: s3.secretAccessKey,
      properties: { region: s3.region },
    });
    const outcome = await runCheck(
      's3',
      {
        connection: 'connection://default/aws',
        bucket: 'probes',
        objectPath: 'from-connection',
        usePathStyle: true,
      },
      { connections: { 'connection://default/aws': saved } },
    );
    expect(outcome.error).toBeUndefined();
    expect(s3.stored.has('probes/from-connection')).toBe(true);
  });

  it('accepts and ignores `url`, which canary-checker’s S3Check does not have', async () => {
    const parsed = parseCanarySpec({
      s3: [{ name: 'x', bucketName: 'b', objectPath: 'o', url: 'http://localstack:4566' }],
    });
    expect(parsed.ok).toBe(true);
    s3.requests.length = 0;
    const outcome = await runCheck('s3', spec({ url: 'http://127.0.0.1:9/not-s3' }));
    expect(outcome.error).toBeUndefined();
    expect(outcome.pass).toBe(true);
    expect(s3.requests).toHaveLength(3);
  });

  it('accepts canary-checker’s fixture shape and refuses bad input naming the field', () => {
    const fixture = parseCanarySpec({
      s3: [
        {
          name: 's3-check',
          bucketName: 'flanksource-public',
          objectPath: 'dummy',
          region: 'us-east-1',
          accessKey: { valueFrom: { secretKeyRef: { name: 'aws-credentials', key: 'ID' } } },
          secretKey: { valueFrom: { secretKeyRef: { name: 'aws-credentials', key: 'KEY' } } },
        },
      ],
    });
    expect(fixture.ok).toBe(true);
    const refused = (check: Record<string, unknown>) =>
      parseCanarySpec({ s3: [{ name: 'x', bucketName: 'b', objectPath: 'o', ...check }] });
    expect(refused({ objectPath: undefined })).toMatchObject({ field: 'spec.s3[0].objectPath' });
    expect(refused({ bucketName: undefined })).toMatchObject({ field: 'spec.s3[0].bucketName' });
    expect(refused({ storageClass: 'CHEAP' })).toMatchObject({
      field: 'spec.s3[0].storageClass',
      message: expect.stringMatching(/^must be one of .*, STANDARD_IA$/),
    });
    expect(refused({ assumeRole: 'arn:aws:iam::1:role/x' })).toMatchObject({
      field: 'spec.s3[0].assumeRole',
      message: 'is not supported yet: assuming a role needs AWS STS',
    });
    expect(refused({ endpoint: 'not a url' })).toMatchObject({ field: 'spec.s3[0].endpoint' });
    expect(checkTypes.has('s3')).toBe(true);
  });
});
