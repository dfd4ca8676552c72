import type { Property } from '@/lib/session/session-schemas.ts';
import { cx, focusRing } from '@/ui/class-names.ts';
import { RelativeTime } from '@/ui/relative-time.tsx';
import { Table, TableCell } from '@/ui/table.tsx';

const columns = [
  'Name',
  'Description',
  'Value',
  'Source',
  'Created By',
  'Created At',
  'Updated At',
] as const;

function createdByName(createdBy: Property['created_by']): string {
  return createdBy?.name ?? '';
}

export interface FeatureFlagTableProps {
  flags: readonly Property[];
  onOpen: (flag: Property) => void;
}

export function FeatureFlagTable({ flags, onOpen }: FeatureFlagTableProps) {
  return (
    <Table label="Feature flags" columns={columns}>
      {flags.map((flag) => (
        <tr
          key={flag.name}
          className="cursor-pointer hover:bg-surface-muted"
          onClick={() => onOpen(flag)}
        >
          <TableCell className="font-medium">
            <button type="button" className={cx('rounded text-left', focusRing)}>
              {flag.name}
            </button>
          </TableCell>
          <TableCell className="text-fg-muted">{flag.description}</TableCell>
          <TableCell className="font-mono text-xs">{flag.value}</TableCell>
          <TableCell>{flag.source}</TableCell>
          <TableCell>{createdByName(flag.created_by)}</TableCell>
          <TableCell>
            <RelativeTime value={flag.created_at} />
          </TableCell>
          <TableCell>
            <RelativeTime value={flag.updated_at} />
          </TableCell>
        </tr>
      ))}
    </Table>
  );
}
