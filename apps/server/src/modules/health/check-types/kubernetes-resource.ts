import { setTimeout as sleep } from 'node:timers/promises';
import { z } from 'zod';
import { lazyModule } from '../../../platform/lazy-module.ts';
import { evaluateCel, ExpressionError } from '../expressions/cel.ts';
import {
  CheckConfigError,
  commonCheckFields,
  defineCheckType,
  envVar,
  errorText,
  failed,
  type CheckOutcome,
  type CheckRunContext,
} from './check-type.ts';
import { parseDuration } from '../../../platform/durations.ts';
import { resourceHealth, type ResourceHealth } from './kube-health.ts';
import { kubeObject, objectId, type KubeObject, type KubeObjects } from './kube-objects.ts';
import { kubeconfigOf } from './kubernetes.ts';
import { nestedChecks, runNestedChecks } from './kubernetes-resource-checks.ts';
import { checkRetriesSpec } from '../engine/check-retries.ts';

const kube = lazyModule(async () => ({
  ...(await import('./kube-client.ts')),
  ...(await import('./kube-objects.ts')),
}));

/** canary-checker's limit on static and non-static resources together. */
const maxResources = 10;
const defaultWaitExpr = 'dyn(resources).all(r, k8s.isReady(r))';
const defaultWaitTimeoutMs = 10 * 60_000;
const defaultWaitIntervalMs = 5_000;
const cleanupMs = 30_000;

const duration = z
  .string()
  .refine((text) => parseDuration(text) !== undefined, 'must be a duration such as 5s or 10m');

const kubernetesResourceCheck = z
  .object({
    ...commonCheckFields,
    resources: z.array(kubeObject).default([]).describe('Created and deleted on every run'),
    staticResources: z
      .array(kubeObject)
      .optional()
      .describe('Created (or updated) on every run and kept'),
    checks: nestedChecks
      .optional()
      .describe('Canary specs whose checks run once the resources are ready'),
    checkRetries: checkRetriesSpec.optional().describe('Deprecated by canary-checker; use retries'),
    clearResources: z.boolean().optional().describe('Delete the resources before creating them'),
    kubeconfig: envVar.optional(),
    waitFor: z
      .object({
        expr: z.string().optional().describe(`CEL over resources; default ${defaultWaitExpr}`),
        disable: z.boolean().optional(),
        delete: z.boolean().optional().describe('Wait until deleted resources are gone'),
        timeout: duration.optional().describe('Default 10m'),
        interval: duration.optional().describe('Default 5s'),
      })
      .strict()
      .optional(),
  })
  .strict()
  .refine((check) => check.resources.length + (check.staticResources ?? []).length > 0, {
    path: ['resources'],
    message: 'needs at least one resource',
  })
  .refine(
    (check) => check.resources.length + (check.staticResources ?? []).length <= maxResources,
    {
      path: ['resources'],
      message: `too many resources; canary-checker supports ${maxResources} with staticResources`,
    },
  );

type KubernetesResourceCheck = z.infer<typeof kubernetesResourceCheck>;

/**
 * `spec.kubernetesResource[]`: applies the static resources and the resources, waits until
 * `waitFor.expr` holds over them, then deletes the (non-static) resources, as canary-checker.
 */
export const kubernetesResourceCheckType = defineCheckType({
  type: 'kubernetesResource',
  schema: kubernetesResourceCheck,
  endpoint: (check) => check.resources.map(objectId).join(', ') || undefined,
  async run(check, ctx) {
    const client = await kube();
    const config = client.loadKubeConfig(await kubeconfigOf(check, ctx));
    const objects = new client.KubeObjects(config, ctx.signal);
    const named = async (list: KubeObject[]) =>
      Promise.all(list.map((object) => objects.withNamespace(object, ctx.namespace)));
    let statics: KubeObject[];
    let resources: KubeObject[];
    try {
      statics = await named(check.staticResources ?? []);
      resources = await named(check.resources);
    } catch (error) {
      if (error instanceof CheckConfigError) throw error;
      return failed(`failed to get api resources: ${client.kubeErrorText(error)}`);
    }
    const fail = (what: string, error: unknown) =>
      failed(`${what}: ${client.kubeErrorText(error)}`, { display: {} });
    for (const object of statics) {
      try {
        await objects.apply(object);
      } catch (error) {
        return fail(`failed to apply static resource ${object.metadata.name}`, error);
      }
    }
    if (check.clearResources) {
      const cleared = await deleteAll(objects, resources, check);
      if (cleared) return fail('failed to delete resources on startup', cleared);
    }
    const outcome = await createAndWait(objects, check, statics, resources, ctx, fail);
    // Its own time limit: a run that timed out still removes what it created.
    const cleanup = new client.KubeObjects(config, AbortSignal.timeout(cleanupMs));
    const leftover = await deleteAll(cleanup, resources, check);
    if (!leftover) return outcome;
    const deleteError = fail('failed to delete resources', leftover).error;
    if (outcome.pass) return { ...outcome, pass: false, error: deleteError };
    return { ...outcome, error: `${outcome.error ?? ''}; ${deleteError ?? ''}` };
  },
});

