import { z } from 'zod';
import type { PreparedBackend } from './backends/log-backend.ts';
import { logBackendTypes } from './backends/registry.ts';

export type ParsedSpec =
  | { readonly ok: true; readonly backends: readonly PreparedBackend[] }
  | { readonly ok: false; readonly message: string };

const specShape = z.strictObject({ backends: z.array(z.record(z.string(), z.unknown())).min(1) });

/**
 * `spec: {backends: [{<kind>: {routes, labels, …}}]}`, as apm-hub's LoggingBackend: each entry
 * names exactly one registered kind. A refusal names the field (`spec.backends[0].loki.url …`).
 */
export function parseLoggingBackendSpec(spec: unknown): ParsedSpec {
  const shape = specShape.safeParse(spec);
  if (!shape.success) return { ok: false, message: `spec${issueText(shape.error)}` };
  const backends: PreparedBackend[] = [];
  for (const [index, entry] of shape.data.backends.entries()) {
    const at = `spec.backends[${index}]`;
    const keys = Object.keys(entry);
    const [kind] = keys;
    if (kind === undefined || keys.length !== 1) {
      return { ok: false, message: `${at}: must name exactly one backend kind (${kinds()})` };
    }
    const type = logBackendTypes.get(kind);
    if (!type) return { ok: false, message: `${at}.${kind}: is not a backend kind (${kinds()})` };
    try {
      backends.push(type.prepare(entry[kind]));
    } catch (error) {
      if (error instanceof z.ZodError) {
        return { ok: false, message: `${at}.${kind}${issueText(error)}` };
      }
      throw error;
    }
  }
  return { ok: true, backends };
}

function kinds(): string {
  return [...logBackendTypes.keys()].join(', ');
}

function issueText(error: z.ZodError): string {
  const issue = error.issues[0];
  if (!issue) return ': is invalid';
  const path = issue.path.map((part) =>
    typeof part === 'number' ? `[${part}]` : `.${String(part)}`,
  );
  return `${path.join('')}: ${issue.message}`;
}
