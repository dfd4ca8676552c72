import type { TopologyComponent } from '@vigil/domain';
import { ChevronRight } from 'lucide-react';
import { Fragment } from 'react';
import { Link } from 'react-router';
import { cx, focusRing } from '@/ui/class-names.ts';
import { useAncestorsQuery } from '../api/ancestors-query.ts';

const linkClass = cx('rounded text-fg-muted hover:text-fg hover:underline', focusRing);

/** Spec 001 §2: the trail starts at Dashboard, then the component's ancestors and referrer. */
export function TopologyBreadcrumb({
  current,
  refererId,
  search,
}: {
  current: TopologyComponent | undefined;
  /** Where a Zoom In came from, when that is not the component's parent. */
  refererId: string | undefined;
  search: string;
}) {
  const path = [current?.path, refererId].filter(Boolean).join('.');
  const ancestors = useAncestorsQuery(path);
  const trail = (ancestors.data ?? []).filter((a) => a.id !== current?.id);
  return (
    <nav aria-label="Topology path" className="text-sm">
      <ol className="flex flex-wrap items-center gap-1">
        <li>
          <Link to={`/topology${search}`} className={linkClass}>
            Dashboard
          </Link>
        </li>
        {trail.map((ancestor) => (
          <Fragment key={ancestor.id}>
            <ChevronRight aria-hidden="true" className="size-3.5 text-fg-muted" />
            <li>
              <Link to={`/topology/${ancestor.id}${search}`} className={linkClass}>
                {ancestor.name}
              </Link>
            </li>
          </Fragment>
        ))}
      </ol>
    </nav>
  );
}
