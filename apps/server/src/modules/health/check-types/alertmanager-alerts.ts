import { z } from 'zod';

/** One alert of Alertmanager's API v2 (GET /api/v2/alerts), the fields a check uses. */
export const gettableAlert = z.object({
  labels: z.record(z.string(), z.string()),
  annotations: z.record(z.string(), z.string()).default({}),
  fingerprint: z.string(),
  startsAt: z.string(),
  endsAt: z.string().optional(),
  updatedAt: z.string().optional(),
  generatorURL: z.string().optional(),
  receivers: z.array(z.object({ name: z.string() })).default([]),
  status: z.object({
    state: z.string(),
    silencedBy: z.array(z.string()).default([]),
    inhibitedBy: z.array(z.string()).default([]),
  }),
});

export type GettableAlert = z.infer<typeof gettableAlert>;

/** An alert as expressions see it: canary-checker's name, message, labels, fingerprint … */
export interface CheckAlert {
  readonly name: string;
  readonly message: string;
  readonly labels: Readonly<Record<string, string>>;
  readonly annotations: Readonly<Record<string, string>>;
  readonly fingerprint: string;
  readonly startsAt: string;
  readonly endsAt: string | undefined;
  readonly updatedAt: string | undefined;
  readonly generatorURL: string | undefined;
  readonly receivers: readonly string[];
  readonly status: GettableAlert['status'];
}

export function checkAlert(alert: GettableAlert): CheckAlert {
  return {
    name: fullName(alert.labels),
    message: alertMessage(alert.annotations),
    labels: alert.labels,
    annotations: alert.annotations,
    fingerprint: alert.fingerprint,
    startsAt: alert.startsAt,
    endsAt: alert.endsAt,
    updatedAt: alert.updatedAt,
    generatorURL: alert.generatorURL,
    receivers: alert.receivers.map((receiver) => receiver.name),
    status: alert.status,
  };
}

const messageAnnotations = ['message', 'description', 'summary'];
const placeLabels = ['namespace', 'node'];
/** Only the first of these that is set names the workload. */
const workloadLabels = [
  'deployment',
  'daemonset',
  'statefulset',
  'cronjob_name',
  'job_name',
  'pod',
  'nodename',
];

function alertMessage(annotations: Readonly<Record<string, string>>): string {
  for (const key of messageAnnotations) {
    const value = annotations[key];
    if (value !== undefined) return value;
  }
  return '';
}

/**
 * canary-checker's alert name: alertname, then namespace and node, then the workload, then
 * the container unless it repeats the job; so that one alert per workload gets its own check.
 */
export function fullName(labels: Readonly<Record<string, string>>): string {
  const parts = [labels.alertname ?? ''];
  for (const key of placeLabels) {
    if (labels[key]) parts.push(labels[key]);
  }
  const workload = workloadLabels.find((key) => labels[key]);
  if (workload) parts.push(labels[workload] ?? '');
  if (labels.container && labels.container !== labels.job) parts.push(labels.container);
  return parts.join('/');
}
