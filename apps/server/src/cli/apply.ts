import { z } from 'zod';
import { kubeApiPrefix } from '../modules/kube-api/kube-api.paths.ts';
import { ConfigError } from '../platform/config.ts';
import {
  createApplyClient,
  isServedKind,
  type ApplyOutcome,
  type Manifest,
} from './apply-client.ts';
import { readDocuments, type SourceDocument } from '../platform/manifests/read-documents.ts';
import type { ParsedArgs } from './args.ts';

const optionsSchema = z.object({
  server: z.url({ error: '--server must be a URL such as http://localhost:8080' }).optional(),
  token: z.string().min(1).optional(),
  namespace: z.string().min(1).optional(),
});

/** What names a document's kind; a document without it is reported and skipped. */
const kindSchema = z.looseObject({ apiVersion: z.string().min(1), kind: z.string().min(1) });

const metadataSchema = z.looseObject({
  metadata: z.looseObject({
    name: z.string({ error: 'metadata.name is required' }).min(1, 'metadata.name is required'),
    namespace: z.string().optional(),
  }),
});

interface Identified {
  readonly source: string;
  readonly apiVersion: string;
  readonly kind: string;
  readonly value: Record<string, unknown>;
}

/** A document this run does not write: of a kind the server does not serve, or no resource. */
interface Skipped {
  readonly source: string;
  readonly what: string;
}

type Client = ReturnType<typeof createApplyClient>;

/**
 * `vigil apply -f …`: creates or updates each resource through a running Vigil's
 * Kubernetes-style API, so the server's validation and write hooks apply as for kubectl.
 * Like kubectl, it applies every document of a kind the server serves and reports the others;
 * only a served document that fails makes it exit non-zero. Bad YAML still writes nothing.
 */
export async function apply(parsed: ParsedArgs): Promise<void> {
  const options = optionsSchema.safeParse(parsed.options);
  if (!options.success) throw new ConfigError(options.error.issues[0]?.message ?? 'bad options');
  if (parsed.files.length === 0) {
    throw new ConfigError('usage: vigil apply -f <file|directory|-> [-f …] [--server <url>]');
  }
  const documents = await readDocuments(parsed.files, () => process.stdin);
  if (documents.length === 0) throw new ConfigError('no objects passed to apply');
  const client = createApplyClient({
    server: apiBase(options.data.server ?? 'http://localhost:8080'),
    token: options.data.token ?? process.env.VIGIL_TOKEN,
  });
  const plan = await resolveAll(client, documents, options.data.namespace ?? 'default');
  for (const skipped of plan.skipped) {
    process.stderr.write(`skipped "${skipped.source}": ${skipped.what}\n`);
  }
  let failed = plan.invalid.length;
  for (const invalid of plan.invalid) process.stderr.write(`${invalid}\n`);
  for (const manifest of plan.manifests) {
    const outcome = await client.apply(manifest);
    report(manifest, outcome);
    if (outcome.result === 'failed') failed += 1;
  }
  const served = plan.manifests.length + plan.invalid.length;
  const skippedNote = plan.skipped.length > 0 ? `; ${plan.skipped.length} skipped` : '';
  if (failed > 0) {
    throw new Error(`${failed} of ${served} objects were not applied${skippedNote}`);
  }
  if (plan.skipped.length > 0) {
    process.stderr.write(`${served} applied, ${plan.skipped.length} skipped\n`);
  }
}

function identified(document: SourceDocument): Identified | Skipped {
  const kind = kindSchema.safeParse(document.value);
  if (!kind.success) {
    return { source: document.source, what: 'a document without apiVersion and kind' };
  }
  const { apiVersion, kind: name, ...rest } = kind.data;
  return {
    source: document.source,
    apiVersion,
    kind: name,
    value: { apiVersion, kind: name, ...rest },
  };
}

interface Plan {
  readonly manifests: Manifest[];
  readonly skipped: Skipped[];
  /** Served documents refused before sending, as error lines. */
  readonly invalid: string[];
}

async function resolveAll(
  client: Client,
  documents: readonly SourceDocument[],
  defaultNamespace: string,
): Promise<Plan> {
  const plan: Plan = { manifests: [], skipped: [], invalid: [] };
  for (const document of documents) {
    const found = identified(document);
    if (!('kind' in found)) {
      plan.skipped.push(found);
      continue;
    }
    const { source, apiVersion, value } = found;
    const kind = await client.resolve(apiVersion, found.kind);
    if (!isServedKind(kind)) {
      if (kind.result === 'failed' && kind.reason !== 'NotFound') {
        throw new Error(`the server refused discovery (${kind.reason}): ${kind.message}`);
      }
      const name = nameOf(value);
      plan.skipped.push({
        source,
        what: `${found.kind}${name ? `/${name}` : ''} (${apiVersion}) is not a kind this server serves`,
      });
      continue;
    }
    const metadata = metadataSchema.safeParse(value);
    if (!metadata.success) {
      const message = metadata.error.issues[0]?.message ?? 'metadata.name is required';
      plan.invalid.push(`error: "${source}" (${kind.singular}.${kind.group}): ${message}`);
      continue;
    }
    const { name, namespace = defaultNamespace } = metadata.data.metadata;
    const object = { ...value, metadata: { ...metadata.data.metadata, namespace } };
    plan.manifests.push({ source, kind, namespace, name, object });
  }
  return plan;
}

function nameOf(value: Record<string, unknown>): string | undefined {
  const parsed = metadataSchema.safeParse(value);
  return parsed.success ? parsed.data.metadata.name : undefined;
}

/** Accepts the console's URL or a kubeconfig's server (which already ends with the API path). */
function apiBase(server: string): string {
  const trimmed = server.replace(/\/+$/, '');
  const suffix = `/api${kubeApiPrefix}`;
  return trimmed.endsWith(suffix) ? trimmed : `${trimmed}${suffix}`;
}

function report(manifest: Manifest, outcome: ApplyOutcome): void {
  const ref = `${manifest.kind.singular}.${manifest.kind.group}/${manifest.name}`;
  if (outcome.result !== 'failed') {
    process.stdout.write(`${ref} ${outcome.result}\n`);
    return;
  }
  process.stderr.write(
    `Error from server (${outcome.reason}): error when applying "${manifest.source}" (${ref}): ${outcome.message}\n`,
  );
}
