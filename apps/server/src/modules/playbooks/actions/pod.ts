import { CoreV1Api, KubeConfig, type V1Pod } from '@kubernetes/client-node';
import { z } from 'zod';
import { ActionFailed, defineActionType, mask, type ActionContext } from './action-type.ts';

const labelPrefix = 'playbooks.mission-control.flanksource.com';
/** Upstream's default: the last 3000 characters of the logs. */
const defaultMaxLength = 3000;
const pollMs = 250;
const dns1123 = /^[a-z0-9]([-a-z0-9]*[a-z0-9])?$/;

const podSchema = z.strictObject({
  name: z
    .string()
    .refine((name) => /\{\{|\$\(/.test(name) || dns1123.test(name), 'must be a DNS-1123 label'),
  /** Characters of the log kept, from its end; a template until rendered. */
  maxLength: z.union([z.number().int().min(0), z.string()]).optional(),
  /** The pod's spec, as Kubernetes takes it; restartPolicy is always Never. */
  spec: z.record(z.string(), z.unknown()),
  artifacts: z.array(z.strictObject({ path: z.string().min(1) })).optional(),
  /** Vigil: a connection whose certificate holds a kubeconfig; the default kubeconfig if unset. */
  connection: z.string().optional(),
  /** Vigil: the pod's namespace; the playbook's own namespace if unset (as upstream). */
  namespace: z.string().optional(),
});
type PodConfig = z.infer<typeof podSchema>;

async function kubeConfigOf(context: ActionContext, connection: string | undefined) {
  const config = new KubeConfig();
  try {
    if (connection === undefined) config.loadFromDefault();
    else {
      const opened = await context.connections(connection, {
        approved: context.connectionsApproved,
      });
      if (!opened.certificate) throw new Error(`${connection} holds no kubeconfig`);
      config.loadFromString(opened.certificate);
    }
  } catch (error) {
    throw new ActionFailed(`pod: kubeconfig cannot be read: ${String(error)}`);
  }
  return config;
}

function podOf(config: PodConfig, context: ActionContext, namespace: string): V1Pod {
  return {
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: {
      name: `${config.name}-${context.runId}`,
      namespace,
      labels: {
        [`${labelPrefix}/pod-action`]: 'true',
        [`${labelPrefix}/action`]: `pod-action-${config.name}-${namespace}`,
        [`${labelPrefix}/playbookRunID`]: context.runId,
        [`${labelPrefix}/playbookID`]: context.playbookId,
      },
    },
    spec: { containers: [], ...config.spec, restartPolicy: 'Never' },
  };
}

const sleep = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => (clearTimeout(timer), resolve()), { once: true });
  });

/**
 * pod: creates a pod from the spec, waits until it has finished (within the action's timeout),
 * keeps the first container's logs as the output, and deletes the pod whatever happened.
 */
export const podAction = defineActionType<PodConfig>({
  kind: 'pod',
  schema: podSchema,
  async run(config, context) {
    const api = (await kubeConfigOf(context, config.connection)).makeApiClient(CoreV1Api);
    if (!dns1123.test(config.name)) throw new ActionFailed('pod: name must be a DNS-1123 label');
    const namespace = config.namespace || context.namespace || 'default';
    const body = podOf(config, context, namespace);
    const name = body.metadata?.name ?? config.name;
    const container = body.spec?.containers[0]?.name;
    if (!container) throw new ActionFailed('pod: spec.containers must name a container');
    await api.createNamespacedPod({ namespace, body }).catch((error: unknown) => {
      throw new ActionFailed(`pod: ${name} cannot be created: ${String(error)}`);
    });
    context.output(`created pod ${namespace}/${name}\n`);
    try {
      let phase = 'Pending';
      while (phase !== 'Succeeded' && phase !== 'Failed') {
        if (context.signal.aborted) throw new ActionFailed(`pod: ${name} did not finish`);
        const pod = await api.readNamespacedPod({ name, namespace });
        phase = pod.status?.phase ?? 'Pending';
        if (phase !== 'Succeeded' && phase !== 'Failed') await sleep(pollMs, context.signal);
      }
      const text = await api.readNamespacedPodLog({ name, namespace, container });
      const limit = Number(config.maxLength ?? defaultMaxLength);
      const logs = mask(limit > 0 ? text.slice(-limit) : text, context.secrets);
      context.output(logs);
      if (phase === 'Failed') throw new ActionFailed(`pod: ${name} failed`, { logs, phase });
      return { logs, phase };
    } finally {
      // Upstream deletes the pod once done; a stopped action must not leave it behind either.
      await api
        .deleteNamespacedPod({ name, namespace, gracePeriodSeconds: 0 })
        .catch((error: unknown) =>
          context.log.warn({ pod: name, namespace, error: String(error) }, 'pod not deleted'),
        );
    }
  },
});
