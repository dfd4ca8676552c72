import { z } from 'zod';
import { retryPolicy, runWithRetries, type CheckRetriesSpec } from '../engine/check-retries.ts';
import { judgeOutcome } from '../expressions/check-expressions.ts';
import { errorText, type CheckRunContext, type CheckType } from './check-type.ts';

/**
 * The check types a kubernetesResource's nested `checks` may use. Bound by the registry once it
 * is built, because the registry itself imports the kubernetesResource type.
 */
let nestedTypes: ReadonlyMap<string, CheckType> = new Map();

export function bindNestedCheckTypes(types: ReadonlyMap<string, CheckType>): void {
  nestedTypes = types;
}

/**
 * A nested check without `timeout`: canary-checker's decoder drops that key (its check types
 * have no such field, e.g. vcluster's `timeout: 5000` on http), and nested checks run under
 * the kubernetesResource's own time limit, so Vigil's per-check `timeout` has no use here.
 */
function withoutTimeout(entry: unknown): unknown {
  if (typeof entry !== 'object' || entry === null || !('timeout' in entry)) return entry;
  return Object.fromEntries(Object.entries(entry).filter(([key]) => key !== 'timeout'));
}

/** Each nested entry is a canary spec holding checks, e.g. `{http: [{name, url}]}`. */
export const nestedChecks = z.array(z.record(z.string(), z.unknown())).superRefine((specs, ctx) => {
  for (const [index, spec] of specs.entries()) {
    for (const [key, entries] of Object.entries(spec)) {
      const type = nestedTypes.get(key);
      if (!type || key === 'kubernetesResource') {
        ctx.addIssue({ code: 'custom', path: [index, key], message: `${key} is not a check type` });
        continue;
      }
      if (!Array.isArray(entries)) {
        ctx.addIssue({ code: 'custom', path: [index, key], message: 'must be a list' });
        continue;
      }
      for (const [at, entry] of entries.entries()) {
        const parsed = type.schema.safeParse(withoutTimeout(entry));
        for (const issue of parsed.success ? [] : parsed.error.issues) {
          ctx.addIssue({ ...issue, path: [index, key, at, ...issue.path] });
        }
      }
    }
  }
});

const expressions = z
  .object({
    name: z.string(),
    test: z.object({ expr: z.string().optional(), template: z.string().optional() }).optional(),
    display: z.object({ expr: z.string().optional(), template: z.string().optional() }).optional(),
  })
  .loose();

/**
 * Runs every nested check, each retried under the kubernetesResource's retries; the first that
 * still fails ends the run with canary-checker's `check (name:X) failed with error: …`.
 * Answers each check's message by name (canary-checker's `display` data) or the error.
 */
export async function runNestedChecks(
  specs: ReadonlyArray<Record<string, unknown>>,
  retries: CheckRetriesSpec | undefined,
  ctx: CheckRunContext,
): Promise<{ display: Record<string, string>; error?: string }> {
  const display: Record<string, string> = {};
  const policy = retryPolicy(retries, undefined) ?? {
    delayMs: 0,
    timeoutMs: 0,
    intervalMs: 0,
    maxRetries: 0,
  };
  for (const spec of specs) {
    for (const [key, entries] of Object.entries(spec)) {
      const type = nestedTypes.get(key);
      if (!type || !Array.isArray(entries)) continue;
      for (const entry of entries) {
        const check = expressions.parse(entry);
        const prepared = type.prepare(withoutTimeout(entry));
        const attempt = async () => {
          const started = performance.now();
          let outcome;
          try {
            outcome = await prepared.run(ctx);
          } catch (error) {
            outcome = { pass: false, error: errorText(error), data: {} };
          }
          const judged = judgeOutcome(check, outcome, {}, ctx.timeoutMs);
          const elapsed = performance.now() - started;
          return {
            ...outcome,
            pass: judged.pass,
            message: judged.message,
            error: judged.error,
            elapsed,
          };
        };
        const outcome = await runWithRetries(policy, attempt, (o) => o.pass, ctx.signal);
        if (!outcome.pass) {
          const why = outcome.error ? ` with error: ${outcome.error}` : '';
          return { display, error: `check (name:${check.name}) failed${why}` };
        }
        display[check.name] = outcome.message ?? '';
      }
    }
  }
  return { display };
}
