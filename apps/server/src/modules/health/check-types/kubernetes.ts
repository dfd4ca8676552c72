import { z } from 'zod';
import {
  CheckConfigError,
  commonCheckFields,
  defineCheckType,
  envVar,
  failed,
  type CheckRunContext,
} from './check-type.ts';
import type { KubeLister } from './kube-client.ts';
import { lazyModule } from '../../../platform/lazy-module.ts';

const kubeClient = lazyModule(() => import('./kube-client.ts'));
import { resourceHealth, type ResourceHealth } from './kube-health.ts';

const selector = z
  .object({
    name: z.string().min(1).optional(),
    labelSelector: z.string().optional(),
    fieldSelector: z.string().optional(),
  })
  .strict();

const kubernetesCheck = z
  .object({
    ...commonCheckFields,
    kind: z.string().min(1, 'is required'),
    // As canary-checker: picks one group version when several serve the kind (Event).
    apiVersion: z.string().min(1).optional(),
    namespaceSelector: selector.optional(),
    resource: selector.optional(),
    ignore: z.array(z.string().min(1)).optional(),
    ready: z.boolean().optional(),
    healthy: z.boolean().optional(),
    kubeconfig: envVar.optional(),
  })
  .strict();

type KubernetesCheck = z.infer<typeof kubernetesCheck>;
type Found = Record<string, unknown> & { healthStatus: ResourceHealth };

/** Failures listed in the error before the rest are counted. */
const shownFailures = 5;

/**
 * `spec.kubernetes[]`: lists the resources of a kind (in the selected namespaces), rates each
 * one's health, and fails when `ready` or `healthy` is asked for and some are not.
 */
export const kubernetesCheckType = defineCheckType({
  type: 'kubernetes',
  schema: kubernetesCheck,
  endpoint: (check) => [check.kind, check.namespaceSelector?.name].filter(Boolean).join('/'),
  async run(check, ctx) {
    const kube = await kubeClient();
    const config = kube.loadKubeConfig(await kubeconfigOf(check, ctx));
    const lister = new kube.KubeLister(config, ctx.signal);
    let found: Found[];
    try {
      found = await listResources(lister, check);
    } catch (error) {
      if (error instanceof CheckConfigError) throw error;
      return failed(kube.kubeErrorText(error), { results: [] });
    }
    const data = { results: found };
    if (found.length === 0 && check.test === undefined) return failed('no resources found', data);
    const problems = found.flatMap((object) => problemsOf(check, object));
    const message = `${found.length} ${check.kind}`;
    if (problems.length === 0) return { pass: true, message, data };
    const more =
      problems.length > shownFailures ? `; and ${problems.length - shownFailures} more` : '';
    return {
      pass: false,
      message,
      error: problems.slice(0, shownFailures).join('; ') + more,
      data,
    };
  },
});

/** A kubeconfig EnvVar (YAML or a path), else the connection's certificate, else the default. */
export async function kubeconfigOf(
  check: Pick<KubernetesCheck, 'kubeconfig' | 'connection'>,
  ctx: CheckRunContext,
) {
  const own = await ctx.resolveValue(check.kubeconfig);
  if (own !== undefined && own.trim() !== '') return own.trim();
  if (check.connection) {
    const saved = await ctx.connection(check.connection);
    if (!saved.certificate) {
      throw new CheckConfigError(`${check.connection} holds no kubeconfig (its certificate field)`);
    }
    return saved.certificate;
  }
  return undefined;
}

async function listResources(lister: KubeLister, check: KubernetesCheck): Promise<Found[]> {
  const kind = await lister.resolveKind(check.kind, check.apiVersion);
  const namespaces = await namespacesOf(lister, check);
  const wanted = check.resource ?? {};
  const name = wanted.name ? globPattern(wanted.name) : undefined;
  const ignored = (check.ignore ?? []).map(globPattern);
  const found: Found[] = [];
  for (const namespace of namespaces) {
    const items = await lister.list(
      kind,
      check.kind,
      namespace,
      wanted.labelSelector,
      wanted.fieldSelector,
    );
    for (const item of items) {
      const itemName = metadataOf(item).name;
      if (name && !name.test(itemName)) continue;
      if (ignored.some((pattern) => pattern.test(itemName))) continue;
      found.push({ ...item, healthStatus: resourceHealth(check.kind, item) });
    }
  }
  return found;
}

/** One named namespace, the ones a selector picks, or every namespace (undefined). */
async function namespacesOf(lister: KubeLister, check: KubernetesCheck) {
  const spec = check.namespaceSelector ?? {};
  if (spec.name) return [spec.name];
  if (spec.labelSelector || spec.fieldSelector) {
    return lister.namespaces(spec.labelSelector || undefined, spec.fieldSelector || undefined);
  }
  return [undefined];
}

function problemsOf(check: KubernetesCheck, object: Found): string[] {
  const { namespace, name } = metadataOf(object);
  const id = [check.kind, namespace, name].filter(Boolean).join('/');
  const health = object.healthStatus;
  const why = health.message ? `: ${health.message}` : '';
  const problems: string[] = [];
  if (check.healthy && health.health !== 'healthy') {
    problems.push(
      `${id} is not healthy (health: ${health.health}, status: ${health.status})${why}`,
    );
  }
  if (check.ready && !health.ready) {
    problems.push(`${id} is not ready (status: ${health.status})${why}`);
  }
  return problems;
}

const metadata = z.object({
  metadata: z.object({ name: z.string().default(''), namespace: z.string().optional() }),
});

function metadataOf(object: unknown): { name: string; namespace?: string } {
  const parsed = metadata.safeParse(object);
  return parsed.success ? parsed.data.metadata : { name: '' };
}

/** `*` and `?` globs, as canary-checker's ignore list and resource names use them. */
function globPattern(glob: string): RegExp {
  const body = glob
    .replace(/[.+^${}()|[\]\\]/g, '\\$&')
    .replace(/\*/g, '.*')
    .replace(/\?/g, '.');
  return new RegExp(`^${body}$`);
}
