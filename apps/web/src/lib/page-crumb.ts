import { useEffect, useSyncExternalStore } from 'react';
import { useLocation } from 'react-router';

interface PageCrumb {
  readonly pathname: string;
  readonly label: string;
}

// One page shows at a time: the shell's breadcrumb reads what that page named itself.
let current: PageCrumb | undefined;
const listeners = new Set<() => void>();

function publish(next: PageCrumb | undefined): void {
  current = next;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * Names the page's own (last) crumb once its data is known, e.g. a component's name in place
 * of its route's generic 'Component'. Undefined leaves the route's crumb.
 */
export function usePageCrumb(label: string | undefined): void {
  const { pathname } = useLocation();
  useEffect(() => {
    if (label === undefined || label === '') return;
    const crumb = { pathname, label };
    publish(crumb);
    return () => {
      if (current === crumb) publish(undefined);
    };
  }, [pathname, label]);
}

/** The label a page gave its crumb at `pathname`, if it gave one. */
export function usePageCrumbLabel(pathname: string): string | undefined {
  const crumb = useSyncExternalStore(subscribe, () => current);
  return crumb?.pathname === pathname ? crumb.label : undefined;
}
