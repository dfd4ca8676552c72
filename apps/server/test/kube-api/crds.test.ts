import { readFile, readdir } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { z } from 'zod';
import { crdKinds } from '../../src/modules/kube-api/cluster-sync/kinds/registry.ts';

const crdDir = path.resolve(import.meta.dirname, '../../../../deploy/crds');

const crdSchema = z.object({
  apiVersion: z.literal('apiextensions.k8s.io/v1'),
  kind: z.literal('CustomResourceDefinition'),
  metadata: z.object({ name: z.string() }),
  spec: z.object({
    group: z.string(),
    names: z.object({ kind: z.string(), plural: z.string(), singular: z.string() }),
    scope: z.literal('Namespaced'),
    versions: z.array(
      z.object({
        name: z.string(),
        served: z.literal(true),
        storage: z.literal(true),
        subresources: z.object({ status: z.object({}) }),
        schema: z.object({
          openAPIV3Schema: z.object({
            properties: z.object({
              spec: z.object({ 'x-kubernetes-preserve-unknown-fields': z.literal(true) }),
              status: z.object({ properties: z.record(z.string(), z.unknown()) }),
            }),
          }),
        }),
      }),
    ),
  }),
});

/** The shipped definitions name exactly the kinds the sync watches, with a status subresource. */
describe('deploy/crds', () => {
  it('defines every synced kind, with the status the sync writes', async () => {
    const files = (await readdir(crdDir)).filter((file) => file !== 'kustomization.yaml');
    const crds = await Promise.all(
      files.map(async (file) =>
        crdSchema.parse(parse(await readFile(path.join(crdDir, file), 'utf8'))),
      ),
    );
    const defined = crds.map((crd) => ({
      name: crd.metadata.name,
      group: crd.spec.group,
      kind: crd.spec.names.kind,
      plural: crd.spec.names.plural,
      versions: crd.spec.versions.map((version) => version.name),
      status: Object.keys(
        crd.spec.versions[0]?.schema.openAPIV3Schema.properties.status.properties ?? {},
      ),
    }));
    const expected = crdKinds.map((kind) => ({
      name: `${kind.plural}.${kind.group}`,
      group: kind.group,
      kind: kind.kind,
      plural: kind.plural,
      versions: [kind.version],
      status: ['observedGeneration', 'lastError', 'conditions'],
    }));
    const byName = (a: { name: string }, b: { name: string }) => a.name.localeCompare(b.name);
    expect(defined.sort(byName)).toEqual(expected.sort(byName));
    const kustomization = z
      .object({ resources: z.array(z.string()) })
      .parse(parse(await readFile(path.join(crdDir, 'kustomization.yaml'), 'utf8')));
    expect(kustomization.resources.sort()).toEqual(files.sort());
  });
});
