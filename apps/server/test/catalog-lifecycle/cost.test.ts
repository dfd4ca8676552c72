import { gzipSync } from 'node:zlib';
import { S3Client } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { awsCurCostJobName, syncAwsCurCosts } from '../../src/modules/catalog/cost/cost.service.ts';
import { startFakeS3, type FakeS3 } from './fake-s3.ts';
import { now, useLifecycleDatabase } from './lifecycle-harness.ts';

const t = useLifecycleDatabase();
const bucket = 'cur-bucket';
const prefix = 'reports/vigil/';
const account = '123456789012';

const legacyHeader =
  'identity/LineItemId,lineItem/UsageAccountId,lineItem/LineItemType,lineItem/UsageStartDate,lineItem/UsageEndDate,lineItem/ProductCode,lineItem/ResourceId,lineItem/UnblendedCost';
const legacy = (start: string, end: string, product: string, resource: string, cost: number) =>
  `x,${account},Usage,${start},${end},${product},${resource},${cost}`;

/** A legacy CUR (gzipped, two files) and a CUR 2.0 file; the newest usage ends 10:00 on June 1. */
function report(): Map<string, Buffer> {
  const ec2 = [
    legacyHeader,
    legacy('2026-06-01T09:00:00Z', '2026-06-01T10:00:00Z', 'AmazonEC2', 'i-0abc', 0.6),
    legacy('2026-05-29T09:00:00Z', '2026-05-29T10:00:00Z', 'AmazonEC2', 'i-0abc', 2),
    legacy('2026-05-10T09:00:00Z', '2026-05-10T10:00:00Z', 'AmazonEC2', 'i-0abc', 4),
    // Outside 30 days, a credit, usage after now, and a tax line without a resource.
    legacy('2026-04-01T09:00:00Z', '2026-04-01T10:00:00Z', 'AmazonEC2', 'i-0abc', 100),
    legacy('2026-06-01T09:00:00Z', '2026-06-01T10:00:00Z', 'AmazonEC2', 'i-0abc', -1),
    legacy('2026-06-01T12:00:00Z', '2026-06-01T13:00:00Z', 'AmazonEC2', 'i-0abc', 50),
    legacy('2026-06-01T09:00:00Z', '2026-06-01T10:00:00Z', 'AmazonEC2', '', 9),
  ].join('\n');
  const unmatched = [
    legacyHeader,
    legacy('2026-05-31T20:00:00Z', '2026-05-31T21:00:00Z', 'AmazonEC2', 'vol-0orphan', 3),
  ].join('\n');
  const cur2 = [
    'bill_payer_account_id,line_item_usage_account_id,line_item_usage_start_date,line_item_usage_end_date,line_item_product_code,line_item_resource_id,line_item_unblended_cost,product',
    `${account},${account},2026-05-31 12:00:00.000,2026-05-31 13:00:00.000,AmazonS3,my-bucket,1.5,"{""a"": 1}"`,
  ].join('\n');
  return new Map([
    [`${prefix}20260501-20260601/vigil-00001.csv.gz`, gzipSync(ec2)],
    [`${prefix}20260501-20260601/vigil-00002.csv.gz`, gzipSync(unmatched)],
    [`${prefix}20260501-20260601/vigil-Manifest.json`, Buffer.from('{}')],
    [`${prefix}data/BILLING_PERIOD=2026-05/part-0.csv`, Buffer.from(cur2)],
    ['elsewhere/other.csv', Buffer.from('not,a,report')],
  ]);
}

let s3: FakeS3;
beforeAll(async () => {
  s3 = await startFakeS3({
    bucket,
    accessKeyId: 'AKIDVIGILTEST',
    region: 'eu-west-1',
    objects: report(),
    pageSize: 2,
  });
});
afterAll(() => s3.close());

