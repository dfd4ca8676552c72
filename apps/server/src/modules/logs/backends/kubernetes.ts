import { CoreV1Api, KubeConfig } from '@kubernetes/client-node';
import type { LogLine } from '@vigil/domain';
import { z } from 'zod';
import { splitLeadingTime } from './file-lines.ts';
import {
  commonBackendFields,
  defineLogBackend,
  LogBackendError,
  newestFirst,
  type LogBackendContext,
} from './log-backend.ts';

const kubernetesConfig = z.strictObject({
  ...commonBackendFields,
  namespace: z.string().min(1),
  /** A connection whose certificate field holds a kubeconfig; the default kubeconfig when unset. */
  connection: z
    .string()
    .regex(/^connection:\/\/[^/]+\/[^/]+$/, 'must look like connection://<namespace>/<name>')
    .optional(),
  container: z.string().optional(),
});

/** Pods read per search, so that a broad label selector cannot fan out without bound. */
const maxPods = 20;

/** `kubernetes`: logs of the pods that the search's labels select, read with timestamps. */
export const kubernetesBackend = defineLogBackend({
  name: 'kubernetes',
  schema: kubernetesConfig,
  async search(ctx, config, search) {
    const api = (await kubeConfigOf(ctx, config.connection)).makeApiClient(CoreV1Api);
    const labelSelector = Object.entries(search.labels)
      .map(([key, value]) => `${key}=${value}`)
      .join(',');
    const pods = await api
      .listNamespacedPod({ namespace: config.namespace, labelSelector, limit: maxPods })
      .catch((error: unknown) => {
        throw new LogBackendError(`kubernetes: pods cannot be listed: ${String(error)}`);
      });
    const sinceSeconds = Math.max(1, Math.ceil((Date.now() - search.start.getTime()) / 1000));
    const needle = search.query.toLowerCase();
    const lines: LogLine[] = [];
    for (const pod of pods.items.slice(0, maxPods)) {
      const name = pod.metadata?.name;
      if (!name) continue;
      const text = await api.readNamespacedPodLog({
        name,
        namespace: config.namespace,
        timestamps: true,
        sinceSeconds,
        tailLines: Math.min(search.limit * 10, 50_000),
        ...(config.container ? { container: config.container } : {}),
      });
      const labels = { namespace: config.namespace, pod: name, ...(pod.metadata?.labels ?? {}) };
      for (const raw of text.split('\n')) {
        const { time, rest } = splitLeadingTime(raw);
        if (time === undefined || time > search.end.getTime() || time < search.start.getTime())
          continue;
        if (needle !== '' && !rest.toLowerCase().includes(needle)) continue;
        lines.push({ timestamp: new Date(time).toISOString(), message: rest, labels });
      }
    }
    return newestFirst(lines, search.limit);
  },
});

async function kubeConfigOf(
  ctx: LogBackendContext,
  connection: string | undefined,
): Promise<KubeConfig> {
  const config = new KubeConfig();
  try {
    if (connection === undefined) config.loadFromDefault();
    else {
      const opened = await ctx.connection(connection);
      if (!opened.certificate)
        throw new LogBackendError(`${connection} holds no kubeconfig (its certificate field)`);
      config.loadFromString(opened.certificate);
    }
  } catch (error) {
    if (error instanceof LogBackendError) throw error;
    throw new LogBackendError(`kubernetes: kubeconfig cannot be read: ${String(error)}`);
  }
  return config;
}
