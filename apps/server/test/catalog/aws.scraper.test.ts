import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { parseScrapeSpec } from '../../src/modules/catalog/scrape-spec/scrape-config.ts';
import { createTestDatabase, type TestDatabase } from '../database.ts';
import * as aws from './aws-fixtures.ts';
import { awsErrorXml, startFakeAwsApi, type FakeAwsApi } from './fake-aws-api.ts';
import { openedConnection } from './scrape-context.ts';
import { scrapeRunHarness } from './scrape-run-harness.ts';

const accessKey = 'AKIAFAKEEXAMPLE00001';
const secretKey = 'fake/secret/key/that-must-not-leak-42';
let database: TestDatabase;
let fake: FakeAwsApi;
let harness: Awaited<ReturnType<typeof scrapeRunHarness>>;

/** Answers the fixtures; `tag` renames every EC2 id, since items are keyed across scrapers. */
function answerAll(tag = '0') {
  const ids = (xml: string) => xml.replace(/\b(i|sg|vpc|subnet)-0(\w+)/g, `$1-${tag}$2`);
  fake.routes.set('ec2:DescribeSubnets', () => ({ xml: ids(aws.describeSubnets) }));
  fake.routes.set('ec2:DescribeInstances', () => ({ xml: ids(aws.describeInstances) }));
  fake.routes.set('ec2:DescribeVpcs', () => ({ xml: ids(aws.describeVpcs) }));
  fake.routes.set('ec2:DescribeSecurityGroups', () => ({ xml: ids(aws.describeSecurityGroups) }));
  fake.routes.set('cloudtrail:LookupEvents', () => ({ json: aws.lookupEvents }));
  fake.routes.set('iam:ListRoles', () => ({ xml: aws.listRoles }));
  fake.routes.set('s3:ListBuckets', () => ({ xml: aws.listBuckets }));
}

beforeAll(async () => {
  database = await createTestDatabase();
  fake = await startFakeAwsApi();
  harness = await scrapeRunHarness(database, {
    'connection://default/aws': openedConnection({
      type: 'aws',
      url: fake.url,
      username: accessKey,
      password: secretKey,
      properties: { region: 'eu-west-1' },
    }),
  });
  await harness.secret('aws', 'secret', secretKey);
});

beforeEach(() => {
  fake.routes.clear();
  answerAll();
  fake.calls.length = 0;
});

afterAll(async () => {
  await fake.close();
  await harness.close();
  await database.drop();
});

describe('aws spec', () => {
  it.each([
    [{ aws: [{ regions: ['eu-west-1'] }] }, 'spec.aws[0].regions', 'is not a known field'],
    [{ aws: [{ region: 'eu-west-1' }] }, 'spec.aws[0].region', expect.stringMatching(/array/)],
    [
      { aws: [{ cloudtrail: { maxAge: 'a week' } }] },
      'spec.aws[0].cloudtrail.maxAge',
      'must be a duration such as 24h or 7d',
    ],
    [
      { aws: [{ assumeRole: 'arn:aws:iam::1:role/x' }] },
      'spec.aws[0].assumeRole',
      'is not supported yet: assuming a role needs AWS STS',
    ],
    [{ aws: [{ endpoint: 'not a url' }] }, 'spec.aws[0].endpoint', expect.any(String)],
  ])('refuses %j naming %s', (spec, field, message) => {
    expect(parseScrapeSpec(spec)).toEqual({ ok: false, field, message });
  });

  it('accepts a config-db AWS scraper as written', () => {
    const parsed = parseScrapeSpec({
      aws: [
        {
          region: ['eu-west-1'],
          connection: 'connection://default/aws',
          include: ['EC2instance'],
          exclude: ['cloudtrail'],
          exclusions: [{ type: 'AWS::EC2::*', tags: { env: 'dev' } }],
          cloudtrail: { exclude: ['Describe'], maxAge: '24h' },
          transform: { exclude: [{ jsonpath: '$.Tags' }] },
        },
      ],
    });
    expect(parsed.ok).toBe(true);
  });
});

