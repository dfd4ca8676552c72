import type { PlaybookRunActionRow, PlaybookRunRow } from '@vigil/domain';
import { CircleAlert } from 'lucide-react';
import { cx, focusRing } from '@/ui/class-names.ts';
import { RelativeTime } from '@/ui/relative-time.tsx';
import { durationBetween } from '../model/run-status.ts';
import { hasInitializationStep, initializationStepId } from '../model/run-logs.ts';
import { RunStatusBadge } from './run-status-badge.tsx';

export interface ActionListProps {
  run: PlaybookRunRow;
  actions: readonly PlaybookRunActionRow[];
  selected: string | undefined;
  onSelect: (id: string) => void;
}

const itemClass = (active: boolean) =>
  cx(
    'flex w-full flex-col gap-1 rounded-md border px-3 py-2 text-left text-sm',
    active ? 'border-accent bg-surface-muted' : 'border-border bg-surface hover:bg-surface-muted',
    focusRing,
  );

/** The run's actions in order with status and timing; skipped actions cannot be opened. */
export function ActionList({ run, actions, selected, onSelect }: ActionListProps) {
  return (
    <ol aria-label="Actions" className="space-y-2">
      {hasInitializationStep(run, actions) && (
        <li>
          <button
            type="button"
            aria-current={selected === initializationStepId ? 'step' : undefined}
            className={itemClass(selected === initializationStepId)}
            onClick={() => onSelect(initializationStepId)}
          >
            <span className="flex items-center justify-between gap-2">
              <span className="flex items-center gap-2 font-medium">
                <CircleAlert aria-hidden="true" className="size-4 text-unhealthy" />
                Initialization
              </span>
              <RunStatusBadge status="failed" />
            </span>
          </button>
        </li>
      )}
      {actions.map((action) => {
        const content = (
          <>
            <span className="flex items-center justify-between gap-2">
              <span className="truncate font-medium">{action.name}</span>
              <RunStatusBadge status={action.status} />
            </span>
            <span className="flex gap-2 text-xs text-fg-muted">
              <RelativeTime value={action.start_time ?? action.scheduled_time} />
              <span className="tabular-nums">
                {durationBetween(action.start_time, action.end_time)}
              </span>
            </span>
          </>
        );
        return (
          <li key={action.id}>
            {action.status === 'skipped' ? (
              <div className={cx(itemClass(false), 'cursor-default opacity-70 hover:bg-surface')}>
                {content}
              </div>
            ) : (
              <button
                type="button"
                aria-current={selected === action.id ? 'step' : undefined}
                className={itemClass(selected === action.id)}
                onClick={() => onSelect(action.id)}
              >
                {content}
              </button>
            )}
          </li>
        );
      })}
    </ol>
  );
}
