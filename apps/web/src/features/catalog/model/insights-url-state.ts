import { z } from 'zod';

export const insightPageSize = 50;
export const insightMessageLimit = 500;
export const insightSortColumns = [
  'config',
  'analysis_type',
  'analyzer',
  'severity',
  'status',
  'first_observed',
  'last_observed',
] as const;
export type InsightSortColumn = (typeof insightSortColumns)[number];

/** The insights query string (spec 001 §2 Insights). */
export const insightsUrlSchema = z.object({
  status: z.string().optional(),
  severity: z.string().optional(),
  type: z.string().optional(),
  analyzer: z.string().optional(),
  component: z.string().optional(),
  configId: z.string().optional(),
  configType: z.string().optional(),
  sortBy: z.enum(insightSortColumns).optional(),
  sortOrder: z.enum(['asc', 'desc']).optional(),
  pageIndex: z.coerce.number().int().min(0).optional(),
  pageSize: z.coerce.number().int().min(1).max(500).optional(),
  insight: z.string().optional(),
});
export type InsightsUrlState = z.output<typeof insightsUrlSchema>;

const sortFields: Record<InsightSortColumn, string> = {
  config: 'config(name)',
  analysis_type: 'analysis_type',
  analyzer: 'analyzer',
  severity: 'severity',
  status: 'status',
  first_observed: 'first_observed',
  last_observed: 'last_observed',
};

/** One page of insights, sorted on the server (last observed, newest first, by default). */
export function insightsQuery(
  state: InsightsUrlState,
  configId: string | undefined,
): Record<string, string> {
  const pageSize = state.pageSize ?? insightPageSize;
  const sortBy = state.sortBy ?? 'last_observed';
  const order = state.sortOrder ?? 'desc';
  const field = sortFields[sortBy];
  const query: Record<string, string> = {
    select:
      'id,config_id,analyzer,analysis_type,severity,status,summary,source,first_observed,last_observed,config:config_items!inner(id,name,type,deleted_at)',
    order:
      sortBy === 'config'
        ? `config(name).${order}.nullslast,id.asc`
        : `${field}.${order}.nullslast,id.asc`,
    limit: String(pageSize),
    offset: String((state.pageIndex ?? 0) * pageSize),
  };
  const scoped = configId ?? state.configId;
  if (scoped) query.config_id = `eq.${scoped}`;
  if (state.status) query['status.filter'] = state.status;
  if (state.severity) query['severity.filter'] = state.severity;
  if (state.type) query['analysis_type.filter'] = state.type;
  if (state.analyzer) query['analyzer.filter'] = state.analyzer;
  if (state.configType) query['config.type.filter'] = state.configType;
  return query;
}

/** Markup stripped and whitespace folded, at most 500 characters. */
export function sanitizeMessage(message: string | null | undefined): string {
  if (!message) return '';
  const text = message
    .replace(/<[^>]*>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return text.length > insightMessageLimit ? `${text.slice(0, insightMessageLimit)}…` : text;
}
