import { ChevronDown, ChevronRight, RefreshCw } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from '@/ui/button.tsx';
import { cx, focusRing } from '@/ui/class-names.ts';

export interface SideSectionProps {
  id: string;
  title: string;
  open: boolean;
  onToggle: () => void;
  count?: number | undefined;
  onRefresh?: (() => void) | undefined;
  actions?: ReactNode;
  children: ReactNode;
}

/** One collapsible section of the incident's right panel (spec 002 §2). */
export function SideSection({
  id,
  title,
  open,
  onToggle,
  count,
  onRefresh,
  actions,
  children,
}: SideSectionProps) {
  return (
    <section className="border-b border-border last:border-b-0">
      <div className="flex items-center gap-1 px-3 py-2">
        <button
          type="button"
          aria-expanded={open}
          aria-controls={`${id}-body`}
          onClick={onToggle}
          className={cx(
            'flex flex-1 items-center gap-2 rounded text-left text-sm font-semibold',
            focusRing,
          )}
        >
          {open ? (
            <ChevronDown aria-hidden="true" className="size-4" />
          ) : (
            <ChevronRight aria-hidden="true" className="size-4" />
          )}
          {title}
          {count !== undefined && (
            <span className="rounded-full bg-surface-muted px-2 text-xs font-medium text-fg-muted">
              {count}
            </span>
          )}
        </button>
        {actions}
        {onRefresh && (
          <Button variant="ghost" size="icon" label={`Refresh ${title}`} onClick={onRefresh}>
            <RefreshCw aria-hidden="true" className="size-3.5" />
          </Button>
        )}
      </div>
      {open && (
        <div id={`${id}-body`} className="px-3 pb-3">
          {children}
        </div>
      )}
    </section>
  );
}
