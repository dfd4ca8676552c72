import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseScrapeSpec } from '../../src/modules/catalog/scrape-spec/scrape-config.ts';
import { createTestDatabase, type TestDatabase } from '../database.ts';
import { startFakeRestApi, type FakeRestApi } from './fake-rest-api.ts';
import { openedConnection } from './scrape-context.ts';
import { scrapeRunHarness } from './scrape-run-harness.ts';

const token = 'ado-pat-secret-9876';
const basic = `Basic ${Buffer.from(`acme:${token}`).toString('base64')}`;
let database: TestDatabase;
let ado: FakeRestApi;
let harness: Awaited<ReturnType<typeof scrapeRunHarness>>;

const hoursAgo = (hours: number) => new Date(Date.now() - hours * 3_600_000).toISOString();
const web = (id: number) => ({
  web: { href: `https://dev.azure.com/acme/Demo1/_build/definition?definitionId=${id}&revision=3` },
});

beforeAll(async () => {
  database = await createTestDatabase();
  ado = await startFakeRestApi();
  harness = await scrapeRunHarness(database, {
    'connection://default/ado-api': openedConnection({ url: ado.url }),
  });
  await harness.secret('ado', 'pat', token);
  ado.routes.set('/acme/_apis/projects', () => ({
    json: {
      count: 2,
      value: [
        { id: 'p1', name: 'Demo1' },
        { id: 'p2', name: 'Other' },
      ],
    },
  }));
  ado.routes.set('/acme/Demo1/_apis/pipelines', () => ({
    json: {
      count: 2,
      value: [
        {
          id: 7,
          name: 'adhoc-release',
          folder: '\\',
          revision: 3,
          url: 'https://x/7',
          _links: web(7),
        },
        { id: 8, name: 'nightly', folder: '\\', revision: 1, url: 'https://x/8', _links: web(8) },
      ],
    },
  }));
  ado.routes.set('/acme/Demo1/_apis/pipelines/7/runs', () => ({
    json: {
      count: 4,
      value: [
        {
          id: 41,
          name: '20260101.1',
          state: 'completed',
          result: 'succeeded',
          createdDate: hoursAgo(5),
          finishedDate: new Date(Date.parse(hoursAgo(5)) + 125_000).toISOString(),
        },
        {
          id: 42,
          name: '20260101.2',
          state: 'completed',
          result: 'failed',
          createdDate: hoursAgo(3),
          finishedDate: new Date(Date.parse(hoursAgo(3)) + 30_000).toISOString(),
        },
        { id: 43, name: '20260101.3', state: 'inProgress', createdDate: hoursAgo(1) },
        {
          id: 40,
          name: 'old',
          state: 'completed',
          result: 'succeeded',
          createdDate: hoursAgo(24 * 30),
        },
      ],
    },
  }));
});

afterAll(async () => {
  await ado.close();
  await harness.close();
  await database.drop();
});

describe('azureDevops spec', () => {
  it('refuses an unknown field by name', () => {
    expect(parseScrapeSpec({ azureDevops: [{ organization: 'a', project: 'x' }] })).toEqual({
      ok: false,
      field: 'spec.azureDevops[0].project',
      message: 'is not a known field',
    });
  });
});

