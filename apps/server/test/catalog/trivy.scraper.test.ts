import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ingestScrapeResult } from '../../src/modules/catalog/ingest/ingest.ts';
import { parseScrapeSpec } from '../../src/modules/catalog/scrape-spec/scrape-config.ts';
import { trivyArgs } from '../../src/modules/catalog/scrapers/trivy/trivy.scraper.ts';
import { createTestDatabase, type TestDatabase } from '../database.ts';
import { createScraper, localAgent, pod, result } from './ingest-harness.ts';
import { scrapeRunHarness } from './scrape-run-harness.ts';

const fixture = path.join(import.meta.dirname, 'fixtures', 'trivy-k8s-report.json');
let database: TestDatabase;
let harness: Awaited<ReturnType<typeof scrapeRunHarness>>;
let dir = '';
const savedEnv = { TRIVY_BINARY: process.env.TRIVY_BINARY, PATH: process.env.PATH };

/** A stand-in trivy: records its arguments and prints what `body` prints. */
async function fakeTrivy(body: string): Promise<string> {
  const file = path.join(dir, `trivy-${Math.random().toString(36).slice(2)}`);
  await fs.writeFile(file, `#!/bin/sh\necho "$@" > "${file}.args"\n${body}\n`, { mode: 0o755 });
  return file;
}

beforeAll(async () => {
  database = await createTestDatabase();
  harness = await scrapeRunHarness(database, {});
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'vigil-trivy-'));
  // The cluster's items, as the kubernetes scraper stores them (keyed by uid, with the alias).
  const kube = await createScraper(database.db, 'cluster');
  await ingestScrapeResult(
    database.db,
    { id: kube, agentId: localAgent },
    result({
      items: [
        pod('web', {
          type: 'Kubernetes::Deployment',
          configClass: 'Deployment',
          externalId: 'uid-web',
          aliases: ['Kubernetes/Deployment/default/web'],
        }),
      ],
    }),
    { full: false, now: new Date() },
  );
});

afterEach(() => {
  for (const [key, value] of Object.entries(savedEnv)) {
    if (value === undefined) delete process.env[key];
    else process.env[key] = value;
  }
});

afterAll(async () => {
  await harness.close();
  await fs.rm(dir, { recursive: true, force: true });
  await database.drop();
});

async function analysis() {
  const { rows } = await database.db.pool.query<Record<string, unknown>>(
    `select i.name, a.analyzer, a.analysis_type, a.severity, a.summary, a.source, a.status
       from config_analysis a join config_items i on i.id = a.config_id order by a.analyzer collate "C"`,
  );
  return rows;
}

const spec = {
  trivy: [
    {
      version: '0.40.0',
      ignoreUnfixed: true,
      severity: ['CRITICAL', 'HIGH'],
      scanners: ['vuln', 'config'],
      timeout: '20m',
      kubernetes: { namespace: 'default' },
    },
  ],
};

describe('trivy spec', () => {
  it('refuses unknown fields by name, also inside kubernetes', () => {
    expect(parseScrapeSpec({ trivy: [{ kubernetes: {}, image: 'nginx' }] })).toMatchObject({
      ok: false,
      field: 'spec.trivy[0].image',
      message: 'is not a known field',
    });
    expect(parseScrapeSpec({ trivy: [{ kubernetes: { cluster: 'x' } }] })).toMatchObject({
      ok: false,
      field: 'spec.trivy[0].kubernetes.cluster',
    });
  });

  it("passes config-db's flags to `trivy k8s`", () => {
    const entry = {
      ...spec.trivy[0],
      kubernetes: { components: ['workload'], namespace: 'default', context: 'kind' },
    };
    expect(trivyArgs(entry)).toEqual([
      'k8s',
      '--format',
      'json',
      '--ignore-unfixed',
      '--severity',
      'CRITICAL,HIGH',
      '--scanners',
      'vuln,config',
      '--timeout',
      '20m',
      '--components',
      'workload',
      '--namespace',
      'default',
      '--context',
      'kind',
      'all',
    ]);
  });
});

