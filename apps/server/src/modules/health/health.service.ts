import {
  canRunChecks,
  canonicalFilterKeys,
  checkGraphQuerySchema,
  checkSummaryFilterSchema,
  checkSummaryQuerySchema,
  parseTimeRange,
  runCheckParamsSchema,
  type CheckGraph,
  type CheckSummaryFilter,
  type RunCheckResult,
} from '@vigil/domain';
import type { z } from 'zod';
import type { Database } from '../../platform/db.ts';
import {
  badRequest,
  conflict,
  forbidden,
  notFound,
  unauthenticated,
} from '../../platform/errors.ts';
import type { Actor } from '../../platform/http/actor.ts';
import { authorise } from '../../platform/http/authorise.ts';
import { canaryOfCheck } from './engine/canary-store.repository.ts';
import type { HealthEngine } from './engine/health-engine.ts';
import { checkGraph } from './history/graph.service.ts';
import type { HistoryRetention } from './history/retention.ts';
import type { SummaryEntry } from './history/check-summary.ts';
import { SummaryCache } from './history/summary-cache.ts';
import { filterSummary } from './history/summary-filter.ts';
import { summariseAll } from './history/summary.service.ts';

/** The last hour: the window of a summary or graph whose query names none. */
const defaultWindowMs = 3_600_000;

/** A window already checked by its schema, in milliseconds. */
const windowMs = (text: string | undefined): number =>
  (text === undefined ? undefined : parseTimeRange(text)) ?? defaultWindowMs;

/** The health area's verbs: authorise, parse, then read or run. */
export function createHealthService(
  db: Database,
  engine: HealthEngine,
  retention: HistoryRetention,
  summaryFreshMs: number,
) {
  const summaries = new SummaryCache<Summary>(summaryFreshMs);
  const summaryOf = (timeRange: number): Promise<Summary> => {
    const now = Date.now();
    return summaries.get(timeRange, now, async () => {
      const entries = await summariseAll(db, timeRange, now, retention);
      return { entries, list: listOf(entries) };
    });
  };
  return {
    /** Every check, answered as JSON text: each entry is built without re-serialising. */
    async summary(actor: Actor, query: unknown): Promise<string> {
      authorise(actor, 'canaries', 'read');
      const { timeRange } = parse(checkSummaryQuerySchema, query);
      const started = performance.now();
      const { list } = await summaryOf(windowMs(timeRange));
      return responseOf(list, started);
    },
    /** The checks a filter body keeps (canary-checker's POST /api/summary). */
    async filteredSummary(actor: Actor, body: unknown): Promise<string> {
      authorise(actor, 'canaries', 'read');
      const filter: CheckSummaryFilter = parse(checkSummaryFilterSchema, canonicalFilterKeys(body));
      const started = performance.now();
      const { entries } = await summaryOf(windowMs(filter.timeRange));
      return responseOf(listOf(filterSummary(entries, filter)), started);
    },
    async graph(actor: Actor, query: unknown): Promise<CheckGraph> {
      authorise(actor, 'canaries', 'read');
      const { check, count, start } = parse(checkGraphQuerySchema, query);
      const graph = await checkGraph(db, check, windowMs(start), count, Date.now(), retention);
      if (!graph) throw notFound(`check ${check} was not found`);
      return graph;
    },
    async runCheck(actor: Actor, params: unknown): Promise<RunCheckResult> {
      if (actor.kind === 'anonymous') throw unauthenticated();
      if (!canRunChecks(actor.roles)) throw forbidden('canaries', 'run');
      const { id: parsedId } = parse(runCheckParamsSchema, params);
      const owner = await canaryOfCheck(db.pool, parsedId);
      if (!owner) throw notFound(`check ${parsedId} was not found`);
      if (owner.transformed) {
        throw conflict('this check is made by a transform: run the check it comes from');
      }
      const result = await engine.runCheck(owner.canaryId, parsedId);
      summaries.clear();
      return result;
    },
  };
}

interface Summary {
  readonly entries: readonly SummaryEntry[];
  /** The entries as one JSON array. */
  readonly list: string;
}

function listOf(entries: readonly SummaryEntry[]): string {
  return `[${entries.map((entry) => entry.json).join(',')}]`;
}

/** canary-checker's and Mission Control's answer: {duration, runnerName, checks_summary}. */
function responseOf(list: string, started: number): string {
  const duration = Math.round(performance.now() - started);
  return `{"duration":${duration},"runnerName":"local","checks_summary":${list}}`;
}

function parse<T extends z.ZodType>(schema: T, value: unknown): z.infer<T> {
  const parsed = schema.safeParse(value);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const field = issue?.path.join('.');
    const message = issue?.message ?? 'is invalid';
    throw badRequest(field && !message.startsWith(field) ? `${field}: ${message}` : message);
  }
  return parsed.data;
}

export type HealthService = ReturnType<typeof createHealthService>;
