import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { readImagePlan } from './dockerfile.ts';
import {
  deploymentShape,
  envSecret,
  names,
  one,
  pdbShape,
  roleBindingShape,
  selects,
  serviceShape,
  type DeploymentShape,
} from './kube-shapes.ts';
import {
  kustomize,
  kustomizeRoot,
  kustomizeVersion,
  validateObject,
  type KubeObject,
} from './kubernetes-schemas.ts';

// kubectl comes from scripts/lib/system-packages.mjs; a kubectl whose kustomize predates v4
// (Debian's 1.20 has v2) cannot read these kustomizations, and this file says so and stops.
const version = await kustomizeVersion();
const major = Number(/^v?(\d+)/.exec(version ?? '')?.[1] ?? 0);
if (major < 4) {
  process.stdout.write(
    `Skipping deploy/kubernetes rendering: kubectl ${version ? `embeds kustomize ${version}` : 'is missing'}, and v4 or newer is needed.\n`,
  );
}

const kustomizations = ['base', 'agent', 'overlays/managed-postgres', 'overlays/cloudnative-pg'];
const rendered = new Map<string, KubeObject[]>();
const image = readImagePlan();
const imageUid = Number(image.user.split(':')[0]);

function deployment(objects: readonly KubeObject[], name: string): DeploymentShape {
  return deploymentShape.parse(one(objects, 'Deployment', name));
}

function serverOf(dir: string) {
  const objects = rendered.get(dir) ?? [];
  const server = deployment(objects, 'vigil');
  const [container] = server.spec.template.spec.containers;
  if (!container) throw new Error('no container');
  return { objects, server, container };
}

