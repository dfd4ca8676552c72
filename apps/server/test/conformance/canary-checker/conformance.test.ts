import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { at, canariesPath, useKubeApp } from '../../kube-api/helpers.ts';
import {
  acceptance,
  readExpectations,
  writeExpectations,
  type DocumentResult,
  type Expectations,
  type RunResult,
} from './expectations.ts';
import {
  fixtureDocuments,
  upstreamExpectation,
  usesRemovedType,
  type FixtureDocument,
} from './fixture-documents.ts';
import { startHttpbin } from './httpbin.ts';

/**
 * Applies each Canary document of canary-checker's fixtures through the Kubernetes-style API
 * and runs those whose targets exist on this machine, comparing both with expectations.json.
 * UPDATE_CONFORMANCE=1 rewrites that file instead, so every change in results is committed.
 */
const updating = process.env.UPDATE_CONFORMANCE === '1';
const regenerate =
  'UPDATE_CONFORMANCE=1 npx vitest run --project server apps/server/test/conformance/canary-checker/conformance.test.ts';

/** Fixtures whose targets this test provides: httpbin locally, redis and paths on this host. */
const runnable = new Set([
  'minimal/exec_pass.yaml#0',
  'minimal/exec_fail.yaml#0',
  'minimal/exec_env_pass.yaml#0',
  'minimal/http_pass.yaml#0',
  'minimal/http_fail.yaml#0',
  'minimal/http_single_pass.yaml#0',
  'minimal/http_auth_static_pass.yaml#0',
  'minimal/http_auth_url_pass.yaml#0',
  'minimal/http_depends_on_pass.yaml#0',
  'minimal/http_no_auth_pass.yaml#0',
  'minimal/http_pass_results_mode_pass.yaml#0',
  'minimal/http_timeout_fail.yaml#0',
  'minimal/http-crawl_pass.yaml#0',
  'datasources/folder_pass.yaml#0',
  'datasources/folder_fail.yaml#0',
  'datasources/folder_single_pass.yaml#0',
  'datasources/redis_pass.yaml#0',
  'datasources/redis_fail.yaml#0',
]);

/**
 * Checks that give another result than canary-checker's for a known reason, kept visible in
 * the figures: an artefact of running against local targets, or a deliberate Vigil choice.
 */
const knownDifferences: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  'minimal/http_pass.yaml#0': {
    'http-headers': "expects canary-checker's User-Agent; Vigil sends its own",
  },
};

const kube = useKubeApp();
let token = '';
let httpbin: Awaited<ReturnType<typeof startHttpbin>> | undefined;

beforeAll(async () => {
  token = (await kube.person(['editor'])).token;
  httpbin = await startHttpbin();
});

afterAll(async () => {
  await httpbin?.close();
});

/**
 * Points the document's targets at this machine: a local httpbin (TLS for https URLs, each
 * http check trusting its certificate; plain for a crawl, whose client takes no CA, as
 * canary-checker's colly does not) and redis.
 */
