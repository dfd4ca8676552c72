import { useLocation, useMatches } from 'react-router';
import { z } from 'zod';
import { usePageCrumbLabel } from '@/lib/page-crumb.ts';

const crumbHandleSchema = z.object({ crumb: z.string() });

/** Crumbs come from each matched route's `handle.crumb`; a page may name the last one. */
export function Breadcrumb() {
  const named = usePageCrumbLabel(useLocation().pathname);
  const matches = useMatches();
  const crumbs = matches.flatMap((match, index) => {
    const parsed = crumbHandleSchema.safeParse(match.handle);
    if (!parsed.success) return [];
    const last = index === matches.length - 1;
    return [{ id: match.id, label: (last ? named : undefined) ?? parsed.data.crumb }];
  });

  return (
    <nav aria-label="Breadcrumb" className="min-w-0">
      <ol className="flex items-center gap-1.5 truncate text-base">
        {crumbs.map((crumb, index) => (
          <li key={crumb.id} className="flex items-center gap-1.5">
            {index > 0 && (
              <span aria-hidden="true" className="text-fg-muted">
                /
              </span>
            )}
            <span
              aria-current={index === crumbs.length - 1 ? 'page' : undefined}
              className={index === crumbs.length - 1 ? 'font-semibold' : 'text-fg-muted'}
            >
              {crumb.label}
            </span>
          </li>
        ))}
      </ol>
    </nav>
  );
}