describe('an aws scraper through the real SDK and ingest', () => {
  const entry = {
    connection: 'connection://default/aws',
    region: ['eu-west-1'],
  };

  it('stores EC2, IAM and S3 items, their relationships and CloudTrail changes', async () => {
    const id = await harness.scraper('aws', { aws: [entry] });
    expect(await harness.run(id)).toMatchObject({ status: 'SUCCESS' });
    expect(fake.calls.map((call) => [call.service, call.region, call.action])).toEqual([
      ['ec2', 'eu-west-1', 'DescribeSubnets'],
      ['ec2', 'eu-west-1', 'DescribeInstances'],
      ['ec2', 'eu-west-1', 'DescribeVpcs'],
      ['ec2', 'eu-west-1', 'DescribeSecurityGroups'],
      ['cloudtrail', 'eu-west-1', 'LookupEvents'],
      ['iam', 'us-east-1', 'ListRoles'],
      ['s3', 'us-east-1', 'ListBuckets'],
    ]);
    for (const call of fake.calls) {
      expect(call).toMatchObject({ signed: true, accessKey });
    }
    expect(fake.calls[0]?.params).toMatchObject({
      Action: 'DescribeSubnets',
      Version: '2016-11-15',
    });
    expect(Number(fake.calls[4]?.params.StartTime)).toBeCloseTo(Date.now() / 1000 - 7 * 86_400, -2);

    const items = await harness.items(id);
    expect(items.map((item) => [item.type, item.name, item.status, item.health])).toEqual([
      ['AWS::S3::Bucket', 'acme-logs', null, 'unknown'],
      ['AWS::IAM::Role', 'app-role', null, 'unknown'],
      ['AWS::EC2::Instance', 'ip-10-0-1-5.eu-west-1.compute.internal', 'stopped', 'unknown'],
      ['AWS::EC2::VPC', 'main', 'available', 'unknown'],
      ['AWS::EC2::Subnet', 'private-a', 'available', 'unknown'],
      ['AWS::EC2::SecurityGroup', 'sg-0c3', null, 'unknown'],
      ['AWS::EC2::Instance', 'web-1', 'running', 'healthy'],
    ]);
    const { rows } = await database.db.pool.query<{
      name: string;
      external_id: string[];
      labels: Record<string, string>;
      tags: Record<string, string>;
      parent: string | null;
    }>(
      `select i.name, i.external_id, i.labels, i.tags, p.name as parent from config_items i
         left join config_items p on p.id = i.parent_id where i.scraper_id = $1 order by i.name`,
      [id],
    );
    const byName = new Map(rows.map((row) => [row.name, row]));
    expect(byName.get('web-1')).toMatchObject({
      external_id: expect.arrayContaining([
        'i-0web',
        'AmazonEC2/i-0web',
        'aws:///eu-west-1a/i-0web',
      ]),
      labels: { env: 'prod', network: 'vpc-0a1', subnet: 'subnet-0b2' },
      tags: { zone: 'eu-west-1a', 'zone-id': 'euw1-az1', region: 'eu-west-1' },
      parent: 'main',
    });
    expect(byName.get('private-a')).toMatchObject({ parent: 'main' });
    expect(byName.get('sg-0c3')).toMatchObject({ parent: 'main' });
    expect(byName.get('main')?.labels).toEqual({ team: 'platform', network: 'vpc-0a1' });
    expect(byName.get('app-role')?.external_id).toEqual(
      expect.arrayContaining([
        'AROAEXAMPLEID',
        'arn:aws:iam::123456789012:role/app-role',
        'aws://iam-role/123456789012/app-role',
      ]),
    );
    expect(byName.get('acme-logs')?.external_id).toEqual(
      expect.arrayContaining(['acme-logs', 'AmazonS3/acme-logs', 'arn:aws:s3:::acme-logs']),
    );
    const role = items.find((item) => item.name === 'app-role');
    expect(role?.config).toMatchObject({
      AssumeRolePolicyDocument: {
        Statement: [{ Principal: { Service: ['ec2.amazonaws.com', 'lambda.amazonaws.com'] } }],
      },
    });

    const links = await database.db.pool.query<{ from: string; to: string; relation: string }>(
      `select a.name as from, b.name as to, r.relation from config_relationships r
         join config_items a on a.id = r.config_id join config_items b on b.id = r.related_id
        where a.scraper_id = $1 and r.deleted_at is null and r.relation is not null
        order by a.name, b.name`,
      [id],
    );
    expect(links.rows).toEqual([
      {
        from: 'private-a',
        to: 'ip-10-0-1-5.eu-west-1.compute.internal',
        relation: 'SubnetInstance',
      },
      { from: 'private-a', to: 'web-1', relation: 'SubnetInstance' },
      { from: 'sg-0c3', to: 'web-1', relation: 'SecurityGroupInstance' },
    ]);

    const changes = await database.db.pool.query<Record<string, unknown>>(
      `select i.name, c.change_type, c.external_change_id, c.source, c.external_created_by
         from config_changes c join config_items i on i.id = c.config_id
        where i.scraper_id = $1 and c.external_change_id is not null order by c.created_at`,
      [id],
    );
    expect(changes.rows).toEqual([
      {
        name: 'ip-10-0-1-5.eu-west-1.compute.internal',
        change_type: 'StopInstances',
        external_change_id: 'evt-stop',
        source: 'AWS::CloudTrail::eu-west-1:123456789012',
        external_created_by: 'alice',
      },
      {
        name: 'sg-0c3',
        change_type: 'AuthorizeSecurityGroupIngress',
        external_change_id: 'evt-ingress',
        source: 'AWS::CloudTrail::eu-west-1:123456789012',
        external_created_by: 'deployer',
      },
    ]);
    const job = await harness.lastJob(id);
    expect(JSON.stringify([job, items, changes.rows])).not.toContain(secretKey);
  });

  it('reads only what include names, skips exclusions, and honours cloudtrail settings', async () => {
    answerAll('1');
    const id = await harness.scraper('aws-some', {
      aws: [
        {
          endpoint: fake.url,
          accessKey,
          secretKey: { valueFrom: { secretKeyRef: { name: 'aws', key: 'secret' } } },
          region: ['eu-west-1', 'eu-central-1'],
          include: ['ec2instance'],
          exclusions: [{ type: 'AWS::EC2::*', tags: { env: 'dev' } }],
          cloudtrail: { exclude: ['Stop'], maxAge: '1h' },
        },
      ],
    });
    expect(await harness.run(id)).toMatchObject({ status: 'SUCCESS' });
    expect(fake.calls.map((call) => `${call.region} ${call.action}`)).toEqual([
      'eu-west-1 DescribeSubnets',
      'eu-west-1 DescribeInstances',
      'eu-west-1 LookupEvents',
      'eu-central-1 DescribeSubnets',
      'eu-central-1 DescribeInstances',
      'eu-central-1 LookupEvents',
    ]);
    expect(Number(fake.calls[2]?.params.StartTime)).toBeCloseTo(Date.now() / 1000 - 3600, -2);
    // Both regions answer the same instance: one item; the stopped dev one is excluded.
    expect((await harness.items(id)).map((item) => item.name)).toEqual(['web-1']);
    expect(await harness.changes(id)).toEqual([]);
  });

  it('skips CloudTrail when exclude names it', async () => {
    const id = await harness.scraper('aws-no-trail', {
      aws: [{ ...entry, include: ['VPC'], exclude: ['CloudTrail'] }],
    });
    expect(await harness.run(id)).toMatchObject({ status: 'SUCCESS' });
    expect(fake.calls.map((call) => call.action)).toEqual(['DescribeSubnets', 'DescribeVpcs']);
  });

  it('fails the run naming the call when AWS refuses, and keeps the stored items', async () => {
    answerAll('2');
    const id = await harness.scraper('aws-refused', { aws: [{ ...entry, include: ['VPC'] }] });
    expect(await harness.run(id)).toMatchObject({ status: 'SUCCESS' });
    fake.routes.set('ec2:DescribeVpcs', () => ({
      status: 401,
      xml: awsErrorXml(
        'AuthFailure',
        'AWS was not able to validate the provided access credentials',
      ),
    }));
    expect(await harness.run(id)).toMatchObject({ status: 'FAILED' });
    const job = await harness.lastJob(id);
    expect(job.details?.errors).toEqual([
      'spec.aws[0]: aws: EC2 in eu-west-1: AuthFailure: AWS was not able to validate the provided access credentials',
    ]);
    expect(JSON.stringify(job)).not.toContain(secretKey);
    expect((await harness.items(id)).map((item) => item.name)).toEqual(['main']);
  });

  it('fails as a timeout when AWS answers too late', async () => {
    answerAll('3');
    fake.routes.set('iam:ListRoles', () => ({ delayMs: 3000, xml: aws.listRoles }));
    const id = await harness.scraper('aws-slow', {
      timeout: '1s',
      aws: [{ ...entry, include: ['Roles'], exclude: ['cloudtrail'] }],
    });
    expect(await harness.run(id)).toMatchObject({ status: 'FAILED' });
    expect((await harness.lastJob(id)).details?.errors).toEqual([
      expect.stringContaining('timed out after 1000ms'),
    ]);
  });

  it('refuses an endpoint without keys: the server identity never leaves for it', async () => {
    const id = await harness.scraper('aws-bare', { aws: [{ endpoint: fake.url }] });
    expect(await harness.run(id)).toMatchObject({ status: 'FAILED' });
    expect((await harness.lastJob(id)).details?.errors).toEqual([
      'spec.aws[0] (aws): aws: accessKey and secretKey are required with an endpoint',
    ]);
    expect(fake.calls).toEqual([]);
  });
});