function adapted(document: FixtureDocument): Record<string, unknown> {
  if (!runnable.has(document.key) || !httpbin) return document.value;
  const host = (url: string) => url.replace(/^https?:\/\//, '');
  const original = JSON.stringify(document.value);
  const secure = original.includes('"crawl"') ? httpbin.url : httpbin.secureUrl;
  const text = original
    .replace(/http:\/\/([^"/@]*@)?httpbin\.flanksource\.com/g, `http://$1${host(httpbin.url)}`)
    .replace(/https:\/\/([^"/@]*@)?httpbin\.flanksource\.com/g, `${secure}`.replace('//', '//$1'))
    .replace(/redis\.canaries\.svc\.cluster\.local:6379/g, '127.0.0.1:6379');
  const value: unknown = JSON.parse(text);
  if (typeof value !== 'object' || value === null) return {};
  const http = at(value, 'spec', 'http');
  for (const check of Array.isArray(http) ? http : []) {
    if (typeof check === 'object' && check !== null && !('tlsConfig' in check)) {
      Object.assign(check, { tlsConfig: { ca: httpbin.ca } });
    }
  }
  return { ...value };
}

function nameAndNamespace(value: Record<string, unknown>) {
  const name = at(value, 'metadata', 'name');
  const namespace = at(value, 'metadata', 'namespace');
  return {
    name: typeof name === 'string' ? name : '',
    namespace: typeof namespace === 'string' ? namespace : 'default',
  };
}

async function applyDocument(document: FixtureDocument, previous: DocumentResult | undefined) {
  const value = adapted(document);
  const { name, namespace } = nameAndNamespace(value);
  const created = await kube.request(canariesPath(namespace), {
    method: 'POST',
    token,
    body: value,
  });
  if (created.status === 201) return { result: { name, result: 'accepted' as const }, namespace };
  const message = at(created.json, 'message');
  const reason = typeof message === 'string' ? message.slice(0, 300) : `HTTP ${created.status}`;
  expect(created.status, `${document.key}: ${reason}`).toBeLessThan(500);
  const category =
    previous?.result === 'refused' && previous.category === 'invalid-upstream'
      ? previous.category
      : usesRemovedType(document.value)
        ? ('removed-type' as const)
        : ('unsupported' as const);
  return { result: { name, result: 'refused' as const, reason, category }, namespace };
}

async function runChecks(
  name: string,
  namespace: string,
): Promise<Record<string, 'pass' | 'fail'>> {
  const checks = await kube.query<{ id: string; name: string }>(
    `select c.id, c.name from checks c join canaries k on k.id = c.canary_id
     where k.name = $1 and k.namespace = $2 and k.deleted_at is null and c.deleted_at is null
       and c.transformed is not true order by c.name`,
    [name, namespace],
  );
  const results: Record<string, 'pass' | 'fail'> = {};
  for (const check of checks) {
    const run = await kube.request(`/api/canary/run/check/${check.id}`, { method: 'POST', token });
    // Run Now also answers for the checks this one depends on, which ran first.
    const success = at(run.json, 'success');
    const ran = typeof success === 'number' && success > 0 && at(run.json, 'failed') === 0;
    results[check.name] = ran ? 'pass' : 'fail';
  }
  return results;
}

function compare(key: string, expected: DocumentResult | undefined, got: DocumentResult): string[] {
  if (!expected) return [`${key}: not in expectations.json (got ${got.result})`];
  if (expected.result !== got.result) {
    const why = got.result === 'refused' ? `: ${got.reason}` : '';
    return [`${key}: expected ${expected.result}, got ${got.result}${why}`];
  }
  if (
    expected.result === 'refused' &&
    got.result === 'refused' &&
    !got.reason.includes(expected.reason)
  ) {
    return [`${key}: refused for another reason: ${got.reason}`];
  }
  return [];
}

describe("canary-checker's fixtures", () => {
  it('are accepted or refused, and run, as expectations.json says', async () => {
    const expected = await readExpectations();
    const actual: Expectations = { documents: {}, runs: {} };
    const differences: string[] = [];
    for (const document of await fixtureDocuments()) {
      const previous = expected.documents[document.key];
      const { result, namespace } = await applyDocument(document, previous);
      actual.documents[document.key] = result;
      differences.push(...compare(document.key, previous, result));
      const upstream = upstreamExpectation(document.file);
      if (result.result === 'accepted' && runnable.has(document.key) && upstream) {
        const run: RunResult = { upstream, checks: await runChecks(result.name, namespace) };
        actual.runs[document.key] = run;
        if (JSON.stringify(run) !== JSON.stringify(expected.runs[document.key])) {
          differences.push(
            `${document.key}: ran ${JSON.stringify(run.checks)}, expected ${JSON.stringify(expected.runs[document.key]?.checks)}`,
          );
        }
      }
      if (result.result === 'accepted') {
        await kube.request(canariesPath(namespace, result.name), { method: 'DELETE', token });
      }
    }
    for (const key of Object.keys(expected.documents)) {
      if (!(key in actual.documents)) differences.push(`${key}: no longer among the fixtures`);
    }
    report(actual);
    if (updating) await writeExpectations(actual);
    else expect(differences, `results changed; if intended, run ${regenerate}`).toEqual([]);
  }, 120_000);
});

function report(actual: Expectations): void {
  const figures = acceptance(actual.documents);
  const runs = Object.entries(actual.runs).flatMap(([key, run]) =>
    Object.entries(run.checks).map(([name, outcome]) => ({
      agrees: outcome === run.upstream,
      known: knownDifferences[key]?.[name],
    })),
  );
  const agreeing = runs.filter((run) => run.agrees).length;
  const known = runs.filter((run) => !run.agrees && run.known !== undefined).length;
  process.stdout.write(
    `canary-checker conformance: ${figures.accepted} of ${figures.counted} accepted ` +
      `(${(figures.ratio * 100).toFixed(1)}%; ${figures.total} documents, ${figures.excluded} ` +
      `invalid upstream or of removed types); ${agreeing} of ${runs.length} runnable checks ` +
      `give canary-checker's result (${((agreeing / Math.max(runs.length, 1)) * 100).toFixed(1)}%; ` +
      `${known} differ for a known reason)\n`,
  );
}
