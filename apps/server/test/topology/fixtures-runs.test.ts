import fs from 'node:fs';
import path from 'node:path';
import { parseAllDocuments } from 'yaml';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { startHttpbin, type Httpbin } from '../conformance/canary-checker/httpbin.ts';
import { call, startTestApp } from '../health/health-harness.ts';
import type { TestApp } from '../app.ts';
import {
  readRunExpectations,
  writeRunExpectations,
  type BuiltNode,
  type RunExpectations,
  type RunOutcome,
} from './runs-conformance.ts';

/**
 * Runs canary-checker's Topology fixtures whose sources exist here (http and exec lookups
 * against a local httpbin, static components, catalog lookups over seeded config items) and
 * compares the trees they build with runs-expectations.json. UPDATE_CONFORMANCE=1 rewrites it.
 */
const updating = process.env.UPDATE_CONFORMANCE === '1';
const dir = path.join(import.meta.dirname, 'fixtures');

/** Fixtures whose lookups need what this machine does not have. */
const notRunnable: Readonly<Record<string, string>> = {
  'k8s-system.yaml#0': 'a Kubernetes cluster and Prometheus (kubernetes and prometheus lookups)',
  'kubernetes-lookup.yaml#0': 'a Kubernetes cluster (kubernetes lookup)',
  'kubernetes-lookup-inline-configmap.yaml#0': 'a Kubernetes cluster (kubernetes lookup)',
  'kubernetes-lookup-kubeconfig-from-file.yaml#0': 'a Kubernetes cluster (kubeconfig file)',
  'kubernetes-lookup-kubeconfig-from-secrets.yaml#0': 'a Kubernetes cluster (kubeconfig secret)',
};

/** Where Vigil's tree differs from canary-checker's on purpose (docs/topology.md). */
const differences: Readonly<Record<string, string>> = {
  'kubernetes-cluster-group-by.yaml#0':
    'groupBy makes one virtual parent per tag value under one root, not one root per value',
  'component-status-expr.yml#0':
    'a statusExpr answer that is not a status ("good") is the reason; the status stays rolled up',
};

let app: TestApp;
let httpbin: Httpbin;

const rows = async (text: string, values: unknown[] = []) =>
  (await app.database.db.pool.query<Record<string, unknown>>(text, values)).rows;

beforeAll(async () => {
  app = await startTestApp({ modules: ['health', 'catalog', 'topology'] });
  httpbin = await startHttpbin();
  // duty's dummy fixtures that the catalog lookups of these documents select.
  await rows(
    `insert into config_items (name, type, health, status, description, tags, labels, config) values
       ('config-item', 'Config::Dummy', null, null, null, '{"tag-1":"a","tag-2":"b"}',
        '{"tag-1":"a","tag-2":"b"}', '{"spec":{"container":{"name":"hello","version":"v3"}}}'),
       ('node-a', 'Kubernetes::Node', 'healthy', 'healthy', 'node a', '{"cluster":"aws"}',
        '{"cluster":"aws"}', '{"kind":"Node"}'),
       ('node-b', 'Kubernetes::Node', 'healthy', 'healthy', 'node b', '{"cluster":"aws"}',
        '{"cluster":"aws"}', '{"kind":"Node"}'),
       ('aks-pool-1', 'Kubernetes::Node', 'healthy', 'healthy', 'pool 1', '{"cluster":"demo"}',
        '{"cluster":"demo"}', '{"kind":"Node"}')`,
  );
  const canary = await rows(
    `insert into canaries (name, spec) values ('seeded', '{}') returning id`,
  );
  await rows(
    `insert into checks (canary_id, type, name, labels, status) values
       ($1, 'http', 'http-200', '{"check":"http-200"}', 'healthy'),
       ($1, 'http', 'http-check', '{"canary":"http"}', 'healthy')`,
    [canary[0]?.id],
  );
});
afterAll(async () => {
  await httpbin.close();
  await app.close();
});

const topologyDocument = z.object({
  kind: z.literal('Topology'),
  metadata: z.object({
    name: z.string(),
    namespace: z.string().optional(),
    labels: z.record(z.string(), z.string()).optional(),
  }),
  spec: z.record(z.string(), z.unknown()),
});

function documents() {
  const found: Array<{ key: string; value: z.infer<typeof topologyDocument> }> = [];
  for (const file of fs
    .readdirSync(dir)
    .filter((f) => /\.ya?ml$/.test(f))
    .sort()) {
    parseAllDocuments(fs.readFileSync(path.join(dir, file), 'utf8')).forEach((doc, index) => {
      const parsed = topologyDocument.safeParse(doc.toJS());
      if (parsed.success) found.push({ key: `${file}#${index}`, value: parsed.data });
    });
  }
  return found;
}

/** httpbin.flanksource.com is this machine's httpbin, over plain HTTP. */
function local(spec: Record<string, unknown>): unknown {
  return JSON.parse(
    JSON.stringify(spec).replace(/https?:\/\/httpbin\.flanksource\.com/g, httpbin.url),
  );
}

