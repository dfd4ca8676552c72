import type { LogLine } from '@vigil/domain';
import { z } from 'zod';
import type { OpenedConnection } from '../../connections/index.ts';

/** A route says which selectors a backend serves (type, external-id prefix, label patterns). */
export const logRouteSchema = z.strictObject({
  type: z.string().optional(),
  idPrefix: z.string().optional(),
  labels: z.record(z.string(), z.string()).optional(),
  /** Additive backends add their lines to the others'; the first exclusive match answers alone. */
  additive: z.boolean().optional(),
});
export type LogRoute = z.infer<typeof logRouteSchema>;

/** Fields every backend kind has beside its own. */
export const commonBackendFields = {
  routes: z.array(logRouteSchema).optional(),
  /** Labels added to every line this backend returns. */
  labels: z.record(z.string(), z.string()).optional(),
};

/** One search, already resolved: absolute times, the merged labels and a bounded limit. */
export interface LogSearch {
  readonly type: string | undefined;
  readonly externalId: string | null;
  readonly labels: Readonly<Record<string, string>>;
  /** Free text the lines must contain (case-insensitive where the backend allows); '' for all. */
  readonly query: string;
  readonly start: Date;
  readonly end: Date;
  readonly limit: number;
}

export interface LogBackendContext {
  /** A connection's secrets, refused unless `endpoint` is the connection's own (or approved). */
  connection(ref: string, endpoint?: string): Promise<OpenedConnection>;
  readonly signal: AbortSignal;
}

/** A backend refused the search for a reason the operator can fix (bad config, unreachable). */
export class LogBackendError extends Error {}

/** A kind of logging backend as written: its schema's type reaches `search` unchanged. */
export interface LogBackendDefinition<T extends z.ZodType> {
  /** The key of the kind in `spec.backends[]` (`file`, `loki`, …). */
  readonly name: string;
  readonly schema: T;
  /** It reads the server's own files or journal: only those who may pair connections add one. */
  readonly readsServer?: boolean;
  /** Lines within [start, end] matching the search, newest first, at most `limit`. */
  search(ctx: LogBackendContext, config: z.infer<T>, search: LogSearch): Promise<LogLine[]>;
}

/** A backend entry parsed and bound: what the service routes to. */
export interface PreparedBackend {
  readonly kind: string;
  readonly readsServer: boolean;
  readonly routes: readonly LogRoute[];
  readonly labels: Readonly<Record<string, string>>;
  search(ctx: LogBackendContext, search: LogSearch): Promise<LogLine[]>;
}

/** A registry entry: one file per kind, listed in registry.ts. */
export interface LogBackendType {
  readonly name: string;
  readonly schema: z.ZodType;
  /** Parses the entry (throws a ZodError when it does not fit) and binds its search. */
  prepare(config: unknown): PreparedBackend;
}

const common = z.object(commonBackendFields);

/** Turns a typed definition into a registry entry. */
export function defineLogBackend<T extends z.ZodType>(
  definition: LogBackendDefinition<T>,
): LogBackendType {
  return {
    name: definition.name,
    schema: definition.schema,
    prepare(config) {
      const parsed = definition.schema.parse(config);
      const shared = common.parse(config);
      return {
        kind: definition.name,
        readsServer: definition.readsServer === true,
        routes: shared.routes ?? [{}],
        labels: shared.labels ?? {},
        search: (ctx, search) => definition.search(ctx, parsed, search),
      };
    },
  };
}

/** Newest first, then cut to the limit: every backend's lines meet in this order. */
export function newestFirst(lines: readonly LogLine[], limit: number): LogLine[] {
  return [...lines]
    .sort((a, b) => Date.parse(b.timestamp) - Date.parse(a.timestamp))
    .slice(0, limit);
}
