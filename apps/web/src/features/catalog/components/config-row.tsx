import { memo } from 'react';
import { Link } from 'react-router';
import { RelativeTime } from '@/ui/relative-time.tsx';
import { cx, focusRing } from '@/ui/class-names.ts';
import type { ConfigRow } from '../api/catalog-schemas.ts';
import {
  AnalysisCell,
  ChangesCell,
  CostCell,
  NameCell,
  TagsCell,
  type CellFilters,
} from './config-cells.tsx';
import { CellFilter } from './cell-filter.tsx';

/** What every row shares; the table keeps it stable so that scrolling re-renders no old row. */
export interface RowActions extends CellFilters {
  onOpen: (id: string) => void;
}

export interface ConfigTableRowProps {
  config: ConfigRow;
  index: number;
  now: number;
  actions: RowActions;
}

/** One row of the flat catalog: memoised, since a scroll only adds and removes rows. */
export const ConfigTableRow = memo(function ConfigTableRow({
  config,
  index,
  now,
  actions,
}: ConfigTableRowProps) {
  return (
    <tr
      data-index={index}
      onClick={() => actions.onOpen(config.id)}
      className={cx(
        'h-[37px] cursor-pointer hover:bg-surface-muted',
        config.deleted_at ? 'text-fg-muted' : '',
      )}
    >
      <td className="overflow-hidden px-3 py-1.5">
        <Link
          to={`/catalog/${config.id}`}
          onClick={(event) => event.stopPropagation()}
          className={cx('block rounded', focusRing)}
        >
          <NameCell config={config} now={now} />
        </Link>
      </td>
      <td className="overflow-hidden px-3 py-1.5 whitespace-nowrap" title={config.type}>
        <CellFilter
          label={`type ${config.type}`}
          onFilter={(include) => actions.onType(config.type, include)}
        >
          {config.type}
        </CellFilter>
      </td>
      <td
        className="overflow-hidden px-3 py-1.5 whitespace-nowrap"
        title={config.status ?? undefined}
      >
        {config.status && (
          <CellFilter
            label={`status ${config.status}`}
            onFilter={(include) => actions.onStatus(config.status ?? '', include)}
          >
            {config.status}
          </CellFilter>
        )}
      </td>
      <td className="overflow-hidden px-3 py-1.5">
        <ChangesCell count={config.changes} />
      </td>
      <td className="overflow-hidden px-3 py-1.5">
        <TagsCell tags={config.tags} onTag={actions.onTag} />
      </td>
      <td className="overflow-hidden px-3 py-1.5">
        <AnalysisCell analysis={config.analysis} />
      </td>
      <td className="overflow-hidden px-3 py-1.5 whitespace-nowrap">
        <CostCell config={config} />
      </td>
      <td className="overflow-hidden px-3 py-1.5 whitespace-nowrap text-fg-muted">
        <RelativeTime value={config.created_at} />
      </td>
      <td className="overflow-hidden px-3 py-1.5 whitespace-nowrap text-fg-muted">
        <RelativeTime value={config.updated_at} />
      </td>
      <td className="overflow-hidden px-3 py-1.5 whitespace-nowrap text-fg-muted">
        <RelativeTime value={config.deleted_at} />
      </td>
      <td className="overflow-hidden px-3 py-1.5 whitespace-nowrap text-fg-muted">
        {config.changes ? <RelativeTime value={config.updated_at} /> : null}
      </td>
    </tr>
  );
});
