import { z } from 'zod';
import type { ConfigHealth } from '../scrape-result.ts';

/** An object's health as duty's `GetResourceHealth` names it, for the common kinds. */
export interface ObjectHealth {
  readonly status: string;
  readonly health: ConfigHealth;
  readonly ready: boolean;
  readonly message: string;
}

const condition = z.object({
  type: z.string(),
  status: z.string(),
  reason: z.string().optional(),
  message: z.string().optional(),
});
const waiting = z.object({ waiting: z.object({ reason: z.string().optional() }).optional() });
const resource = z.object({
  metadata: z
    .object({ generation: z.number().optional(), deletionTimestamp: z.string().optional() })
    .loose(),
  spec: z
    .object({ replicas: z.number().optional(), unschedulable: z.boolean().optional() })
    .loose()
    .optional(),
  status: z
    .object({
      phase: z.string().optional(),
      conditions: z.array(condition).optional(),
      containerStatuses: z
        .array(z.object({ ready: z.boolean().optional(), state: waiting.optional() }))
        .optional(),
      observedGeneration: z.number().optional(),
      readyReplicas: z.number().optional(),
      availableReplicas: z.number().optional(),
      updatedReplicas: z.number().optional(),
      desiredNumberScheduled: z.number().optional(),
      numberReady: z.number().optional(),
      succeeded: z.number().optional(),
      failed: z.number().optional(),
    })
    .loose()
    .optional(),
});
type Status = NonNullable<z.infer<typeof resource>['status']>;

const badWaits = new Set([
  'CrashLoopBackOff',
  'ImagePullBackOff',
  'ErrImagePull',
  'CreateContainerConfigError',
  'InvalidImageName',
]);

export function objectHealth(kind: string, object: unknown): ObjectHealth {
  const parsed = resource.safeParse(object);
  if (!parsed.success) return of('Unknown', 'unknown', false, 'status is not readable');
  const { metadata, spec } = parsed.data;
  const status = parsed.data.status ?? {};
  if (metadata.deletionTimestamp) return of('Terminating', 'warning', false, 'being deleted');
  switch (kind) {
    case 'Pod':
      return podHealth(status);
    case 'Deployment':
    case 'ReplicaSet':
    case 'StatefulSet': {
      const desired = spec?.replicas ?? 1;
      const ready = status.readyReplicas ?? 0;
      if ((status.observedGeneration ?? 0) < (metadata.generation ?? 0))
        return of('Updating', 'unknown', false, 'spec not observed yet');
      return counted(desired, ready);
    }
    case 'DaemonSet':
      return counted(status.desiredNumberScheduled ?? 0, status.numberReady ?? 0);
    case 'Node': {
      const ready = conditionOf(status, 'Ready');
      if (spec?.unschedulable)
        return of('Cordoned', 'warning', ready?.status === 'True', 'unschedulable');
      return ready?.status === 'True'
        ? of('Ready', 'healthy', true, '')
        : of('NotReady', 'unhealthy', false, ready?.message ?? 'not ready');
    }
    case 'Job': {
      if (conditionOf(status, 'Failed')?.status === 'True')
        return of('Failed', 'unhealthy', true, conditionOf(status, 'Failed')?.message ?? '');
      if (conditionOf(status, 'Complete')?.status === 'True')
        return of('Completed', 'healthy', true, '');
      return of('Running', 'unknown', false, '');
    }
    case 'Namespace':
    case 'PersistentVolumeClaim':
    case 'PersistentVolume': {
      const phase = status.phase ?? 'Unknown';
      const good = ['Active', 'Bound', 'Available'].includes(phase);
      return of(
        phase,
        good ? 'healthy' : phase === 'Pending' || phase === 'Terminating' ? 'warning' : 'unhealthy',
        good,
        '',
      );
    }
    default: {
      const ready = conditionOf(status, 'Ready');
      if (ready)
        return ready.status === 'True'
          ? of('Ready', 'healthy', true, '')
          : of(ready.reason ?? 'NotReady', 'unhealthy', false, ready.message ?? '');
      return of(status.phase ?? '', 'unknown', true, '');
    }
  }
}

function podHealth(status: Status): ObjectHealth {
  const phase = status.phase ?? 'Unknown';
  const bad = status.containerStatuses
    ?.map((c) => c.state?.waiting?.reason)
    .find((r) => r !== undefined && badWaits.has(r));
  if (bad) return of(bad, 'unhealthy', false, bad);
  if (phase === 'Succeeded') return of('Completed', 'healthy', true, '');
  if (phase === 'Failed') return of('Failed', 'unhealthy', true, '');
  if (phase === 'Pending') return of('Pending', 'unknown', false, '');
  const ready = conditionOf(status, 'Ready');
  return ready?.status === 'True'
    ? of('Running', 'healthy', true, '')
    : of('NotReady', 'warning', false, ready?.message ?? '');
}

function counted(desired: number, ready: number): ObjectHealth {
  if (desired === 0) return of('Scaled to Zero', 'unknown', true, '');
  if (ready >= desired) return of('Running', 'healthy', true, `${ready}/${desired} ready`);
  if (ready === 0) return of('Unavailable', 'unhealthy', false, `0/${desired} ready`);
  return of('Degraded', 'warning', false, `${ready}/${desired} ready`);
}

function conditionOf(status: Status, type: string) {
  return status.conditions?.find((c) => c.type === type);
}

function of(status: string, health: ConfigHealth, ready: boolean, message: string): ObjectHealth {
  return { status, health, ready, message };
}
