import { readFile } from 'node:fs/promises';
import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { z } from 'zod';
import type { TestApp } from '../app.ts';
import { call, createdId, startTestApp } from './health-harness.ts';

/** canary-checker's only fixture with `relationships`, run against a local Alertmanager. */
let app: TestApp;

beforeAll(async () => {
  app = await startTestApp();
});

afterAll(async () => {
  await app.close();
});

const sql = async (text: string, values: unknown[] = []) =>
  (await app.database.db.pool.query<Record<string, unknown>>(text, values)).rows;

async function insertConfig(name: string, type: string, tags: object): Promise<string> {
  const [row] = await sql(
    `insert into config_items (name, type, tags) values ($1, $2, $3) returning id`,
    [name, type, JSON.stringify(tags)],
  );
  return String(row?.id);
}

async function run(checkId: string): Promise<void> {
  const answer = await call(app, 'POST', `/api/canary/run/check/${checkId}`, 'editor');
  expect(answer.status).toBe(200);
}

describe('relationships: datasources/alertmanager_mix.yaml', () => {
  it("runs canary-checker's alertmanager_mix fixture: each alert's check links to its pod", async () => {
    const alert = (pod: string, fingerprint: string) => ({
      labels: { alertname: 'KubePodCrashLooping', namespace: 'shop', pod },
      annotations: { message: `${pod} restarts` },
      fingerprint,
      startsAt: '2026-11-27T00:00:00Z',
      status: { state: 'active' },
    });
    const server = http.createServer((_request, response) => {
      response.setHeader('content-type', 'application/json');
      response.end(JSON.stringify([alert('web-1', 'f1'), alert('web-2', 'f2')]));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const address = server.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    try {
      const web1 = await insertConfig('web-1', 'Kubernetes::Pod', { namespace: 'shop' });
      await insertConfig('web-1', 'Kubernetes::Pod', { namespace: 'other' });
      const [pod] = await sql(
        `insert into components (name, namespace, type) values ('web-2', 'shop', 'KubernetesPod')
         returning id`,
      );
      const fixture = z
        .object({ spec: z.object({ alertmanager: z.array(z.record(z.string(), z.unknown())) }) })
        .parse(
          parse(
            await readFile(
              new URL(
                '../conformance/canary-checker/fixtures/datasources/alertmanager_mix.yaml',
                import.meta.url,
              ),
              'utf8',
            ),
          ),
        );
      const check = { ...fixture.spec.alertmanager[0], url: `http://127.0.0.1:${port}` };
      const created = await call(app, 'POST', '/api/db/canaries', 'editor', {
        name: 'alertmanager-mix',
        spec: { schedule: '@every 24h', alertmanager: [check] },
      });
      expect(created.status).toBe(201);
      const [declared] = await sql(`select id from checks where canary_id = $1`, [
        createdId(created),
      ]);
      await run(String(declared?.id));
      const rows = await sql(
        `select k.name, r.config_id, null as component_id from checks k
           join check_config_relationships r on r.check_id = k.id
          where k.canary_id = $1
         union all
         select k.name, null, r.component_id from checks k
           join check_component_relationships r on r.check_id = k.id
          where k.canary_id = $1
         order by 1`,
        [createdId(created)],
      );
      expect(rows).toEqual([
        { name: expect.stringMatching(/web-1.*f1$/), config_id: web1, component_id: null },
        { name: expect.stringMatching(/web-2.*f2$/), config_id: null, component_id: pod?.id },
      ]);
    } finally {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
