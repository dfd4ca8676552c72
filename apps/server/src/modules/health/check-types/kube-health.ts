import { z } from 'zod';

/** A resource's state as canary-checker's `healthStatus` names it. */
export interface ResourceHealth {
  readonly status: string;
  readonly health: 'healthy' | 'unhealthy' | 'warning' | 'unknown';
  readonly ready: boolean;
  readonly message: string;
}

const condition = z.object({
  type: z.string(),
  status: z.string(),
  reason: z.string().optional(),
  message: z.string().optional(),
});

const containerStatus = z.object({
  name: z.string(),
  ready: z.boolean().optional(),
  state: z.object({ waiting: z.object({ reason: z.string().optional() }).optional() }).optional(),
});

const resource = z.object({
  kind: z.string().optional(),
  metadata: z.object({ generation: z.number().optional() }).optional(),
  spec: z.object({ replicas: z.number().optional() }).optional(),
  status: z
    .object({
      phase: z.string().optional(),
      conditions: z.array(condition).optional(),
      containerStatuses: z.array(containerStatus).optional(),
      observedGeneration: z.number().optional(),
      replicas: z.number().optional(),
      readyReplicas: z.number().optional(),
      availableReplicas: z.number().optional(),
      updatedReplicas: z.number().optional(),
      desiredNumberScheduled: z.number().optional(),
      numberReady: z.number().optional(),
    })
    .optional(),
});

type Resource = z.infer<typeof resource>;
type Status = NonNullable<Resource['status']>;

const badWaits = new Set([
  'CrashLoopBackOff',
  'ImagePullBackOff',
  'ErrImagePull',
  'CreateContainerConfigError',
  'InvalidImageName',
]);

/** Pods by their Ready condition, workloads by replica counts, others by a Ready condition or phase. */
export function resourceHealth(kind: string, object: unknown): ResourceHealth {
  const parsed = resource.safeParse(object);
  if (!parsed.success) return unknown('status is not readable');
  const status = parsed.data.status ?? {};
  switch (kind) {
    case 'Pod':
      return podHealth(status);
    case 'Deployment':
    case 'ReplicaSet':
    case 'StatefulSet':
      return replicaHealth(parsed.data, status.availableReplicas ?? status.readyReplicas);
    case 'DaemonSet':
      return countHealth(status.desiredNumberScheduled ?? 0, status.numberReady ?? 0, true);
    case 'Job':
      return jobHealth(status);
    default:
      return genericHealth(status);
  }
}

function podHealth(status: Status): ResourceHealth {
  const phase = status.phase ?? 'Unknown';
  if (phase === 'Succeeded')
    return { status: 'Completed', health: 'healthy', ready: true, message: '' };
  if (phase === 'Failed')
    return { status: 'Failed', health: 'unhealthy', ready: false, message: '' };
  const stuck = (status.containerStatuses ?? []).find((c) =>
    badWaits.has(c.state?.waiting?.reason ?? ''),
  );
  if (stuck) {
    const reason = stuck.state?.waiting?.reason ?? '';
    return {
      status: reason,
      health: 'unhealthy',
      ready: false,
      message: `container ${stuck.name}`,
    };
  }
  const ready = conditionOf(status, 'Ready');
  if (ready?.status === 'True')
    return { status: phase, health: 'healthy', ready: true, message: '' };
  const waiting = (status.containerStatuses ?? [])
    .filter((c) => c.ready !== true)
    .map((c) => c.name);
  const message =
    ready?.message ?? (waiting.length ? `containers not ready: ${waiting.join(', ')}` : '');
  const health = phase === 'Pending' ? 'unknown' : 'unhealthy';
  return { status: phase, health, ready: false, message };
}

function replicaHealth(object: Resource, available: number | undefined): ResourceHealth {
  const status = object.status ?? {};
  const desired = object.spec?.replicas ?? 1;
  const observed =
    status.observedGeneration === undefined ||
    object.metadata?.generation === undefined ||
    status.observedGeneration >= object.metadata.generation;
  const updated = status.updatedReplicas ?? available ?? 0;
  const health = countHealth(desired, available ?? 0, observed && updated >= desired);
  const failing = conditionOf(status, 'Progressing');
  if (failing?.reason === 'ProgressDeadlineExceeded') {
    return { ...health, health: 'unhealthy', message: failing.message ?? failing.reason };
  }
  return health;
}

function countHealth(desired: number, ready: number, settled: boolean): ResourceHealth {
  const status = `${ready}/${desired} ready`;
  if (ready >= desired) return { status, health: 'healthy', ready: settled, message: '' };
  const health = ready === 0 ? 'unhealthy' : 'warning';
  return { status, health, ready: false, message: `${desired - ready} of ${desired} not ready` };
}

function jobHealth(status: Status): ResourceHealth {
  const failed = conditionOf(status, 'Failed');
  if (failed?.status === 'True') {
    return { status: 'Failed', health: 'unhealthy', ready: true, message: failed.message ?? '' };
  }
  if (conditionOf(status, 'Complete')?.status === 'True') {
    return { status: 'Complete', health: 'healthy', ready: true, message: '' };
  }
  return { status: 'Running', health: 'unknown', ready: false, message: '' };
}

const goodPhases = new Set(['Running', 'Active', 'Bound', 'Succeeded', 'Available', 'Ready']);
const badPhases = new Set(['Failed', 'Error', 'Lost', 'Terminating']);

function genericHealth(status: Status): ResourceHealth {
  const ready = conditionOf(status, 'Ready');
  if (ready) {
    const ok = ready.status === 'True';
    const message = ok ? '' : (ready.message ?? ready.reason ?? '');
    return {
      status: ok ? 'Ready' : 'NotReady',
      health: ok ? 'healthy' : 'unhealthy',
      ready: ok,
      message,
    };
  }
  const phase = status.phase;
  if (phase === undefined) return unknown('');
  if (goodPhases.has(phase)) return { status: phase, health: 'healthy', ready: true, message: '' };
  if (badPhases.has(phase)) return { status: phase, health: 'unhealthy', ready: true, message: '' };
  return { status: phase, health: 'unknown', ready: false, message: '' };
}

function conditionOf(status: Status, type: string) {
  return status.conditions?.find((c) => c.type === type);
}

function unknown(message: string): ResourceHealth {
  return { status: '', health: 'unknown', ready: true, message };
}