describe.skipIf(major < 4)('deploy/kubernetes', () => {
  beforeAll(async () => {
    for (const dir of kustomizations)
      rendered.set(dir, await kustomize(path.join(kustomizeRoot, dir)));
  });

  it.each(kustomizations)(
    '%s renders, and every object is valid against its schema',
    async (dir) => {
      const objects = rendered.get(dir) ?? [];
      expect(objects.length).toBeGreaterThan(3);
      const problems: string[] = [];
      for (const object of objects) {
        const problem = await validateObject(object);
        if (problem) problems.push(`${object.kind}/${object.metadata.name}: ${problem}`);
      }
      expect(problems).toEqual([]);
    },
  );

  it('the validators refuse what the API server would', async () => {
    const server = one(rendered.get('overlays/managed-postgres') ?? [], 'Deployment', 'vigil');
    const serverSpec = fieldsOf(server.spec);
    expect(await validateObject(server)).toBeUndefined();
    expect(await validateObject({ ...server, spec: { ...serverSpec, replicas: 'two' } })).toMatch(
      /replicas must be integer/,
    );
    const cluster = one(rendered.get('overlays/cloudnative-pg') ?? [], 'Cluster');
    expect(await validateObject(cluster)).toBeUndefined();
    const spec = fieldsOf(cluster.spec);
    expect(await validateObject({ ...cluster, spec: { ...spec, instances: 'three' } })).toMatch(
      /instances.*integer/,
    );
    // A typo would be pruned by the API server without a word: the strict schema refuses it.
    expect(await validateObject({ ...cluster, spec: { ...spec, instance: 3 } })).toMatch(
      /additional properties.*instance/,
    );
    expect(
      await validateObject({
        apiVersion: 'example.com/v1',
        kind: 'Widget',
        metadata: { name: 'w' },
      }),
    ).toBe('no schema for example.com/v1 Widget');
  });

  it.each(['overlays/managed-postgres', 'overlays/cloudnative-pg'])(
    '%s: replicas behind a Service and a disruption budget, in one namespace',
    (dir) => {
      const { objects, server, container } = serverOf(dir);
      expect(new Set(objects.map((o) => o.metadata.namespace))).toEqual(new Set(['vigil']));
      expect(server.spec.replicas).toBeGreaterThanOrEqual(2);
      expect(server.spec.strategy?.type).toBe('RollingUpdate');
      const podLabels = server.spec.template.metadata.labels;
      expect(selects(server.spec.selector.matchLabels, podLabels)).toBe(true);

      const service = serviceShape.parse(one(objects, 'Service', 'vigil'));
      expect(selects(service.spec.selector, podLabels)).toBe(true);
      const portNames = (container.ports ?? []).map((port) => port.name);
      expect(service.spec.ports.map((port) => port.targetPort)).toEqual(['http']);
      expect(portNames).toContain('http');

      const budget = pdbShape.parse(one(objects, 'PodDisruptionBudget', 'vigil'));
      expect(selects(budget.spec.selector.matchLabels, podLabels)).toBe(true);
      expect(budget.spec.maxUnavailable).toBe(1);

      // The generated ConfigMap (hash-suffixed) is the one the pods read.
      const configMaps = (container.envFrom ?? []).map((source) => source.configMapRef?.name);
      for (const name of configMaps) expect(names(objects, 'ConfigMap')).toContain(name);
      expect(configMaps).toHaveLength(1);

      expect(envSecret(container, 'VIGIL_SECRET_KEY')).toEqual({
        name: 'vigil',
        key: 'VIGIL_SECRET_KEY',
      });
      expect(container.image).toBe('registry.example.com/vigil:0.1.0');
      expect(container.args).toEqual(['serve']);
    },
  );

  it('DATABASE_URL: the Secret vigil, or the uri CloudNativePG writes for the cluster', () => {
    const managed = serverOf('overlays/managed-postgres');
    expect(envSecret(managed.container, 'DATABASE_URL')).toEqual({
      name: 'vigil',
      key: 'DATABASE_URL',
    });
    const cnpg = serverOf('overlays/cloudnative-pg');
    const cluster = one(cnpg.objects, 'Cluster');
    expect(envSecret(cnpg.container, 'DATABASE_URL')).toEqual({
      name: `${cluster.metadata.name}-app`,
      key: 'uri',
    });
  });

  it.each([
    ['overlays/managed-postgres', 'vigil'],
    ['overlays/cloudnative-pg', 'vigil'],
    ['agent', 'vigil-agent'],
  ])('%s: %s runs as the image user on a read-only root, probed on /api/health', (dir, name) => {
    const objects = rendered.get(dir) ?? [];
    const pod = deployment(objects, name).spec.template.spec;
    expect(pod.securityContext).toMatchObject({ runAsNonRoot: true, runAsUser: imageUid });
    expect(pod.serviceAccountName && names(objects, 'ServiceAccount')).toContain(
      pod.serviceAccountName,
    );
    const binding = roleBindingShape.parse(one(objects, 'RoleBinding', name));
    expect(names(objects, binding.roleRef.kind)).toContain(binding.roleRef.name);
    expect(binding.subjects).toEqual([{ kind: 'ServiceAccount', name: pod.serviceAccountName }]);

    for (const container of pod.containers) {
      expect(container.securityContext).toEqual({
        allowPrivilegeEscalation: false,
        readOnlyRootFilesystem: true,
        capabilities: { drop: ['ALL'] },
      });
      // Writable only where a volume is mounted: /tmp always, the data dir where used.
      const tmp = container.volumeMounts?.find((mount) => mount.mountPath === '/tmp');
      expect(pod.volumes.find((volume) => volume.name === tmp?.name)?.emptyDir).toBeDefined();
      const port = container.env?.find((entry) => entry.name === 'PORT')?.value;
      expect(image.expose).toContain(port);
      expect(container.ports).toEqual([{ name: 'http', containerPort: Number(port) }]);
      for (const probe of [
        container.startupProbe,
        container.readinessProbe,
        container.livenessProbe,
      ]) {
        expect(probe?.httpGet).toEqual({ path: '/api/health', port: 'http' });
      }
    }
  });

  it('agent: one replica on its own volume, its token from the Secret and never in args', () => {
    const objects = rendered.get('agent') ?? [];
    const agent = deployment(objects, 'vigil-agent');
    expect(agent.spec.replicas).toBe(1);
    expect(agent.spec.strategy?.type).toBe('Recreate');
    const pod = agent.spec.template.spec;
    const [container] = pod.containers;
    if (!container) throw new Error('no container');
    expect(container.args).toEqual(['agent']);
    expect(envSecret(container, 'VIGIL_AGENT_TOKEN')).toEqual({
      name: 'vigil-agent',
      key: 'VIGIL_AGENT_TOKEN',
    });
    expect(envSecret(container, 'VIGIL_AGENT_UPSTREAM')?.name).toBe('vigil-agent');
    expect(envSecret(container, 'VIGIL_AGENT_NAME')?.name).toBe('vigil-agent');
    const dataDir = container.env?.find((entry) => entry.name === 'VIGIL_DATA_DIR')?.value;
    expect(dataDir).toBe(image.env.VIGIL_DATA_DIR);
    const mount = container.volumeMounts?.find((m) => m.mountPath === dataDir);
    const claim = pod.volumes.find((v) => v.name === mount?.name)?.persistentVolumeClaim?.claimName;
    expect(names(objects, 'PersistentVolumeClaim')).toEqual([claim]);
    expect(container.image).toBe('registry.example.com/vigil:0.1.0');
  });
});

/** An object's field as a record, for building variants of it. */
function fieldsOf(value: unknown): Record<string, unknown> {
  if (typeof value !== 'object' || value === null) throw new Error('not an object');
  return Object.fromEntries(Object.entries(value));
}
