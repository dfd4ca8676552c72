import { Link } from 'react-router';
import { EmptyState } from '@/ui/empty-state.tsx';
import { Table, TableCell, TableSkeleton } from '@/ui/table.tsx';
import type { useCheckRelationships } from '@/features/health/api/check-relationships-query.ts';

const kindLabel = { config: 'Config', component: 'Component' } as const;

export function CheckRelationshipsTab({
  relationships,
}: {
  relationships: ReturnType<typeof useCheckRelationships>;
}) {
  if (relationships.isPending) return <TableSkeleton label="Loading relationships" rows={3} />;
  if (relationships.isError || relationships.data.length === 0) return <EmptyState />;
  return (
    <Table label="Relationships" columns={['Name', 'Type']}>
      {relationships.data.map((item) => (
        <tr key={`${item.kind}:${item.id}`}>
          <TableCell>
            <Link to={item.href} className="text-accent underline">
              {item.name}
            </Link>
          </TableCell>
          <TableCell>{kindLabel[item.kind]}</TableCell>
        </tr>
      ))}
    </Table>
  );
}
