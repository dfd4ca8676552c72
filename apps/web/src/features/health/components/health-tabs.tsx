import { cx } from '@/ui/class-names.ts';

export interface HealthTabsProps {
  tabs: ReadonlyArray<{ key: string; count: number }>;
  active: string;
  onSelect: (key: string) => void;
}

/** Tabs by namespace, agent or label value; each shows how many checks it holds. */
export function HealthTabs({ tabs, active, onSelect }: HealthTabsProps) {
  return (
    <div
      role="tablist"
      aria-label="Tabs"
      className="flex gap-1 overflow-x-auto border-b border-border"
    >
      {tabs.map((tab) => (
        <button
          key={tab.key}
          type="button"
          role="tab"
          id={`health-tab-${tab.key}`}
          aria-selected={tab.key === active}
          onClick={() => onSelect(tab.key)}
          className={cx(
            '-mb-px border-b-2 px-3 py-1.5 text-sm whitespace-nowrap',
            tab.key === active
              ? 'border-accent font-medium text-fg'
              : 'border-transparent text-fg-muted hover:text-fg',
          )}
        >
          {tab.key === '' ? '(none)' : tab.key}
          <span className="ml-1.5 rounded bg-surface-muted px-1.5 text-xs text-fg">
            {tab.count}
          </span>
        </button>
      ))}
    </div>
  );
}
