import type {
  CheckOutcome,
  CheckRunContext,
  ResolvedConnection,
} from '../../../src/modules/health/check-types/check-type.ts';
import { hookOf } from '../../../src/modules/health/check-types/abortable.ts';
import { CheckConfigError } from '../../../src/modules/health/check-types/check-type.ts';
import { checkTypes } from '../../../src/modules/health/check-types/registry.ts';
import { createValueResolver } from '../../../src/platform/values/values.ts';

export interface ContextOptions {
  readonly timeoutMs?: number;
  /** Connections by `connection://ns/name`, as the connections table would resolve them. */
  readonly connections?: Readonly<Record<string, ResolvedConnection>>;
  readonly secretsDir?: string;
  /** What the check's `last_result` answers (its previous run); none when left out. */
  readonly lastResult?: Record<string, unknown>;
}

/** A run context as the engine builds it, with connections looked up from a map. */
export function checkContext(options: ContextOptions = {}): CheckRunContext {
  const timeoutMs = options.timeoutMs ?? 10_000;
  const signal = AbortSignal.timeout(timeoutMs);
  const hook = hookOf(signal);
  return {
    signal,
    whenAborted: (listener) => hook.whenAborted(listener),
    timeoutMs,
    namespace: 'default',
    connection: (reference) => {
      const found = options.connections?.[reference];
      if (!found) return Promise.reject(new CheckConfigError(`${reference} was not found`));
      return Promise.resolve(found);
    },
    resolveValue: createValueResolver(options.secretsDir),
    lastResult: () => Promise.resolve(options.lastResult),
  };
}

/** Validates `check` with the type's schema, as a canary write does, then runs it once. */
export async function runCheck(
  type: string,
  check: Record<string, unknown>,
  options: ContextOptions = {},
): Promise<CheckOutcome> {
  const entry = checkTypes.get(type);
  if (!entry) throw new Error(`no check type ${type}`);
  return entry.prepare({ name: `${type}-test`, ...check }).run(checkContext(options));
}

/** A connection as the resolver returns it, with defaults for what a test leaves out. */
export function connection(
  fields: Partial<ResolvedConnection> & { type: string },
): ResolvedConnection {
  return {
    name: 'test',
    namespace: 'default',
    url: null,
    username: null,
    password: null,
    certificate: null,
    insecureTls: false,
    properties: {},
    ...fields,
  };
}
