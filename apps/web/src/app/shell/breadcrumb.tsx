import { useMatches } from 'react-router';
import { z } from 'zod';

const crumbHandleSchema = z.object({ crumb: z.string() });

/** Crumbs come from each matched route's `handle.crumb`. */
export function Breadcrumb() {
  const crumbs = useMatches().flatMap((match) => {
    const parsed = crumbHandleSchema.safeParse(match.handle);
    return parsed.success ? [{ id: match.id, label: parsed.data.crumb }] : [];
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