async function treeOf(topologyId: string): Promise<BuiltNode> {
  const components = await rows(
    `select c.id, c.parent_id, c.name, c.type, c.status, c.status_reason, c.properties,
            (select array_agg(k.name order by k.name) from check_component_relationships r
               join checks k on k.id = r.check_id
              where r.component_id = c.id and r.deleted_at is null and k.deleted_at is null) as checks,
            (select array_agg(ci.name order by ci.name) from config_component_relationships r
               join config_items ci on ci.id = r.config_id
              where r.component_id = c.id and r.deleted_at is null) as configs
       from components c where c.topology_id = $1 and c.deleted_at is null order by c.name`,
    [topologyId],
  );
  const node = (row: Record<string, unknown>): BuiltNode => {
    const children = components.filter((c) => c.parent_id === row.id).map(node);
    const list = (value: unknown) => (Array.isArray(value) ? value.map(String) : []);
    return {
      name: String(row.name),
      type: typeof row.type === 'string' ? row.type : null,
      status: String(row.status),
      ...(typeof row.status_reason === 'string' ? { status_reason: row.status_reason } : {}),
      ...(Array.isArray(row.properties) && row.properties.length > 0
        ? { properties: row.properties }
        : {}),
      ...(list(row.checks).length > 0 ? { checks: list(row.checks) } : {}),
      ...(list(row.configs).length > 0 ? { configs: list(row.configs) } : {}),
      ...(children.length > 0 ? { children } : {}),
    };
  };
  const root = components.find((c) => c.parent_id === null);
  if (!root) throw new Error('the run built no root');
  return node(root);
}

async function runDocument(document: ReturnType<typeof documents>[number]): Promise<RunOutcome> {
  const needs = notRunnable[document.key];
  if (needs) return { result: 'not-runnable', needs };
  const { metadata, spec } = document.value;
  const created = await call(app, 'POST', '/api/db/topologies', 'editor', {
    name: metadata.name,
    ...(metadata.namespace ? { namespace: metadata.namespace } : {}),
    ...(metadata.labels ? { labels: metadata.labels } : {}),
    spec: local(spec),
  });
  expect(created.status, `${document.key}: ${JSON.stringify(created.json)}`).toBe(201);
  const [row] = z.array(z.object({ id: z.string() })).parse(created.json);
  const id = row?.id ?? '';
  const run = z
    .object({ status: z.string(), errors: z.array(z.string()) })
    .parse((await call(app, 'POST', `/api/topology/${id}/run`, 'editor')).json);
  // The inline canaries run once (Run Now), so their components show what they found.
  const inline = await rows(
    `select k.id from checks k join canaries c on c.id = k.canary_id
      join components m on c.source = 'component/' || m.id::text
     where m.topology_id = $1 and k.deleted_at is null and c.deleted_at is null`,
    [id],
  );
  for (const check of inline) {
    const ran = await call(app, 'POST', `/api/canary/run/check/${String(check.id)}`, 'editor');
    expect(ran.status, `${document.key}: run of an inline check`).toBe(200);
  }
  const differs = differences[document.key];
  return {
    result: 'built',
    job: run.status,
    errors: run.errors.map((line) => line.replace(httpbin.url, 'http://httpbin')),
    tree: await treeOf(id),
    ...(differs ? { differs } : {}),
  };
}

describe("canary-checker's topology fixtures, run", () => {
  const actual: RunExpectations = {};

  it('build the trees runs-expectations.json records', async () => {
    for (const document of documents()) actual[document.key] = await runDocument(document);
    const built = Object.values(actual).filter((o) => o.result === 'built');
    const clean = built.filter((o) => o.result === 'built' && o.job === 'SUCCESS');
    process.stdout.write(
      `topology fixtures run: ${built.length} of ${Object.keys(actual).length} built here ` +
        `(${clean.length} without errors; ${Object.keys(actual).length - built.length} need ` +
        `Kubernetes or Prometheus)\n`,
    );
    if (updating) await writeRunExpectations(actual);
    else expect(actual).toEqual(await readRunExpectations());
  }, 120_000);

  it("give canary-checker's own results for its run tests", () => {
    const tree = (key: string) => {
      const outcome = actual[key];
      if (outcome?.result !== 'built') throw new Error(`${key} was not built`);
      return outcome.tree;
    };
    const named = (node: BuiltNode, name: string): BuiltNode | undefined =>
      node.name === name
        ? node
        : (node.children ?? []).map((c) => named(c, name)).find((c) => c !== undefined);
    // pkg/topology/run_test.go: "should create component with properties"
    const properties = tree('component-with-properties.yml#0');
    expect(named(properties, 'component-b')?.properties).toEqual([
      { name: 'error_percentage', min: 0, max: 100, value: 10 },
      { name: 'owner', text: 'team-b' },
      { name: 'company', text: 'Acme' },
      { name: 'location', text: 'Mars' },
      { name: 'key', text: 'value' },
      { name: 'config-key', text: 'v3' },
    ]);
    // "should create component with forEach functionality"
    const forEach = tree('component-with-for-each.yml#0');
    expect(named(forEach, 'component-c')?.children?.map((c) => c.name)).toEqual([
      'Child-A',
      'Child-B',
    ]);
    expect(named(forEach, 'component-c')?.properties).toEqual([
      { name: 'owner', text: 'team-b' },
      { name: 'processor', text: 'amd' },
      { name: 'company', text: 'Acme' },
      { name: 'location', text: 'Mars' },
    ]);
    // "should update component's parents"
    const parents = tree('component-with-parent-lookup.yml#0');
    expect(named(parents, 'Parent-2')?.children?.map((c) => c.name)).toEqual([
      'Child-1C',
      'Child-2A',
      'Child-2B',
    ]);
    expect(named(parents, 'Parent-3')?.children?.map((c) => c.name)).toEqual([
      'Child-1D',
      'Child-2C',
    ]);
    // "should correctly merge multiple property lookup"
    expect(named(tree('component-with-property-list.yml#0'), 'RootComponent')?.properties).toEqual([
      { name: 'error_percentage', min: 0, max: 100, value: 10 },
    ]);
    // "should set status from expression"
    expect(tree('component-status-expr.yml#0').status).toBe('healthy');
    // inline canaries become the component's checks
    expect(named(tree('inline-check.yaml#0'), 'inline-canary')).toMatchObject({
      checks: ['inline-check'],
      status: 'healthy',
    });
  });
});
