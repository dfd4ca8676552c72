import {
  logQueryRequestSchema,
  logSelectorSchema,
  logsLimits,
  type LogLine,
  type LogQueryResponse,
  type LogSelector,
} from '@vigil/domain';
import type { Logger } from 'pino';
import { z } from 'zod';
import type { Database } from '../../platform/db.ts';
import { badRequest, notFound } from '../../platform/errors.ts';
import type { Actor } from '../../platform/http/actor.ts';
import { authorise } from '../../platform/http/authorise.ts';
import type { ConnectionResolver } from '../connections/index.ts';
import type { LogSearch, PreparedBackend } from './backends/log-backend.ts';
import { parseLoggingBackendSpec } from './logging-backend-spec.ts';
import { routeMatches } from './log-routing.ts';
import { resolveLogTime } from './log-time.ts';
import {
  findComponentLogs,
  listLoggingBackends,
  type LoggingBackendRow,
} from './logs.repository.ts';

export interface LogsServiceDeps {
  readonly db: Database;
  readonly log: Logger;
  readonly connections: ConnectionResolver;
  /** How long one search may take across its backends (default 30 s). */
  readonly timeoutMs?: number;
}

interface Routed {
  readonly row: LoggingBackendRow;
  readonly backend: PreparedBackend;
  readonly additive: boolean;
}

/** POST /api/logs: a component's log selector routed to the logging backends that serve it. */
export function createLogsService(deps: LogsServiceDeps) {
  const { db } = deps;
  return {
    async query(actor: Actor, body: unknown): Promise<LogQueryResponse> {
      authorise(actor, 'topologies', 'read');
      authorise(actor, 'logging_backends', 'read');
      const request = parse(body ?? {});
      const component = await findComponentLogs(db.pool, request.id);
      if (!component) throw notFound(`component ${request.id} was not found`);
      const selector = selectorOf(
        z.array(logSelectorSchema).catch([]).parse(component.log_selectors),
        request.name,
      );
      const now = Date.now();
      const start = resolveLogTime('start', request.start ?? logsLimits.defaultStart, now);
      const end =
        request.end === undefined ? new Date(now) : resolveLogTime('end', request.end, now);
      if (start.getTime() >= end.getTime()) throw badRequest('start: must be before end');
      const search: LogSearch = {
        type: selector.type,
        externalId: component.external_id,
        labels: { ...selector.labels, ...request.labels },
        query: request.query?.trim() ?? '',
        start,
        end,
        limit: request.limit ?? logsLimits.defaultLimit,
      };
      const routed = await routesFor(search);
      if (routed.length === 0) {
        throw notFound(
          `no logging backend serves the log selector '${selector.name}'` +
            (selector.type ? ` (type ${selector.type})` : ''),
        );
      }
      const signal = AbortSignal.timeout(deps.timeoutMs ?? 30_000);
      const lines: LogLine[] = [];
      for (const target of routed) {
        const found = await searchOne(target, search, signal);
        if (!target.additive) return answer(found, search.limit);
        lines.push(...found);
      }
      return answer(lines, search.limit);
    },
  };

  async function routesFor(search: LogSearch): Promise<Routed[]> {
    const routed: Routed[] = [];
    for (const row of await listLoggingBackends(db.pool)) {
      const parsed = parseLoggingBackendSpec(row.spec);
      if (!parsed.ok) {
        deps.log.warn(
          { backend: row.id, reason: parsed.message },
          'logging backend spec is invalid',
        );
        continue;
      }
      for (const backend of parsed.backends) {
        const route = backend.routes.find((candidate) => routeMatches(candidate, search));
        if (route) routed.push({ row, backend, additive: route.additive === true });
      }
    }
    return routed;
  }

  async function searchOne(
    target: Routed,
    search: LogSearch,
    signal: AbortSignal,
  ): Promise<LogLine[]> {
    const { row, backend } = target;
    try {
      const found = await backend.search(
        {
          signal,
          connection: (ref, endpoint) =>
            deps.connections(ref, { endpoint, approved: row.connection_pairing_approved }),
        },
        search,
      );
      return found.map((line) => ({ ...line, labels: { ...backend.labels, ...line.labels } }));
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      throw badRequest(`logging backend ${row.namespace}/${row.name} (${backend.kind}): ${reason}`);
    }
  }
}

export type LogsService = ReturnType<typeof createLogsService>;

function answer(lines: readonly LogLine[], limit: number): LogQueryResponse {
  const results = [...lines]
    .sort((a, b) => Date.parse(b.timestamp) - Date.parse(a.timestamp))
    .slice(0, limit);
  return { total: results.length, results };
}

/** The selector by name, else the component's first (as the viewer's default). */
function selectorOf(selectors: readonly LogSelector[], name: string | undefined): LogSelector {
  const available = selectors.map((selector) => selector.name);
  const [first] = selectors;
  if (!first) throw notFound('the component has no log selectors');
  if (name === undefined || name === '') return first;
  const found = selectors.find((selector) => selector.name === name);
  if (!found) {
    throw notFound(`log selector '${name}' was not found; available: ${available.join(', ')}`);
  }
  return found;
}

/** The first issue of a refused body, naming its field (`limit: …`). */
function parse(value: unknown) {
  const parsed = logQueryRequestSchema.safeParse(value);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const field = issue?.path.join('.');
    const message = issue?.message ?? 'is invalid';
    throw badRequest(field ? `${field}: ${message}` : message);
  }
  return parsed.data;
}
