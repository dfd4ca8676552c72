import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseScrapeSpec } from '../../src/modules/catalog/scrape-spec/scrape-config.ts';
import { createTestDatabase, type TestDatabase } from '../database.ts';
import { startFakeRestApi, type FakeRestApi } from './fake-rest-api.ts';
import { openedConnection } from './scrape-context.ts';
import { scrapeRunHarness } from './scrape-run-harness.ts';

const token = 'ghp_fake_token_0123456789';
let database: TestDatabase;
let github: FakeRestApi;
let harness: Awaited<ReturnType<typeof scrapeRunHarness>>;

const hoursAgo = (hours: number) => new Date(Date.now() - hours * 3_600_000).toISOString();
const workflows = [
  {
    id: 11,
    name: 'CI',
    path: '.github/workflows/ci.yml',
    state: 'active',
    created_at: hoursAgo(900),
    html_url: 'https://github.com/acme/widgets/blob/main/.github/workflows/ci.yml',
    badge_url: 'https://github.com/acme/widgets/workflows/CI/badge.svg',
  },
  {
    id: 12,
    name: 'Release',
    path: '.github/workflows/release.yml',
    state: 'active',
    created_at: hoursAgo(900),
  },
];
/** 101 runs of CI: two pages of 100. Run 101 (the newest) failed. */
const runs = Array.from({ length: 101 }, (_, index) => ({
  id: 5000 + index,
  run_number: index + 1,
  display_title: `Commit ${index + 1}`,
  head_branch: 'main',
  status: 'completed',
  conclusion: index === 100 ? 'failure' : index === 99 ? 'timed_out' : 'success',
  created_at: hoursAgo(101 - index),
  updated_at: new Date(Date.parse(hoursAgo(101 - index)) + 95_000).toISOString(),
  triggering_actor: { login: 'octocat' },
}));

beforeAll(async () => {
  database = await createTestDatabase();
  github = await startFakeRestApi();
  harness = await scrapeRunHarness(database, {
    // A connection holding only GitHub's API base (as for GitHub Enterprise): the token comes
    // from the entry's secret reference.
    'connection://default/gh-api': openedConnection({ url: `${github.url}/api/v3` }),
    'connection://default/gh-pat': openedConnection({ url: github.url, password: token }),
  });
  await harness.secret('github', 'token', token);
  github.routes.set('/api/v3/repos/acme/widgets/actions/workflows', () => ({
    json: { total_count: 2, workflows },
  }));
  github.routes.set('/api/v3/repos/acme/widgets/actions/workflows/11/runs', (call) => {
    const page = Number(call.query.page);
    return { json: { total_count: 101, workflow_runs: runs.slice((page - 1) * 100, page * 100) } };
  });
});

afterAll(async () => {
  await github.close();
  await harness.close();
  await database.drop();
});

describe('githubActions spec', () => {
  it('refuses an unknown field by name, and a missing repository', () => {
    expect(
      parseScrapeSpec({ githubActions: [{ owner: 'a', repository: 'b', repo: 'c' }] }),
    ).toEqual({
      ok: false,
      field: 'spec.githubActions[0].repo',
      message: 'is not a known field',
    });
    expect(parseScrapeSpec({ githubActions: [{ owner: 'a' }] })).toMatchObject({
      ok: false,
      field: 'spec.githubActions[0].repository',
    });
  });
});

