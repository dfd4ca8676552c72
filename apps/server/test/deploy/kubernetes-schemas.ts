import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { Ajv, type ValidateFunction } from 'ajv';
import { parseAllDocuments } from 'yaml';
import { z } from 'zod';

/** One rendered Kubernetes object. */
export const kubeObject = z
  .object({
    apiVersion: z.string().min(1),
    kind: z.string().min(1),
    metadata: z.object({ name: z.string().min(1), namespace: z.string().optional() }).loose(),
  })
  .loose();
export type KubeObject = z.infer<typeof kubeObject>;

export const kustomizeRoot = path.resolve(import.meta.dirname, '../../../../deploy/kubernetes');

/** `kubectl kustomize <dir>`: the objects it renders, or its error. */
export function kustomize(dir: string): Promise<KubeObject[]> {
  return new Promise((resolve, reject) => {
    execFile(
      'kubectl',
      ['kustomize', dir],
      { timeout: 60_000, maxBuffer: 16 * 1024 * 1024 },
      (error, stdout, stderr) => {
        if (error) return reject(new Error(`kubectl kustomize ${dir}: ${stderr || error.message}`));
        resolve(parseAllDocuments(stdout).map((doc) => kubeObject.parse(doc.toJSON())));
      },
    );
  });
}

/** The kustomize version kubectl embeds (`v5.5.0`), or undefined without kubectl. */
export function kustomizeVersion(): Promise<string | undefined> {
  return new Promise((resolve) => {
    execFile('kubectl', ['version', '--client', '-o', 'json'], (error, stdout) => {
      if (error) return resolve(undefined);
      const parsed = z
        .object({ kustomizeVersion: z.string().optional() })
        .safeParse(JSON.parse(stdout));
      resolve(parsed.success ? parsed.data.kustomizeVersion : undefined);
    });
  });
}

const validatable = z.object({
  validate: z.custom<() => void>((value) => typeof value === 'function'),
});

/**
 * Kubernetes' own kinds, against the OpenAPI schema compiled into kubernetes-models (types,
 * required fields, enums, formats). Undefined when valid, else the first problem.
 */
async function validateBuiltIn(object: KubeObject): Promise<string | undefined> {
  const [group, version] = object.apiVersion.includes('/')
    ? object.apiVersion.split('/')
    : [undefined, object.apiVersion];
  const specifier = ['kubernetes-models', group, version, object.kind].filter(Boolean).join('/');
  let loaded: unknown;
  try {
    loaded = await import(specifier);
  } catch {
    return `no schema for ${object.apiVersion} ${object.kind}`;
  }
  const model = z.record(z.string(), z.unknown()).parse(loaded)[object.kind];
  if (typeof model !== 'function') return `no schema for ${object.apiVersion} ${object.kind}`;
  try {
    const instance: unknown = Reflect.construct(model, [object]);
    // zod's parse returns a copy: the check must run on the model itself.
    validatable.parse(instance).validate.call(instance);
    return undefined;
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
}

const crdSchemaFile = z.object({
  group: z.string(),
  version: z.string(),
  kind: z.string(),
  openAPIV3Schema: z.record(z.string(), z.unknown()),
});

/**
 * A structural CRD schema made strict: the API server prunes unknown fields, so an object
 * with a property its schema does not declare is a typo that would be silently dropped.
 */
function strict(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(strict);
  if (typeof schema !== 'object' || schema === null) return schema;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(schema)) {
    out[key] = key === 'properties' ? mapValues(value, strict) : strict(value);
  }
  if (
    'properties' in out &&
    !('additionalProperties' in out) &&
    out['x-kubernetes-preserve-unknown-fields'] !== true
  ) {
    out.additionalProperties = false;
  }
  return out;
}

function mapValues(value: unknown, map: (v: unknown) => unknown): unknown {
  if (typeof value !== 'object' || value === null) return value;
  return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, map(inner)]));
}

const schemasDir = path.join(import.meta.dirname, 'schemas');

/** Validators of the custom resources whose schemas are kept in ./schemas, by `group/version Kind`. */
function customResourceValidators(): Map<string, ValidateFunction> {
  // The CEL rules (x-kubernetes-validations) are the API server's; only the schema is checked here.
  const ajv = new Ajv({ strict: false, allErrors: false });
  ajv.addFormat('int32', {
    type: 'number',
    validate: (n) => Number.isInteger(n) && n >= -(2 ** 31) && n < 2 ** 31,
  });
  ajv.addFormat('int64', { type: 'number', validate: (n) => Number.isSafeInteger(n) });
  ajv.addFormat('date-time', (text) => !Number.isNaN(Date.parse(text)));
  const validators = new Map<string, ValidateFunction>();
  for (const file of fs.readdirSync(schemasDir).filter((name) => name.endsWith('.json'))) {
    const crd = crdSchemaFile.parse(
      JSON.parse(fs.readFileSync(path.join(schemasDir, file), 'utf8')),
    );
    const schema = z.record(z.string(), z.unknown()).parse(strict(crd.openAPIV3Schema));
    validators.set(`${crd.group}/${crd.version} ${crd.kind}`, ajv.compile(schema));
  }
  return validators;
}

let customResources: Map<string, ValidateFunction> | undefined;

/** Undefined when the object is valid against its kind's schema, else why not. */
export async function validateObject(object: KubeObject): Promise<string | undefined> {
  if (!object.apiVersion.includes('.') || object.apiVersion.includes('.k8s.io/')) {
    return validateBuiltIn(object);
  }
  customResources ??= customResourceValidators();
  const validate = customResources.get(`${object.apiVersion} ${object.kind}`);
  if (!validate) return `no schema for ${object.apiVersion} ${object.kind}`;
  if (validate(object)) return undefined;
  const [first] = validate.errors ?? [];
  return `${first?.instancePath ?? ''} ${first?.message ?? 'invalid'} ${JSON.stringify(first?.params ?? {})}`;
}
