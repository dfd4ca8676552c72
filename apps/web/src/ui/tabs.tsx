import { useCallback, useRef, type KeyboardEvent, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { cx, focusRing } from './class-names.ts';

export interface TabItem<K extends string> {
  key: K;
  label: ReactNode;
  /** Extra classes on the tab, e.g. to show it only on some screens. */
  className?: string;
}

export interface TabListProps<K extends string> {
  /** Names the tab list for screen readers. */
  label: string;
  /** Prefix of the tab and panel ids; unique on the page. */
  idPrefix: string;
  items: ReadonlyArray<TabItem<K>>;
  selected: K;
  onSelect: (key: K) => void;
  /** Extra classes on the list, e.g. to scroll many tabs sideways. */
  className?: string;
}

export interface UrlTab<K extends string> {
  selected: K | undefined;
  select: (key: K) => void;
}

/**
 * The selected tab kept in the query string under `param`, so that a link opens on it. Absent or
 * unknown, it is the first of `keys`; choosing another replaces the history entry.
 */
export function useUrlTab<K extends string>(param: string, keys: readonly K[]): UrlTab<K> {
  const [params, setParams] = useSearchParams();
  const asked = params.get(param);
  const selected = keys.find((key) => key === asked) ?? keys[0];
  const first = keys[0];
  const select = useCallback(
    (key: K) =>
      setParams(
        (previous) => {
          const next = new URLSearchParams(previous);
          if (key === first) next.delete(param);
          else next.set(param, key);
          return next;
        },
        { replace: true },
      ),
    [setParams, param, first],
  );
  return { selected, select };
}

export const tabId = (idPrefix: string, key: string) => `${idPrefix}-tab-${key}`;
export const tabPanelId = (idPrefix: string, key: string) => `${idPrefix}-panel-${key}`;

/** Tabs hidden by CSS (say, on tall screens) take no part in arrow-key moves. */
function visibleTabs(list: HTMLElement | null): HTMLElement[] {
  if (!list) return [];
  return [...list.querySelectorAll<HTMLElement>('[role="tab"]')].filter(
    (tab) => getComputedStyle(tab).display !== 'none',
  );
}

function nextIndex(key: string, current: number, last: number): number | undefined {
  if (key === 'ArrowRight') return current >= last ? 0 : current + 1;
  if (key === 'ArrowLeft') return current <= 0 ? last : current - 1;
  if (key === 'Home') return 0;
  if (key === 'End') return last;
  return undefined;
}

/** WAI-ARIA tabs with automatic activation: arrows, Home and End move and select. */
export function TabList<K extends string>({
  label,
  idPrefix,
  items,
  selected,
  onSelect,
  className,
}: TabListProps<K>) {
  const listRef = useRef<HTMLDivElement>(null);
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const tabs = visibleTabs(listRef.current);
    const current = tabs.findIndex((tab) => tab.id === tabId(idPrefix, selected));
    const next = nextIndex(event.key, current, tabs.length - 1);
    if (next === undefined) return;
    event.preventDefault();
    const target = tabs[next];
    const item = items.find((entry) => target && tabId(idPrefix, entry.key) === target.id);
    if (!target || !item) return;
    target.focus();
    onSelect(item.key);
  };
  return (
    <div
      ref={listRef}
      role="tablist"
      aria-label={label}
      onKeyDown={onKeyDown}
      className={cx('flex gap-1 border-b border-border', className)}
    >
      {items.map((item) => {
        const active = item.key === selected;
        return (
          <button
            key={item.key}
            type="button"
            role="tab"
            id={tabId(idPrefix, item.key)}
            aria-selected={active}
            aria-controls={tabPanelId(idPrefix, item.key)}
            tabIndex={active ? 0 : -1}
            onClick={() => onSelect(item.key)}
            className={cx(
              '-mb-px border-b-2 px-3 py-1.5 text-sm',
              active
                ? 'border-accent font-medium text-fg'
                : 'border-transparent text-fg-muted hover:text-fg',
              focusRing,
              item.className,
            )}
          >
            {item.label}
          </button>
        );
      })}
    </div>
  );
}

export interface TabPanelProps {
  idPrefix: string;
  tabKey: string;
  selected: boolean;
  children: ReactNode;
  className?: string;
}

/** A panel stays mounted while hidden, so its state (filters, page) survives a tab switch. */
export function TabPanel({ idPrefix, tabKey, selected, children, className }: TabPanelProps) {
  return (
    <div
      role="tabpanel"
      id={tabPanelId(idPrefix, tabKey)}
      aria-labelledby={tabId(idPrefix, tabKey)}
      hidden={!selected}
      tabIndex={0}
      className={cx('pt-3', focusRing, className)}
    >
      {children}
    </div>
  );
}