describe('a githubActions scraper through the real ingest', () => {
  const spec = {
    githubActions: [
      {
        owner: 'acme',
        repository: 'widgets',
        workflows: ['C*'],
        branch: 'main',
        connection: 'connection://default/gh-api',
        personalAccessToken: { valueFrom: { secretKeyRef: { name: 'github', key: 'token' } } },
      },
    ],
  };

  it('stores matching workflows as items and every run, paged, as a change', async () => {
    const id = await harness.scraper('gha', spec);
    github.calls.length = 0;
    expect(await harness.run(id)).toMatchObject({ status: 'SUCCESS' });

    expect(github.calls.map((call) => [call.method, call.path, call.query.page])).toEqual([
      ['GET', '/api/v3/repos/acme/widgets/actions/workflows', '1'],
      ['GET', '/api/v3/repos/acme/widgets/actions/workflows/11/runs', '1'],
      ['GET', '/api/v3/repos/acme/widgets/actions/workflows/11/runs', '2'],
    ]);
    const since = new Date(Date.now() - 7 * 86_400_000).toISOString().slice(0, 10);
    expect(github.calls[1]?.query).toEqual({
      branch: 'main',
      created: `>=${since}`,
      per_page: '100',
      page: '1',
    });
    expect(github.calls.every((call) => call.authorization === `Bearer ${token}`)).toBe(true);

    const items = await harness.items(id);
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({
      name: 'widgets/CI',
      type: 'GitHubAction::Workflow',
      health: 'unhealthy',
      status: 'Failure',
      config: expect.objectContaining({ id: 11, path: '.github/workflows/ci.yml' }),
    });
    const changes = await harness.changes(id);
    expect(changes).toHaveLength(101);
    expect(changes.at(-1)).toEqual({
      change_type: 'GitHubActionRunFailure',
      severity: 'high',
      summary: 'Commit 101 (branch: main); duration: 1m35s',
      external_change_id: 'CI/11/5100',
    });
    expect(changes.at(-2)).toMatchObject({ change_type: 'GitHubActionRunTimedOut' });
    expect(changes[0]).toMatchObject({ change_type: 'GitHubActionRunSuccess', severity: 'info' });

    // Re-running adds no duplicate changes.
    expect(await harness.run(id)).toMatchObject({ status: 'SUCCESS' });
    expect(await harness.changes(id)).toHaveLength(101);
    const stored = JSON.stringify([await harness.lastJob(id), await harness.items(id)]);
    expect(stored).not.toContain(token);
  });

  it('takes the token and API base from a connection', async () => {
    github.routes.set('/repos/acme/gadgets/actions/workflows', () => ({
      json: { total_count: 0, workflows: [] },
    }));
    const id = await harness.scraper('gha-conn', {
      githubActions: [
        { owner: 'acme', repository: 'gadgets', connection: 'connection://default/gh-pat' },
      ],
    });
    github.calls.length = 0;
    expect(await harness.run(id)).toMatchObject({ status: 'SUCCESS' });
    expect(github.calls).toEqual([
      {
        method: 'GET',
        path: '/repos/acme/gadgets/actions/workflows',
        query: { per_page: '100', page: '1' },
        authorization: `Bearer ${token}`,
      },
    ]);
  });

  it.each([
    [1, 'a 500', { status: 500, json: { message: 'boom' } }, 'answered 500 Internal Server Error'],
    [2, 'malformed JSON', { text: '{"total_count": ' }, 'answered malformed JSON'],
    [3, 'a timeout', { delayMs: 3000, json: {} }, 'timed out after 1000ms'],
  ])(
    '%i: fails on %s with a clear error and keeps the stored items',
    async (n, _, answer, error) => {
      const base = `/api/v3/repos/acme/broken${n}/actions/workflows`;
      const workflow = { id: 100 + n, name: `Build ${n}` };
      github.routes.set(base, () => ({ json: { total_count: 1, workflows: [workflow] } }));
      let broken = false;
      github.routes.set(`${base}/${workflow.id}/runs`, () =>
        broken ? answer : { json: { total_count: 0, workflow_runs: [] } },
      );
      const id = await harness.scraper(`gha-broken-${n}`, {
        timeout: '1s',
        githubActions: [{ ...spec.githubActions[0], repository: `broken${n}`, workflows: [] }],
      });
      expect(await harness.run(id)).toMatchObject({ status: 'SUCCESS' });
      broken = true;
      expect(await harness.run(id)).toMatchObject({ status: 'FAILED' });
      const job = await harness.lastJob(id);
      expect(job.status).toBe('FAILED');
      expect(job.details?.errors).toEqual([expect.stringContaining(error)]);
      expect(JSON.stringify(job)).not.toContain(token);
      expect((await harness.items(id)).map((item) => item.name)).toEqual([`broken${n}/Build ${n}`]);
    },
  );

  it('fails when GitHub cannot be reached', async () => {
    const id = await harness.scraper('gha-unreachable', {
      githubActions: [
        { owner: 'acme', repository: 'widgets', connection: 'connection://default/down' },
      ],
    });
    const down = await startFakeRestApi();
    await down.close();
    const local = await scrapeRunHarness(database, {
      'connection://default/down': openedConnection({ url: down.url, password: token }),
    });
    expect(await local.run(id)).toMatchObject({ status: 'FAILED' });
    const job = await local.lastJob(id);
    expect(job.details?.errors).toEqual([
      expect.stringMatching(
        /spec\.githubActions\[0\] \(githubActions\): githubActions: .* could not be reached/,
      ),
    ]);
    await local.close();
  });
});
