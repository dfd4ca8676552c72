import { agentStatus } from '@vigil/domain';
import { ArrowDown, ArrowUp } from 'lucide-react';
import { Link } from 'react-router';
import { cx, focusRing } from '@/ui/class-names.ts';
import { RelativeTime } from '@/ui/relative-time.tsx';
import { TableCell } from '@/ui/table.tsx';
import { agentCreator, type AgentSummary } from '../model/agent-summary.ts';
import type { AgentSortColumn } from '../model/agent-url-state.ts';
import { AgentStatusBadge } from './agent-status-badge.tsx';

/** Spec 000 §2.6 columns; Created By has no server-side sort key. */
const columns: ReadonlyArray<readonly [AgentSortColumn | undefined, string]> = [
  ['name', 'Name'],
  ['config_count', 'Configs'],
  ['checks_count', 'Checks'],
  ['config_scrapper_count', 'Scrapers'],
  ['playbook_runs_count', 'Playbook Runs'],
  ['status', 'Status'],
  ['last_received', 'Last Pushed'],
  ['created_at', 'Created At'],
  ['updated_at', 'Updated At'],
  [undefined, 'Created By'],
];

export interface AgentsTableProps {
  agents: readonly AgentSummary[];
  now: number;
  sortBy: AgentSortColumn;
  sortOrder: 'asc' | 'desc';
  onSort: (column: AgentSortColumn) => void;
  onOpen: (agent: AgentSummary) => void;
}

function SortHeader({
  column,
  label,
  sortBy,
  sortOrder,
  onSort,
}: {
  column: AgentSortColumn | undefined;
  label: string;
} & Pick<AgentsTableProps, 'sortBy' | 'sortOrder' | 'onSort'>) {
  const sorted = column === sortBy;
  const Arrow = sortOrder === 'asc' ? ArrowUp : ArrowDown;
  return (
    <th
      scope="col"
      aria-sort={sorted ? (sortOrder === 'asc' ? 'ascending' : 'descending') : undefined}
      // Headers wrap so that all ten columns fit beside the sidebar at 1280 px.
      className="px-3 py-2 align-bottom font-medium"
    >
      {column === undefined ? (
        label
      ) : (
        <button
          type="button"
          onClick={() => onSort(column)}
          className={cx('inline-flex items-center gap-1 text-left uppercase', focusRing)}
        >
          {label}
          {sorted && <Arrow aria-hidden="true" className="size-3" />}
        </button>
      )}
    </th>
  );
}

/** Agents with server-sorted headers; a row click (or Enter on the name) opens its drawer. */
export function AgentsTable({ agents, now, sortBy, sortOrder, onSort, onOpen }: AgentsTableProps) {
  return (
    <div className="overflow-auto rounded-lg border border-border bg-surface">
      <table aria-label="Agents" className="key-column w-full text-left text-sm">
        <thead className="border-b border-border bg-surface text-xs text-fg-muted uppercase">
          <tr>
            {columns.map(([column, label]) => (
              <SortHeader
                key={label}
                column={column}
                label={label}
                sortBy={sortBy}
                sortOrder={sortOrder}
                onSort={onSort}
              />
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-border">
          {agents.map((agent) => (
            <tr
              key={agent.id}
              onClick={() => onOpen(agent)}
              className="cursor-pointer hover:bg-surface-muted"
            >
              <TableCell className="font-medium">
                <button
                  type="button"
                  title={agent.description ?? undefined}
                  onClick={(event) => {
                    event.stopPropagation();
                    onOpen(agent);
                  }}
                  className={cx('text-left hover:underline', focusRing)}
                >
                  {agent.name}
                </button>
              </TableCell>
              <TableCell className="tabular-nums">{agent.config_count}</TableCell>
              <TableCell className="tabular-nums">{agent.checks_count}</TableCell>
              <TableCell className="tabular-nums">{agent.config_scrapper_count}</TableCell>
              <TableCell className="tabular-nums">{agent.playbook_runs_count}</TableCell>
              <TableCell className="whitespace-nowrap">
                <AgentStatusBadge status={agentStatus(agent.last_seen, now)} />
              </TableCell>
              <TableCell className="whitespace-nowrap">
                <RelativeTime value={agent.last_received} />
              </TableCell>
              <TableCell className="whitespace-nowrap">
                <RelativeTime value={agent.created_at} />
              </TableCell>
              <TableCell className="whitespace-nowrap">
                <RelativeTime value={agent.updated_at} />
              </TableCell>
              <TableCell>
                <CreatedBy agent={agent} />
              </TableCell>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function CreatedBy({ agent }: { agent: AgentSummary }) {
  const creator = agentCreator(agent);
  if (creator.kind === 'person') return <>{creator.label}</>;
  return (
    // The row opens the drawer on click; the link goes to the creator instead.
    <Link
      to={creator.to}
      className={cx('text-accent underline', focusRing)}
      onClick={(event) => event.stopPropagation()}
    >
      {creator.label}
    </Link>
  );
}
