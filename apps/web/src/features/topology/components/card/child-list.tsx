import type { TopologyComponent } from '@vigil/domain';
import { Link, useLocation } from 'react-router';
import { cx, focusRing } from '@/ui/class-names.ts';
import { sortChildren } from '@/features/topology/model/topology-sort.ts';
import { zoomInHref } from '@/features/topology/model/topology-url-state.ts';
import { StatusDot } from '../status-dot.tsx';
import { ShowMoreList } from './show-more-list.tsx';

/** Children with their health, unhealthy first, collapsed after 5. */
export function ChildList({
  parent,
  currentId,
}: {
  parent: TopologyComponent;
  currentId: string | undefined;
}) {
  const { search } = useLocation();
  const children = sortChildren(parent.components ?? []);
  if (children.length === 0) return null;
  const items = children.map((child) => (
    <span key={child.id} className="flex min-w-0 items-center gap-1.5 text-xs">
      <StatusDot status={child.status} />
      <Link
        to={zoomInHref(child, new URLSearchParams(search), currentId)}
        title={child.status_reason ?? undefined}
        className={cx('min-w-0 truncate rounded hover:underline', focusRing)}
      >
        {child.text ?? child.name}
      </Link>
    </span>
  ));
  return <ShowMoreList items={items} visible={5} what={`components of ${parent.name}`} />;
}
