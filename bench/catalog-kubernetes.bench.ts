import { fork } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { pino } from 'pino';
import { z } from 'zod';
import { ingestScrapeResult } from '../apps/server/src/modules/catalog/ingest/ingest.ts';
import { kubeHttpFrom } from '../apps/server/src/modules/catalog/scrapers/kubernetes/kube-http.ts';
import { KubernetesWatch } from '../apps/server/src/modules/catalog/scrapers/kubernetes/kube-watch.ts';
import { kubernetesEntry } from '../apps/server/src/modules/catalog/scrapers/kubernetes/kubernetes-entry.ts';
import type { ScrapeResult } from '../apps/server/src/modules/catalog/scrapers/scrape-result.ts';
import { createDatabase } from '../apps/server/src/platform/db.ts';
import { createBenchDatabase } from './database.ts';

/**
 * Kubernetes scraper (issue 22): N objects listed page by page from a fake API server (its own
 * process), ingested into a real PostgreSQL, then a watch delivering `rate` changed pods per
 * second. Goals: the catalog is current within 2 s (p99, sent → committed) and the scraper
 * process (scraper + ingest) stays under 0.5 core during the watch.
 */
const { values } = parseArgs({
  options: {
    objects: { type: 'string', default: '50000' },
    rate: { type: 'string', default: '500' },
    seconds: { type: 'string', default: '30' },
    out: { type: 'string' },
    /** `none` skips the ingest: the scraper's own lag and CPU, without PostgreSQL. */
    ingest: { type: 'string', default: 'postgres' },
  },
});
const objects = Number(values.objects);
const rate = Number(values.rate);
const seconds = Number(values.seconds);
const goal = { p99LagMs: 2000, cores: 0.5 };

const child = fork(new URL('./catalog/kube-api-child.ts', import.meta.url), [String(objects)], {
  execArgv: ['--import', 'tsx'],
});
const ready = z.object({ url: z.string(), kubeconfig: z.string() });
const done = z.object({ done: z.number() });
const { kubeconfig } = ready.parse(await new Promise((resolve) => child.once('message', resolve)));

const database = await createBenchDatabase(pino({ level: 'warn' }));
const db = createDatabase(database.url, 4);
const annotations = z.object({
  metadata: z.object({ annotations: z.record(z.string(), z.string()).optional() }).loose(),
});
try {
  const row = (
    await db.pool.query<{ id: string; agent_id: string }>(
      `insert into config_scrapers (name, spec) values ('bench-kube', '{}') returning id, agent_id`,
    )
  ).rows[0];
  if (!row) throw new Error('no scraper row');
  const target = { id: row.id, agentId: row.agent_id };
  const lags: number[] = [];
  let watchedItems = 0;
  let listMs = 0;
  let listItems = 0;
  const started = performance.now();
  const sink = async (result: ScrapeResult) => {
    if (values.ingest !== 'none') await ingestScrapeResult(db, target, result, { full: false });
    const committed = Date.now();
    if (listMs === 0) {
      listMs = performance.now() - started;
      listItems = result.items.length;
      return;
    }
    for (const item of result.items) {
      const sent = annotations.safeParse(item.config).data?.metadata.annotations?.['bench/sent-at'];
      if (sent !== undefined) lags.push(committed - Number(sent));
    }
    watchedItems += result.items.length;
  };
  const entry = kubernetesEntry.parse({
    watch: [
      { apiVersion: 'v1', kind: 'Namespace' },
      { apiVersion: 'v1', kind: 'Node' },
      { apiVersion: 'v1', kind: 'Pod' },
    ],
  });
  const watch = new KubernetesWatch({
    http: await kubeHttpFrom(kubeconfig),
    entry,
    sink,
    onError: (error) => console.error(error),
  });
  await watch.start();
  await new Promise((resolve) => setTimeout(resolve, 500));
  const cpuBefore = process.cpuUsage();
  const wallBefore = performance.now();
  child.send({ rate, seconds });
  const sent = done.parse(await new Promise((resolve) => child.once('message', resolve))).done;
  // The last batch: flushed within flushMs, then ingested.
  const deadline = Date.now() + 10_000;
  while (lags.length < sent && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
  const cpu = process.cpuUsage(cpuBefore);
  const wallMs = performance.now() - wallBefore;
  await watch.stop();

  lags.sort((a, b) => a - b);
  const pct = (p: number) =>
    lags[Math.min(lags.length - 1, Math.floor((p / 100) * lags.length))] ?? Number.NaN;
  const cores = (cpu.user + cpu.system) / 1000 / wallMs;
  const report = {
    objects,
    rate,
    ingest: values.ingest === 'none' ? 'none' : database.source,
    seconds,
    list: {
      items: listItems,
      ms: Math.round(listMs),
      itemsPerSecond: Math.round(listItems / (listMs / 1000)),
    },
    watch: {
      sent,
      received: lags.length,
      ingestedItems: watchedItems,
      lagMs: { p50: pct(50), p95: pct(95), p99: pct(99), max: lags.at(-1) },
      cores: Number(cores.toFixed(3)),
    },
    goal,
    met: { lag: pct(99) <= goal.p99LagMs && lags.length >= sent, cpu: cores < goal.cores },
  };
  console.log(JSON.stringify(report, null, 2));
  if (values.out) writeFileSync(values.out, `${JSON.stringify(report, null, 2)}\n`);
} finally {
  child.kill();
  await db.close();
  await database.drop();
}
