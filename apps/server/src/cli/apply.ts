import { z } from 'zod';
import { kubeApiPrefix } from '../modules/kube-api/kube-api.paths.ts';
import { ConfigError } from '../platform/config.ts';
import {
  createApplyClient,
  isServedKind,
  type ApplyOutcome,
  type Manifest,
} from './apply-client.ts';
import { readDocuments, type SourceDocument } from './apply-documents.ts';
import type { ParsedArgs } from './args.ts';

const optionsSchema = z.object({
  server: z.url({ error: '--server must be a URL such as http://localhost:8080' }).optional(),
  token: z.string().min(1).optional(),
  namespace: z.string().min(1).optional(),
});

const documentSchema = z.looseObject({
  apiVersion: z.string({ error: 'apiVersion is required' }),
  kind: z.string({ error: 'kind is required' }),
  metadata: z.looseObject({
    name: z.string({ error: 'metadata.name is required' }),
    namespace: z.string().optional(),
  }),
});
type Document = z.infer<typeof documentSchema>;

type Client = ReturnType<typeof createApplyClient>;

/**
 * `vigil apply -f …`: creates or updates each resource through a running Vigil's
 * Kubernetes-style API, so the server's validation and write hooks apply as for kubectl.
 * Every document is checked before anything is written, so a typo in a kind writes nothing.
 */
export async function apply(parsed: ParsedArgs): Promise<void> {
  const options = optionsSchema.safeParse(parsed.options);
  if (!options.success) throw new ConfigError(options.error.issues[0]?.message ?? 'bad options');
  if (parsed.files.length === 0) {
    throw new ConfigError('usage: vigil apply -f <file|directory|-> [-f …] [--server <url>]');
  }
  const documents = (await readDocuments(parsed.files, () => process.stdin)).map(checked);
  if (documents.length === 0) throw new ConfigError('no objects passed to apply');
  const client = createApplyClient({
    server: apiBase(options.data.server ?? 'http://localhost:8080'),
    token: options.data.token ?? process.env.VIGIL_TOKEN,
  });
  const manifests = await resolveAll(client, documents, options.data.namespace ?? 'default');
  let failed = 0;
  for (const manifest of manifests) {
    const outcome = await client.apply(manifest);
    report(manifest, outcome);
    if (outcome.result === 'failed') failed += 1;
  }
  if (failed > 0) throw new Error(`${failed} of ${manifests.length} objects were not applied`);
}

function checked(document: SourceDocument): { source: string; value: Document } {
  const parsed = documentSchema.safeParse(document.value);
  if (!parsed.success) {
    const message = parsed.error.issues[0]?.message ?? 'not a resource';
    throw new ConfigError(`${document.source}: ${message}`);
  }
  return { source: document.source, value: parsed.data };
}

async function resolveAll(
  client: Client,
  documents: ReadonlyArray<{ source: string; value: Document }>,
  defaultNamespace: string,
): Promise<Manifest[]> {
  const manifests: Manifest[] = [];
  for (const { source, value } of documents) {
    const kind = await client.resolve(value.apiVersion, value.kind);
    if (!isServedKind(kind)) {
      if (kind.result === 'failed' && kind.reason !== 'NotFound') {
        throw new Error(`the server refused discovery (${kind.reason}): ${kind.message}`);
      }
      throw new ConfigError(
        `${source}: kind ${value.kind} (${value.apiVersion}) is not supported by this server`,
      );
    }
    const namespace = value.metadata.namespace ?? defaultNamespace;
    const object = { ...value, metadata: { ...value.metadata, namespace } };
    manifests.push({ source, kind, namespace, name: value.metadata.name, object });
  }
  return manifests;
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
