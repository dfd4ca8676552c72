import { elasticsearchBackend } from './elasticsearch.ts';
import { fileBackend } from './file.ts';
import { journalBackend } from './journal.ts';
import { kubernetesBackend } from './kubernetes.ts';
import type { LogBackendType } from './log-backend.ts';
import { lokiBackend } from './loki.ts';
import { opensearchBackend } from './opensearch.ts';

/** Every kind of logging backend, by its key in `spec.backends[]`. */
const registered: readonly LogBackendType[] = [
  fileBackend,
  lokiBackend,
  opensearchBackend,
  elasticsearchBackend,
  kubernetesBackend,
  journalBackend,
];

export const logBackendTypes: ReadonlyMap<string, LogBackendType> = new Map(
  registered.map((type) => [type.name, type]),
);