describe('an azureDevops scraper through the real ingest', () => {
  const entry = {
    organization: 'acme',
    connection: 'connection://default/ado-api',
    personalAccessToken: { valueFrom: { secretKeyRef: { name: 'ado', key: 'pat' } } },
    projects: ['Demo1'],
    pipelines: ['adhoc-*'],
  };

  it('stores chosen pipelines as items and their recent runs as changes', async () => {
    const id = await harness.scraper('ado', { azureDevops: [entry] });
    ado.calls.length = 0;
    expect(await harness.run(id)).toMatchObject({ status: 'SUCCESS' });
    expect(ado.calls).toEqual(
      [
        '/acme/_apis/projects',
        '/acme/Demo1/_apis/pipelines',
        '/acme/Demo1/_apis/pipelines/7/runs',
      ].map((path) => ({
        method: 'GET',
        path,
        query: { 'api-version': '7.1' },
        authorization: basic,
      })),
    );
    const items = await harness.items(id);
    expect(items).toMatchObject([
      {
        name: 'adhoc-release',
        type: 'AzureDevops::Pipeline',
        config: expect.objectContaining({ id: 7, revision: 3 }),
      },
    ]);
    const { rows } = await database.db.pool.query<{ external_id: string[] }>(
      'select external_id from config_items where id = $1',
      [items[0]?.id],
    );
    expect(rows[0]?.external_id).toEqual(
      expect.arrayContaining([
        'azuredevops://acme/Demo1/pipeline/7',
        'https://dev.azure.com/acme/Demo1/_build/definition?definitionId=7',
      ]),
    );
    expect(await harness.changes(id)).toEqual([
      {
        change_type: 'Succeeded',
        severity: 'info',
        summary: '20260101.1, completed in 2m5s',
        external_change_id: 'acme/Demo1/7/41',
      },
      {
        change_type: 'Failed',
        severity: 'high',
        summary: '20260101.2, completed in 30s',
        external_change_id: 'acme/Demo1/7/42',
      },
      {
        change_type: 'InProgress',
        severity: 'info',
        summary: '20260101.3, inProgress in 0s',
        external_change_id: 'acme/Demo1/7/43',
      },
    ]);
    expect(JSON.stringify([await harness.lastJob(id), items])).not.toContain(token);
  });

  it.each([
    [
      1,
      'a 500',
      { status: 500, json: {} },
      '/Demo1/_apis/pipelines answered 500 Internal Server Error',
    ],
    [2, 'malformed JSON', { text: '<html>sign in</html>' }, 'answered malformed JSON'],
    [3, 'a timeout', { delayMs: 3000, json: {} }, 'timed out after 1000ms'],
  ])(
    '%i: fails on %s with a clear error and keeps the stored items',
    async (n, _, answer, error) => {
      const org = `broken${n}`;
      let broken = false;
      ado.routes.set(`/${org}/_apis/projects`, () => ({ json: { value: [{ name: 'Demo1' }] } }));
      ado.routes.set(`/${org}/Demo1/_apis/pipelines`, () =>
        broken ? answer : { json: { value: [{ id: 1, name: 'build' }] } },
      );
      ado.routes.set(`/${org}/Demo1/_apis/pipelines/1/runs`, () => ({ json: { value: [] } }));
      const id = await harness.scraper(`ado-broken-${n}`, {
        timeout: '1s',
        azureDevops: [{ ...entry, organization: org, pipelines: [] }],
      });
      expect(await harness.run(id)).toMatchObject({ status: 'SUCCESS' });
      broken = true;
      expect(await harness.run(id)).toMatchObject({ status: 'FAILED' });
      const job = await harness.lastJob(id);
      expect(job.details?.errors).toEqual([expect.stringContaining(error)]);
      expect(JSON.stringify(job)).not.toContain(token);
      expect((await harness.items(id)).map((item) => item.name)).toEqual(['build']);
    },
  );

  it('fails when Azure DevOps cannot be reached, or no token is given', async () => {
    const down = await startFakeRestApi();
    await down.close();
    const local = await scrapeRunHarness(database, {
      'connection://default/down': openedConnection({
        url: down.url,
        username: 'acme',
        password: token,
      }),
    });
    const id = await local.scraper('ado-down', {
      azureDevops: [{ connection: 'connection://default/down' }],
    });
    expect(await local.run(id)).toMatchObject({ status: 'FAILED' });
    expect((await local.lastJob(id)).details?.errors).toEqual([
      expect.stringMatching(
        /azureDevops: http:\/\/127\.0\.0\.1:\d+\/acme\/_apis\/projects could not be reached/,
      ),
    ]);
    const bare = await local.scraper('ado-bare', { azureDevops: [{ organization: 'acme' }] });
    expect(await local.run(bare)).toMatchObject({ status: 'FAILED' });
    expect((await local.lastJob(bare)).details?.errors).toEqual([
      'spec.azureDevops[0] (azureDevops): azureDevops: personalAccessToken is required (or a connection)',
    ]);
    await local.close();
  });
});
