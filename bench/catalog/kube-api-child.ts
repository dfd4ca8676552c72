import { z } from 'zod';
import { startFakeKubeCluster } from '../../apps/server/test/catalog/fake-kube-api.ts';
import { namespace, node, pod } from '../../apps/server/test/catalog/kube-fixtures.ts';

/**
 * The fake Kubernetes API server of bench/catalog-kubernetes.bench.ts, in its own process so
 * that the scraper's CPU time is the scraper's alone. Serves N objects, then on request emits
 * MODIFIED pods at a rate, each stamped with the time it was sent.
 */
const objects = Number(process.argv[2] ?? '50000');
const namespaces = Array.from({ length: 100 }, (_, i) => namespace(`ns-${i}`));
const nodes = Array.from({ length: 50 }, (_, i) => node(`node-${i}`));
const podCount = objects - namespaces.length - nodes.length;
const pods = Array.from({ length: podCount }, (_, i) =>
  pod(`ns-${i % 100}`, `pod-${i}`, { node: `node-${i % 50}`, app: `app-${i % 500}` }),
);
const cluster = await startFakeKubeCluster({ namespaces, nodes, pods });

const command = z.object({ rate: z.number(), seconds: z.number() });
process.on('message', (raw) => {
  const { rate, seconds } = command.parse(raw);
  const tickMs = 10;
  const perTick = (rate * tickMs) / 1000;
  let sent = 0;
  const total = rate * seconds;
  const started = performance.now();
  const timer = setInterval(() => {
    // Catch up to the schedule, so a late tick does not lower the rate.
    const due = Math.min(total, Math.floor(((performance.now() - started) / tickMs) * perTick));
    for (; sent < due; sent += 1) {
      const index = (sent * 7919) % podCount;
      const base = pods[index];
      if (!base) continue;
      const changed = {
        ...base,
        metadata: {
          ...base.metadata,
          annotations: { 'bench/sent-at': String(Date.now()), 'bench/n': String(sent) },
        },
      };
      cluster.emit('MODIFIED', 'pods', changed);
    }
    if (sent >= total) {
      clearInterval(timer);
      process.send?.({ done: sent });
    }
  }, tickMs);
});
process.send?.({ url: cluster.url, kubeconfig: cluster.kubeconfig() });
