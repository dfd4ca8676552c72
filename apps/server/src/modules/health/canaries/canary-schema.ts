import { z } from 'zod';
import { checkRetriesSpec } from '../engine/check-retries.ts';
import {
  checkTypes,
  pendingCheckTypes,
  removedCheckTypeMessage,
  removedCheckTypes,
} from '../check-types/registry.ts';

/** canary-checker's Canary resource, with the check types that have a runner here. */
export function canaryJsonSchema(): unknown {
  const checks = Object.fromEntries(
    [...checkTypes].map(([key, type]) => [
      key,
      (type.single === true ? type.schema : z.array(type.schema)).optional(),
    ]),
  );
  // Known to canary-checker but without a runner here: listed so editors know the key, and
  // refused by the write hook with 'check type X is not supported yet'.
  const pending = Object.fromEntries(
    [...pendingCheckTypes].map((key) => [
      key,
      z
        .array(z.object({ name: z.string() }).loose())
        .optional()
        .describe(`check type ${key} is not supported yet`),
    ]),
  );
  // Removed by canary-checker itself: listed so that an editor explains the refusal.
  const removed = Object.fromEntries(
    [...removedCheckTypes].map((key) => [
      key,
      z.array(z.unknown()).max(0).optional().describe(removedCheckTypeMessage(key)),
    ]),
  );
  const resource = z.object({
    apiVersion: z.literal('canaries.flanksource.com/v1'),
    kind: z.literal('Canary'),
    // Loose: specs copied from `kubectl get -o yaml` carry uid, resourceVersion and others.
    metadata: z
      .object({
        name: z.string(),
        namespace: z.string().optional(),
        labels: z.record(z.string(), z.string()).optional(),
        annotations: z.record(z.string(), z.string()).optional(),
      })
      .loose(),
    spec: z
      .object({
        schedule: z
          .string()
          .optional()
          .describe('When the checks run: @every 30s, @hourly, or a cron expression (UTC)'),
        interval: z
          .number()
          .int()
          .positive()
          .optional()
          .describe('Legacy: seconds between runs, when there is no schedule'),
        severity: z.string().optional().describe('Default severity of the checks'),
        owner: z.string().optional().describe('Who owns these checks'),
        icon: z.string().optional().describe('Icon of the canary'),
        replicas: z.number().int().nonnegative().optional(),
        resultMode: z.string().optional(),
        retries: checkRetriesSpec
          .optional()
          .describe('Retry failing checks; each check may override these fields'),
        agentSelector: z
          .array(z.string())
          .optional()
          .describe(
            'Agents that run this canary instead of the upstream: names, * wildcards, !exclusions',
          ),
        ...removed,
        ...pending,
        ...checks,
      })
      .strict(),
  });
  return z.toJSONSchema(resource, { unrepresentable: 'any' });
}
