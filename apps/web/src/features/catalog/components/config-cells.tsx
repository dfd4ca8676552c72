import { Clock } from 'lucide-react';
import { cx } from '@/ui/class-names.ts';
import type { ConfigRow } from '../api/catalog-schemas.ts';
import { formatCost, isCostChanged, isStale } from '../model/catalog-format.ts';
import { CellFilter } from './cell-filter.tsx';
import { CountBadge } from './count-badge.tsx';
import { HealthDot } from './health-dot.tsx';

export interface CellFilters {
  onType: (type: string, include: boolean) => void;
  onStatus: (status: string, include: boolean) => void;
  onTag: (key: string, value: string, include: boolean) => void;
}

export function NameCell({ config, now }: { config: ConfigRow; now: number }) {
  const stale = isStale(config.last_scraped_time, config.deleted_at, now);
  return (
    <span className="flex min-w-0 items-center gap-2">
      <HealthDot health={config.health} />
      <span className={cx('truncate font-medium', config.deleted_at ? 'line-through' : '')}>
        {config.name ?? config.id}
      </span>
      {config.deleted_at && (
        <span className="shrink-0 rounded border border-border px-1 text-xs text-fg-muted">
          deleted
        </span>
      )}
      {stale && (
        <span
          title="Last scraped over an hour ago"
          className="inline-flex shrink-0 items-center gap-0.5 rounded border border-warning px-1 text-xs text-warning"
        >
          <Clock aria-hidden="true" className="size-3" />
          stale
        </span>
      )}
    </span>
  );
}

export function TagsCell({
  tags,
  onTag,
}: {
  tags: Record<string, string>;
  onTag: CellFilters['onTag'];
}) {
  const entries = Object.entries(tags);
  return (
    <span className="flex min-w-0 flex-nowrap gap-1">
      {entries.slice(0, 2).map(([key, value]) => (
        <span
          key={key}
          className="max-w-40 rounded border border-border px-1 text-xs whitespace-nowrap"
        >
          <CellFilter
            label={`tag ${key}=${value}`}
            onFilter={(include) => onTag(key, value, include)}
          >
            {key}: {value}
          </CellFilter>
        </span>
      ))}
      {entries.length > 2 && (
        <span
          className="text-xs text-fg-muted"
          title={entries.map(([k, v]) => `${k}: ${v}`).join('\n')}
        >
          +{entries.length - 2}
        </span>
      )}
    </span>
  );
}

const analysisLabels: Record<string, string> = {
  security: 'Sec',
  cost: 'Cost',
  availability: 'Avail',
  performance: 'Perf',
  reliability: 'Rel',
  compliance: 'Comp',
  integration: 'Int',
  technical_debt: 'Debt',
  technicalDebt: 'Debt',
  recommendation: 'Rec',
  other: 'Other',
};

/** Open insights by type, as short labelled counts. */
export function AnalysisCell({
  analysis,
}: {
  analysis: Record<string, number> | null | undefined;
}) {
  const entries = Object.entries(analysis ?? {}).filter(([, count]) => count > 0);
  if (entries.length === 0) return null;
  return (
    <span className="flex flex-wrap gap-1">
      {entries.map(([type, count]) => (
        <span
          key={type}
          title={`${count} ${type} insights`}
          className="rounded border border-severity-warning px-1 text-xs text-fg"
        >
          {analysisLabels[type] ?? type} {count}
        </span>
      ))}
    </span>
  );
}

export function CostCell({ config }: { config: ConfigRow }) {
  if (config.cost_total_30d === null && config.cost_total_1d === null) return null;
  const changed = isCostChanged(config.cost_total_1d, config.cost_total_30d);
  return (
    <span
      title={`1d ${formatCost(config.cost_total_1d)} · 7d ${formatCost(config.cost_total_7d)} · 30d ${formatCost(config.cost_total_30d)}`}
      className={cx(
        'tabular-nums',
        changed ? 'rounded bg-warning/15 px-1 font-medium text-warning' : '',
      )}
    >
      {formatCost(config.cost_total_30d ?? config.cost_total_1d)}
      {changed && <span className="sr-only"> (cost changed over 10%)</span>}
    </span>
  );
}

export function ChangesCell({ count }: { count: number | null | undefined }) {
  return count ? <CountBadge count={count} label="changes" /> : null;
}
