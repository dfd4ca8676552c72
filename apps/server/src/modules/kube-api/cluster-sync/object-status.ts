import { z } from 'zod';
import type { ClusterObject } from './kinds/crd-kind.ts';

/** What reconciling one generation of an object came to. */
export interface Outcome {
  readonly ready: boolean;
  /** `Reconciled`, or why not: `Invalid`, `Conflict`, `Forbidden`, `Failed`. */
  readonly reason: string;
  readonly message: string;
}

const conditionSchema = z.looseObject({
  type: z.string(),
  status: z.string(),
  reason: z.string().optional(),
  message: z.string().optional(),
  lastTransitionTime: z.string().optional(),
  observedGeneration: z.number().optional(),
});
const statusSchema = z.looseObject({
  observedGeneration: z.number().optional(),
  lastError: z.string().nullish(),
  conditions: z.array(conditionSchema).optional(),
});

export interface ObjectStatus {
  readonly observedGeneration: number;
  readonly lastError: string | null;
  readonly conditions: ReadonlyArray<z.infer<typeof conditionSchema>>;
}

function readyOf(status: unknown) {
  const parsed = statusSchema.safeParse(status);
  if (!parsed.success) return undefined;
  const ready = parsed.data.conditions?.find((condition) => condition.type === 'Ready');
  return { status: parsed.data, ready };
}

/** The object's status after an outcome, in the shape of Kubernetes' metav1.Condition. */
export function statusFor(object: ClusterObject, outcome: Outcome, now: Date): ObjectStatus {
  const generation = object.metadata.generation ?? 0;
  const before = readyOf(object.status)?.ready;
  const status = outcome.ready ? 'True' : 'False';
  return {
    observedGeneration: generation,
    lastError: outcome.ready ? null : outcome.message,
    conditions: [
      {
        type: 'Ready',
        status,
        reason: outcome.reason,
        message: outcome.message,
        observedGeneration: generation,
        // Kept while the condition holds, as conditions do: it says since when.
        lastTransitionTime:
          before?.status === status && before.lastTransitionTime
            ? before.lastTransitionTime
            : now.toISOString().replace(/\.\d+Z$/, 'Z'),
      },
    ],
  };
}

/** Whether the object already shows this status, so that writing it again would change nothing. */
export function showsStatus(object: ClusterObject, next: ObjectStatus): boolean {
  const current = readyOf(object.status);
  const want = next.conditions[0];
  if (!current?.ready || !want) return false;
  return (
    current.status.observedGeneration === next.observedGeneration &&
    (current.status.lastError ?? null) === next.lastError &&
    current.ready.status === want.status &&
    current.ready.reason === want.reason &&
    current.ready.message === want.message &&
    current.ready.observedGeneration === want.observedGeneration
  );
}

/** Reconciled at its current generation and ready: nothing to do while its row exists. */
export function isReconciled(object: ClusterObject): boolean {
  const current = readyOf(object.status);
  return (
    current?.ready?.status === 'True' &&
    current.status.observedGeneration === (object.metadata.generation ?? 0)
  );
}