const client = () =>
  new S3Client({
    region: 'eu-west-1',
    endpoint: s3.endpoint,
    forcePathStyle: true,
    credentials: { accessKeyId: 'AKIDVIGILTEST', secretAccessKey: 'not-a-secret' },
  });

async function item(type: string, externalId: string): Promise<string> {
  const [row] = await t.query(
    `insert into config_items (type, name, external_id) values ($1, $2, $3) returning id`,
    [type, externalId, [externalId]],
  );
  return String(row?.id);
}

const costsOf = async (id: string) =>
  (
    await t.query(
      `select cost_per_minute::float8 as per_minute, cost_total_1d::float8 as d1,
         cost_total_7d::float8 as d7, cost_total_30d::float8 as d30
       from config_items where id = $1`,
      [id],
    )
  )[0];

describe('cost from the AWS Cost and Usage Report', () => {
  it('sums 1h/1d/7d/30d per resource through the AWS SDK and matches items by resource id', async () => {
    const instance = await item('AWS::EC2::Instance', 'i-0abc');
    const s3Bucket = await item('AWS::S3::Bucket', 'AmazonS3/my-bucket');
    const accountItem = await item('AWS::::Account', account);
    const untouched = await item('AWS::EC2::Instance', 'i-0other');

    const outcome = await syncAwsCurCosts(t.db, client(), { bucket, prefix }, now);

    expect(s3.refused).toEqual([]);
    expect(outcome).toEqual({ files: 3, lines: 9, resources: 3, matched: 2, accounts: 1 });
    expect(await costsOf(instance)).toEqual({ per_minute: 0.01, d1: 0.6, d7: 2.6, d30: 6.6 });
    expect(await costsOf(s3Bucket)).toEqual({ per_minute: 0, d1: 1.5, d7: 1.5, d30: 1.5 });
    expect(await costsOf(accountItem)).toEqual({ per_minute: 0, d1: 3, d7: 3, d30: 3 });
    expect(await costsOf(untouched)).toEqual({ per_minute: null, d1: null, d7: null, d30: null });

    // Paged listing under the prefix, then one GET per report file (not the manifest).
    const lists = s3.requests.filter((r) => r.query['list-type'] === '2');
    expect(lists.map((r) => [r.query.prefix, r.query['continuation-token']])).toEqual([
      [prefix, undefined],
      [prefix, '2'],
    ]);
    expect(s3.requests.filter((r) => !r.query['list-type']).map((r) => r.path)).toEqual([
      `/${bucket}/${prefix}20260501-20260601/vigil-00001.csv.gz`,
      `/${bucket}/${prefix}20260501-20260601/vigil-00002.csv.gz`,
      `/${bucket}/${prefix}data/BILLING_PERIOD=2026-05/part-0.csv`,
    ]);
    const [run] = await t.query(
      `select status, success_count, details from job_history where name = $1`,
      [awsCurCostJobName],
    );
    expect(run).toEqual({
      status: 'SUCCESS',
      success_count: 3,
      details: { summary: { files: 3, lines: 9, resources: 3, matched: 2, accounts: 1 } },
    });
  });

  it('fails with a job history error, changing nothing, when the bucket is not a report', async () => {
    const instance = await item('AWS::EC2::Instance', 'i-0xyz');
    await expect(
      syncAwsCurCosts(t.db, client(), { bucket, prefix: 'elsewhere/' }, now),
    ).rejects.toThrow(/s3:\/\/cur-bucket\/elsewhere\/other.csv: not a Cost and Usage Report/);
    await expect(
      syncAwsCurCosts(t.db, client(), { bucket: 'no-such-bucket', prefix }, now),
    ).rejects.toThrow();
    expect(await costsOf(instance)).toEqual({ per_minute: null, d1: null, d7: null, d30: null });
    const runs = await t.query(
      `select status, details->'errors' as errors from job_history where name = $1 and status = 'FAILED'`,
      [awsCurCostJobName],
    );
    expect(runs).toHaveLength(2);
  });
});
