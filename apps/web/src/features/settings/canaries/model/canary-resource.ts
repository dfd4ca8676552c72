import { parseDocument, stringify } from 'yaml';
import { z } from 'zod';
import type { CanaryType } from './canary-types.ts';

export const canaryApiVersion = 'canaries.flanksource.com/v1';

export type JsonObject = Record<string, unknown>;

/** canary-checker's Canary resource: what the YAML editor shows and the schema validates. */
export interface CanaryResource {
  apiVersion: string;
  kind: string;
  metadata: { name: string; namespace: string; labels: Record<string, string> } & JsonObject;
  spec: JsonObject;
}

/** The canaries columns the settings forms write. */
export interface CanaryRowInput {
  name: string;
  namespace: string;
  labels: Record<string, string>;
  spec: JsonObject;
}

const jsonObject = z.record(z.string(), z.unknown());

const resourceShape = z
  .object({
    apiVersion: z.string().optional(),
    kind: z.string().optional(),
    metadata: z
      .looseObject({
        name: z.string().optional(),
        namespace: z.string().optional(),
        labels: z.record(z.string(), z.coerce.string()).optional(),
      })
      .optional(),
    spec: jsonObject.optional(),
  })
  .loose();

/** A JSON array's items, or none for anything else. */
export function listOf(value: unknown): unknown[] {
  return Array.isArray(value) ? Array.from<unknown>(value) : [];
}

export function isJsonObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function newCanaryResource(type: CanaryType): CanaryResource {
  const spec: JsonObject = { schedule: '@every 5m' };
  if (type.specKey !== null) spec[type.specKey] = [structuredClone(type.template)];
  return {
    apiVersion: canaryApiVersion,
    kind: 'Canary',
    metadata: { name: '', namespace: 'default', labels: {} },
    spec,
  };
}

export function resourceFromRow(row: CanaryRowInput): CanaryResource {
  return {
    apiVersion: canaryApiVersion,
    kind: 'Canary',
    metadata: { name: row.name, namespace: row.namespace, labels: row.labels },
    spec: row.spec,
  };
}

export function rowFromResource(resource: CanaryResource): CanaryRowInput {
  return {
    name: resource.metadata.name,
    namespace: resource.metadata.namespace,
    labels: resource.metadata.labels,
    spec: resource.spec,
  };
}

/** Empty labels are left out, so the YAML shows only what was set. */
export function resourceToYaml(resource: CanaryResource): string {
  const { labels, ...metadata } = resource.metadata;
  const shown = Object.keys(labels).length > 0 ? { ...metadata, labels } : metadata;
  return stringify({ ...resource, metadata: shown }, { lineWidth: 0 });
}

export type YamlParse =
  { ok: true; resource: CanaryResource } | { ok: false; message: string; line: number | undefined };

/** What an edited YAML that leaves out the name or namespace keeps: fixed ones when editing. */
export interface CanaryIdentity {
  name: string;
  namespace: string;
}

const newIdentity: CanaryIdentity = { name: '', namespace: 'default' };

/**
 * Reads the editor's text; a syntax error or a wrong shape is reported, never guessed around.
 * An empty text (only comments, or null) is an empty object: the resource with an empty spec.
 */
export function parseCanaryYaml(text: string, identity: CanaryIdentity = newIdentity): YamlParse {
  const document = parseDocument(text, { prettyErrors: false });
  const error = document.errors[0];
  if (error !== undefined) {
    const line = text.slice(0, error.pos[0]).split('\n').length;
    return { ok: false, message: error.message, line };
  }
  const content: unknown = document.toJS();
  const value = content === null || content === undefined ? {} : content;
  if (!isJsonObject(value)) {
    return { ok: false, message: 'The YAML must describe a Canary resource', line: undefined };
  }
  const parsed = resourceShape.safeParse(value);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const at = issue?.path.join('.') ?? '';
    return {
      ok: false,
      message: `${at} ${issue?.message ?? 'is invalid'}`.trim(),
      line: undefined,
    };
  }
  const { apiVersion, kind, metadata, spec, ...rest } = parsed.data;
  return {
    ok: true,
    resource: {
      ...rest,
      apiVersion: apiVersion ?? canaryApiVersion,
      kind: kind ?? 'Canary',
      metadata: {
        ...metadata,
        name: metadata?.name ?? identity.name,
        namespace: metadata?.namespace ?? identity.namespace,
        labels: metadata?.labels ?? {},
      },
      spec: spec ?? {},
    },
  };
}

/** The type a saved canary is edited as: its only check's type, when that has a form. */
export function singleCheckKey(spec: JsonObject): string | undefined {
  const lists = Object.entries(spec).filter(([, value]) => Array.isArray(value));
  if (lists.length !== 1) return undefined;
  const [key, list] = lists[0] ?? [];
  return Array.isArray(list) && list.length === 1 ? key : undefined;
}