async function createAndWait(
  objects: KubeObjects,
  check: KubernetesResourceCheck,
  statics: KubeObject[],
  resources: KubeObject[],
  ctx: CheckRunContext,
  fail: (what: string, error: unknown) => CheckOutcome,
): Promise<CheckOutcome> {
  for (const object of resources) {
    try {
      await objects.apply(object);
    } catch (error) {
      const { kind, metadata } = object;
      return fail(
        `failed to apply resource (${kind}/${metadata.namespace}/${metadata.name})`,
        error,
      );
    }
  }
  if (check.waitFor?.disable) {
    const nested = await runNestedChecks(
      check.checks ?? [],
      check.retries ?? check.checkRetries,
      ctx,
    );
    const data = { resources: {}, health: {}, display: nested.display };
    return nested.error ? failed(nested.error, data) : { pass: true, data };
  }
  try {
    const found = await waitFor(objects, check, [...statics, ...resources], ctx);
    const nested = await runNestedChecks(
      check.checks ?? [],
      check.retries ?? check.checkRetries,
      ctx,
    );
    const data = { ...found, display: nested.display };
    return nested.error ? failed(nested.error, data) : { pass: true, data };
  } catch (error) {
    if (error instanceof CheckConfigError) throw error;
    return fail('error in evaluating wait for', error);
  }
}

interface Waited {
  readonly resources: Record<string, unknown>;
  readonly health: Record<string, ResourceHealth>;
}

/** Reads the resources every interval until the expression holds or waitFor.timeout passes. */
async function waitFor(
  objects: KubeObjects,
  check: KubernetesResourceCheck,
  wanted: KubeObject[],
  ctx: CheckRunContext,
): Promise<Waited> {
  const spec = check.waitFor ?? {};
  const timeoutMs = spec.timeout ? (parseDuration(spec.timeout) ?? 0) : defaultWaitTimeoutMs;
  const intervalMs = spec.interval ? (parseDuration(spec.interval) ?? 0) : defaultWaitIntervalMs;
  const expr = spec.expr || defaultWaitExpr;
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found: Array<Record<string, unknown>> = [];
    const waited: Waited = { resources: {}, health: {} };
    const reasons: string[] = [];
    for (const object of wanted) {
      const current = await objects.read(object);
      if (!current) {
        reasons.push(`${objectId(object)}: not found`);
        continue;
      }
      found.push(current);
      const health = resourceHealth(object.kind, current);
      waited.resources[objectId(object)] = current;
      waited.health[objectId(object)] = health;
      if (health.health === 'unhealthy') {
        reasons.push(`${objectId(object)}: ${health.status} ${health.message}`.trim());
      } else if (!health.ready) reasons.push(`${objectId(object)}: not ready`);
    }
    if (found.length === wanted.length && holds(expr, found, ctx)) return waited;
    if (Date.now() + intervalMs > deadline)
      throw new Error(reasons.join(', ') || `${expr} is false`);
    await sleep(intervalMs, undefined, { signal: ctx.signal });
  }
}

function holds(expr: string, resources: unknown[], ctx: CheckRunContext): boolean {
  let result: unknown;
  try {
    result = evaluateCel(expr, { resources }, ctx.timeoutMs);
  } catch (error) {
    if (error instanceof ExpressionError) {
      throw new Error(`wait for expression evaluation: ${error.message}`, { cause: error });
    }
    throw error;
  }
  if (typeof result !== 'boolean') {
    throw new Error(`wait for expression (${JSON.stringify(expr)}) didn't evaluate to a boolean`);
  }
  return result;
}

/** Deletes each resource (and waits until gone when waitFor.delete); the first error, if any. */
async function deleteAll(
  objects: KubeObjects,
  resources: KubeObject[],
  check: KubernetesResourceCheck,
): Promise<unknown> {
  const foreground = check.waitFor?.delete === true;
  try {
    for (const object of resources) await objects.delete(object, foreground);
    if (!foreground) return undefined;
    for (const object of resources) {
      while (await objects.read(object)) await sleep(200);
    }
  } catch (error) {
    return error instanceof Error ? error : new Error(errorText(error));
  }
  return undefined;
}
