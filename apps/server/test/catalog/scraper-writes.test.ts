import { spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { call } from '../health/health-harness.ts';
import { at, kubePath, useKubeApp } from '../kube-api/helpers.ts';

const kube = useKubeApp();
const main = path.join(import.meta.dirname, '../../src/main.ts');
const scrapeConfigsPath = (namespace: string, name?: string) =>
  `${kubePath}/apis/configs.flanksource.com/v1/namespaces/${namespace}/scrapeconfigs${name ? `/${name}` : ''}`;

const fileSpec = {
  schedule: '@every 5m',
  file: [{ type: 'Car', id: '$.reg', paths: ['cars/*.json'] }],
};
const messageOf = (json: unknown) =>
  z.object({ message: z.string() }).catch({ message: '' }).parse(json).message;
const scraperCount = async () =>
  (await kube.query<{ n: number }>('select count(*)::int as n from config_scrapers'))[0]?.n;

let dir = '';
beforeAll(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'vigil-scrapers-'));
});
afterAll(async () => {
  await fs.rm(dir, { recursive: true, force: true });
});

describe('scraper writes through the data API', () => {
  it.each(['editor', 'admin'] as const)(
    'lets an %s create one, its schedule set from the spec',
    async (role) => {
      const answer = await call(kube.app(), 'POST', '/api/db/config_scrapers', role, {
        name: `cars-${role}`,
        spec: fileSpec,
      });
      expect(answer.status).toBe(201);
      const [row] = z
        .array(z.object({ schedule: z.string(), next_runtime: z.string() }))
        .parse(answer.json);
      expect(row?.schedule).toBe('@every 5m');
      expect(Date.parse(row?.next_runtime ?? '')).toBeLessThanOrEqual(Date.now() + 5 * 60_000);
    },
  );

  it.each(['viewer', 'responder', 'commander', 'anonymous'] as const)(
    'refuses a %s',
    async (role) => {
      const before = await scraperCount();
      const answer = await call(kube.app(), 'POST', '/api/db/config_scrapers', role, {
        name: 'nope',
        spec: fileSpec,
      });
      expect([401, 403]).toContain(answer.status);
      expect(await scraperCount()).toBe(before);
    },
  );

  it.each([
    ['a spec that is not an object', 'x', 'spec must be an object'],
    ['no scrapers', { schedule: '@every 1m' }, 'spec declares no scrapers'],
    ['an unknown type key', { files: [] }, 'spec.files is not a known field'],
    [
      'a type not written yet',
      { playwright: [{}] },
      'spec.playwright scraper type playwright is not supported yet',
    ],
    [
      'an unknown entry field',
      { file: [{ type: 'T', id: 'x', path: ['a'] }] },
      'spec.file[0].path is not a known field',
    ],
    [
      'a bad schedule',
      { ...fileSpec, schedule: 'every day' },
      'spec.schedule is not a valid schedule',
    ],
    [
      'a bad retention age',
      { ...fileSpec, retention: { staleItemAge: 'soon' } },
      'spec.retention.staleItemAge must be a duration',
    ],
    [
      'a CEL mapping that does not compile',
      { file: [{ id: 'x', type: 'T', transform: { changes: { mapping: [{ filter: 'a ==' }] } } }] },
      'spec.file[0].transform.changes.mapping[0].filter',
    ],
  ])('refuses %s, naming the field, and writes nothing', async (_what, spec, message) => {
    const before = await scraperCount();
    const answer = await call(kube.app(), 'POST', '/api/db/config_scrapers', 'editor', {
      name: 'bad',
      spec,
    });
    expect(answer.status).toBe(400);
    expect(messageOf(answer.json)).toContain(message);
    expect(await scraperCount()).toBe(before);
  });

  it('serves the JSON schema of ScrapeConfig with the types that run here', async () => {
    const response = await fetch(`${kube.app().baseUrl}/api/schemas/scrape-config.schema.json`);
    expect(response.status).toBe(200);
    const schema: unknown = await response.json();
    expect(at(schema, 'properties', 'apiVersion', 'const')).toBe('configs.flanksource.com/v1');
    expect(at(schema, 'properties', 'spec', 'properties', 'file', 'type')).toBe('array');
  });
});

describe('scrapers through the Kubernetes-style API and vigil apply', () => {
  const manifest = (name: string, spec: unknown) => ({
    apiVersion: 'configs.flanksource.com/v1',
    kind: 'ScrapeConfig',
    metadata: { name, namespace: 'prod' },
    spec,
  });

  it('creates one as kubectl does, through the same validation', async () => {
    const editor = await kube.person(['editor']);
    const created = await kube.request(scrapeConfigsPath('prod'), {
      method: 'POST',
      token: editor.token,
      body: manifest('kube-cars', fileSpec),
    });
    expect(created.status).toBe(201);
    expect(at(created.json, 'kind')).toBe('ScrapeConfig');
    const refused = await kube.request(scrapeConfigsPath('prod'), {
      method: 'POST',
      token: editor.token,
      body: manifest('kube-bad', { file: [{ id: 'x', type: 'T', paths: 'a' }] }),
    });
    expect(refused.status).toBe(400);
    expect(refused.text).toContain('spec.file[0].paths');
    const viewer = await kube.person(['viewer']);
    const forbidden = await kube.request(scrapeConfigsPath('prod'), {
      method: 'POST',
      token: viewer.token,
      body: manifest('kube-viewer', fileSpec),
    });
    expect(forbidden.status).toBe(403);
  });

  it('applies a ScrapeConfig file with vigil apply', async () => {
    const editor = await kube.person(['editor']);
    const file = path.join(dir, 'scrape-config.yaml');
    await fs.writeFile(
      file,
      `apiVersion: configs.flanksource.com/v1\nkind: ScrapeConfig\nmetadata:\n  name: applied\nspec:\n  file:\n    - type: Car\n      id: $.reg\n      paths: [cars.json]\n`,
    );
    const result = await new Promise<{ code: number | null; stdout: string; stderr: string }>(
      (resolve) => {
        const child = spawn(
          process.execPath,
          [
            '--import',
            'tsx',
            main,
            'apply',
            '-f',
            file,
            '--server',
            kube.app().baseUrl,
            '--token',
            editor.token,
          ],
          { env: { ...process.env, VIGIL_TOKEN: '' }, timeout: 60_000 },
        );
        let stdout = '';
        let stderr = '';
        child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString('utf8')));
        child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
        child.on('exit', (code) => resolve({ code, stdout, stderr }));
        child.stdin.end('');
      },
    );
    expect(result.stderr).toBe('');
    expect(result.stdout).toBe('scrapeconfig.configs.flanksource.com/applied created\n');
    const rows = await kube.query<{ namespace: string; schedule: string }>(
      `select namespace, schedule from config_scrapers where name = 'applied' and deleted_at is null`,
    );
    expect(rows).toEqual([{ namespace: 'default', schedule: '@every 1h' }]);
  }, 60_000);
});
