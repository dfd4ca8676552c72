import { Link } from 'react-router';
import { Button } from '@/ui/button.tsx';
import { cx, focusRing } from '@/ui/class-names.ts';
import { Table, TableCell } from '@/ui/table.tsx';
import type { ConfigRelationship, RelatedConfig } from '@/features/catalog/api/catalog-schemas.ts';
import { HealthDot } from '../health-dot.tsx';

export interface RelationshipsTableProps {
  rootId: string;
  related: readonly RelatedConfig[];
  links: readonly ConfigRelationship[];
  /** Absent for users who may not write: they see no Unlink. */
  onUnlink?: (link: ConfigRelationship) => void;
}

/** Related configs with how they link to this one; manual links can be unlinked. */
export function RelationshipsTable({ rootId, related, links, onUnlink }: RelationshipsTableProps) {
  const direct = (id: string) =>
    links.filter(
      (l) =>
        (l.config_id === rootId && l.related_id === id) ||
        (l.related_id === rootId && l.config_id === id),
    );
  return (
    <Table label="Relationships" columns={['Name', 'Type', 'Health', 'Status', 'Tags', 'Link', '']}>
      {related.map((config) => {
        const own = direct(config.id);
        const manual = own.find((l) => l.selector_id === 'manual');
        const way =
          own.length === 0 ? 'indirect' : own[0]?.config_id === rootId ? 'outgoing' : 'incoming';
        return (
          <tr key={config.id} className={config.deleted_at ? 'text-fg-muted' : ''}>
            <TableCell className="max-w-72">
              <Link
                to={`/catalog/${config.id}`}
                className={cx('block truncate rounded font-medium hover:underline', focusRing)}
              >
                {config.name ?? config.id}
              </Link>
            </TableCell>
            <TableCell className="whitespace-nowrap">{config.type}</TableCell>
            <TableCell>
              <span className="inline-flex items-center gap-1.5">
                <HealthDot health={config.health} />
                {config.health ?? 'unknown'}
              </span>
            </TableCell>
            <TableCell>{config.status}</TableCell>
            <TableCell className="max-w-64 truncate text-xs">
              {Object.entries(config.tags)
                .map(([k, v]) => `${k}: ${v}`)
                .join(', ')}
            </TableCell>
            <TableCell className="whitespace-nowrap">
              {way}
              {manual && (
                <span className="ml-1 rounded border border-border px-1 text-xs">manual</span>
              )}
            </TableCell>
            <TableCell>
              {manual && onUnlink && (
                <Button size="sm" variant="ghost" onClick={() => onUnlink(manual)}>
                  Unlink
                </Button>
              )}
            </TableCell>
          </tr>
        );
      })}
    </Table>
  );
}