describe('a trivy scraper through the real ingest', () => {
  it('files the report as security analysis on the matching items', async () => {
    const binary = await fakeTrivy(`cat "${fixture}"`);
    process.env.TRIVY_BINARY = binary;
    const id = await harness.scraper('trivy', spec);
    const outcome = await harness.run(id);
    expect(outcome).toMatchObject({ status: 'SUCCESS' });
    expect((await fs.readFile(`${binary}.args`, 'utf8')).trim()).toBe(
      'k8s --format json --ignore-unfixed --severity CRITICAL,HIGH --scanners vuln,config --timeout 20m --namespace default all',
    );
    expect(await analysis()).toEqual([
      {
        name: 'web',
        analyzer: 'Root file system is not read-only',
        analysis_type: 'security',
        severity: 'high',
        summary: 'Root file system is not read-only',
        source: 'Trivy',
        status: 'open',
      },
      {
        name: 'web',
        analyzer: 'libexpat1',
        analysis_type: 'security',
        severity: 'high',
        summary: 'libexpat1',
        source: 'Trivy',
        status: 'open',
      },
      {
        name: 'web',
        analyzer: 'openssl',
        analysis_type: 'security',
        severity: 'critical',
        summary: 'openssl',
        source: 'Trivy',
        status: 'open',
      },
    ]);
    const { rows } = await database.db.pool.query<{ analysis: Record<string, unknown> }>(
      `select analysis from config_analysis where analyzer = 'openssl'`,
    );
    expect(Object.keys(rows[0]?.analysis ?? {}).sort()).toEqual([
      'openssl: SSL_select_next_proto buffer overread',
      'openssl: Unbounded memory growth with session handling in TLSv1.3',
    ]);
    // The ClusterRole of the report is not in the catalog: counted, not filed.
    expect(outcome).toMatchObject({ summary: { 'Kubernetes::ClusterRole': { errors: 1 } } });
  });

  it('fails plainly when trivy is not installed', async () => {
    const id = await harness.scraper('trivy-missing', spec);
    process.env.TRIVY_BINARY = path.join(dir, 'no-such-trivy');
    expect(await harness.run(id)).toMatchObject({ status: 'FAILED' });
    expect((await harness.lastJob(id)).details?.errors).toEqual([
      `spec.trivy[0] (trivy): trivy: trivy is not installed (not found at ${path.join(dir, 'no-such-trivy')})`,
    ]);
    delete process.env.TRIVY_BINARY;
    process.env.PATH = dir;
    expect(await harness.run(id)).toMatchObject({ status: 'FAILED' });
    expect((await harness.lastJob(id)).details?.errors).toEqual([
      'spec.trivy[0] (trivy): trivy: trivy is not installed (not found on PATH)',
    ]);
  });

  it.each([
    [
      'a failing trivy',
      'echo "cluster unreachable" >&2; exit 3',
      /failed \(exited 3\): cluster unreachable$/,
    ],
    ['malformed JSON', 'echo "{not json"', /the report is malformed JSON/],
    ['a report of another shape', 'echo "[1, 2]"', /the report is not trivy's JSON/],
    ['a timeout', 'sleep 5', /timed out after 1000ms/],
  ])('fails on %s with a clear error and keeps the analysis', async (_, body, error) => {
    process.env.TRIVY_BINARY = await fakeTrivy(body);
    const before = await analysis();
    const id = await harness.scraper(`trivy-${body}`, { timeout: '1s', ...spec });
    expect(await harness.run(id)).toMatchObject({ status: 'FAILED' });
    expect((await harness.lastJob(id)).details?.errors).toEqual([expect.stringMatching(error)]);
    expect(await analysis()).toEqual(before);
  });
});
