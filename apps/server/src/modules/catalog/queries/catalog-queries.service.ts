import {
  catalogChangesRequestSchema,
  catalogSummaryRequestSchema,
  changeSearchDefaults,
  changeSeverityRanks,
  type CatalogChangesResponse,
  type CatalogSummaryRow,
} from '@vigil/domain';
import type { z } from 'zod';
import type { Database } from '../../../platform/db.ts';
import { badRequest } from '../../../platform/errors.ts';
import type { Actor } from '../../../platform/http/actor.ts';
import { authorise } from '../../../platform/http/authorise.ts';
import { resolveCatalogTime } from './catalog-time.ts';
import { searchChanges, type ChangesQuery } from './changes.repository.ts';
import { summariseByClassAndType } from './summary-classes.repository.ts';
import { rollupAnswers, summariseByType } from './summary-rollup.repository.ts';
import { summariseItems, type SummaryQuery } from './summary.repository.ts';

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const walkOf = { downstream: 'outgoing', upstream: 'incoming', all: 'all', none: 'none' } as const;

/** The catalog's read calls: authorise, validate, then one read. */
export function createCatalogQueriesService(db: Database) {
  return {
    async summary(actor: Actor, body: unknown): Promise<CatalogSummaryRow[]> {
      authorise(actor, 'database', 'read');
      const request = parse(catalogSummaryRequestSchema, body ?? {});
      const now = Date.now();
      const changesSince = request.changes?.since;
      const analysisSince = request.analysis?.since;
      const query: SummaryQuery = {
        groupBy: [...new Set([...(request.groupBy ?? ['type']), ...(request.tags ?? [])])],
        labels: request.filter ?? {},
        health: request.health,
        status: request.status,
        changesSince: changesSince
          ? resolveCatalogTime('changes.since', changesSince, now)
          : undefined,
        analysisSince: analysisSince
          ? resolveCatalogTime('analysis.since', analysisSince, now)
          : undefined,
        cost: request.cost,
        deleted: request.deleted ?? false,
      };
      if (rollupAnswers(query)) {
        const fast =
          query.groupBy.length === 1
            ? await summariseByType(db.pool, query)
            : await summariseByClassAndType(db.pool, query);
        if (fast) return fast;
      }
      return summariseItems(db.pool, query);
    },

    async changes(actor: Actor, body: unknown): Promise<CatalogChangesResponse> {
      authorise(actor, 'database', 'read');
      const request = parse(catalogChangesRequestSchema, body ?? {});
      const now = Date.now();
      const noRange = request.from === undefined && request.to === undefined;
      const from = noRange
        ? resolveCatalogTime('from', changeSearchDefaults.from, now)
        : request.from === undefined
          ? undefined
          : resolveCatalogTime('from', request.from, now);
      const to = request.to === undefined ? undefined : resolveCatalogTime('to', request.to, now);
      if (from && to && from.getTime() >= to.getTime()) throw badRequest('from: must be before to');
      const severity = request.severity;
      const rank = severity === undefined ? undefined : changeSeverityRanks[severity];
      const sortBy = request.sort_by ?? '-created_at';
      const query: ChangesQuery = {
        configId: request.id,
        walk: walkOf[request.recursive ?? 'downstream'],
        depth: request.depth ?? changeSearchDefaults.depth,
        includeDeletedConfigs: request.include_deleted_configs ?? false,
        configType: request.config_type,
        changeType: request.type,
        createdBy:
          request.created_by === undefined
            ? undefined
            : uuidPattern.test(request.created_by)
              ? { person: request.created_by }
              : { external: request.created_by },
        summary: request.summary,
        source: request.source,
        from,
        to,
        severities:
          rank === undefined
            ? undefined
            : Object.entries(changeSeverityRanks)
                .filter(([, value]) => value >= rank)
                .map(([name]) => name),
        tags: request.tags,
        sort: { column: sortBy.replace(/^-/, ''), descending: sortBy.startsWith('-') },
        page: request.page ?? changeSearchDefaults.page,
        pageSize: request.page_size ?? changeSearchDefaults.pageSize,
      };
      return searchChanges(db.pool, query);
    },
  };
}

export type CatalogQueriesService = ReturnType<typeof createCatalogQueriesService>;

/** The first issue of a refused body, naming its field (`changes.since: …`). */
function parse<T extends z.ZodType>(schema: T, value: unknown): z.infer<T> {
  const parsed = schema.safeParse(value);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const field = issue?.path.join('.');
    const message = issue?.message ?? 'is invalid';
    throw badRequest(field ? `${field}: ${message}` : message);
  }
  return parsed.data;
}
