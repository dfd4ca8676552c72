import { z } from 'zod';
import type { KubeObject } from './kubernetes-schemas.ts';

/** The parts of rendered objects the deployment tests read (already schema-valid). */

const labels = z.record(z.string(), z.string());
const probe = z.object({
  httpGet: z.object({ path: z.string(), port: z.union([z.string(), z.number()]) }).optional(),
});
const secretKeyRef = z.object({ name: z.string(), key: z.string() });
const container = z.object({
  name: z.string(),
  image: z.string(),
  args: z.array(z.string()).optional(),
  ports: z.array(z.object({ name: z.string().optional(), containerPort: z.number() })).optional(),
  env: z
    .array(
      z.object({
        name: z.string(),
        value: z.string().optional(),
        valueFrom: z.object({ secretKeyRef: secretKeyRef.optional() }).optional(),
      }),
    )
    .optional(),
  envFrom: z
    .array(z.object({ configMapRef: z.object({ name: z.string() }).optional() }))
    .optional(),
  startupProbe: probe.optional(),
  readinessProbe: probe.optional(),
  livenessProbe: probe.optional(),
  securityContext: z
    .object({
      allowPrivilegeEscalation: z.boolean().optional(),
      readOnlyRootFilesystem: z.boolean().optional(),
      capabilities: z.object({ drop: z.array(z.string()).optional() }).optional(),
    })
    .optional(),
  volumeMounts: z.array(z.object({ name: z.string(), mountPath: z.string() })).optional(),
});
export const deploymentShape = z.object({
  metadata: z.object({ name: z.string(), namespace: z.string().optional() }),
  spec: z.object({
    replicas: z.number(),
    strategy: z.object({ type: z.string() }).optional(),
    selector: z.object({ matchLabels: labels }),
    template: z.object({
      metadata: z.object({ labels }),
      spec: z.object({
        serviceAccountName: z.string().optional(),
        securityContext: z.object({
          runAsNonRoot: z.boolean().optional(),
          runAsUser: z.number().optional(),
          runAsGroup: z.number().optional(),
        }),
        containers: z.array(container).min(1),
        volumes: z.array(
          z.object({
            name: z.string(),
            emptyDir: z.object({}).loose().optional(),
            persistentVolumeClaim: z.object({ claimName: z.string() }).optional(),
          }),
        ),
      }),
    }),
  }),
});
export type DeploymentShape = z.infer<typeof deploymentShape>;

export const serviceShape = z.object({
  spec: z.object({
    selector: labels,
    ports: z.array(z.object({ port: z.number(), targetPort: z.union([z.string(), z.number()]) })),
  }),
});

export const pdbShape = z.object({
  spec: z.object({
    maxUnavailable: z.union([z.number(), z.string()]).optional(),
    minAvailable: z.union([z.number(), z.string()]).optional(),
    selector: z.object({ matchLabels: labels }),
  }),
});

export const roleBindingShape = z.object({
  roleRef: z.object({ kind: z.string(), name: z.string() }),
  subjects: z.array(z.object({ kind: z.string(), name: z.string() })),
});

/** The one object of a kind (and name, when given); throws when there is not exactly one. */
export function one(objects: readonly KubeObject[], kind: string, name?: string): KubeObject {
  const found = objects.filter((o) => o.kind === kind && (!name || o.metadata.name === name));
  if (found.length !== 1) throw new Error(`${found.length} ${kind} objects named ${name ?? '*'}`);
  const [object] = found;
  if (!object) throw new Error(`no ${kind}`);
  return object;
}

export function names(objects: readonly KubeObject[], kind: string): string[] {
  return objects.filter((o) => o.kind === kind).map((o) => o.metadata.name);
}

/** True when every label of `selector` is on `podLabels`. */
export function selects(selector: Record<string, string>, podLabels: Record<string, string>) {
  return Object.entries(selector).every(([key, value]) => podLabels[key] === value);
}

export function envSecret(
  container: DeploymentShape['spec']['template']['spec']['containers'][number],
  name: string,
) {
  return container.env?.find((entry) => entry.name === name)?.valueFrom?.secretKeyRef;
}
