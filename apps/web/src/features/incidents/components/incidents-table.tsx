import { useNavigate } from 'react-router';
import { cx, focusRing } from '@/ui/class-names.ts';
import { RelativeTime } from '@/ui/relative-time.tsx';
import { Table, TableCell } from '@/ui/table.tsx';
import type { IncidentSummary } from '../api/incident-schemas.ts';
import {
  AvatarStack,
  IncidentSeverityBadge,
  IncidentStatusBadge,
  IncidentTypeLabel,
} from './incident-badges.tsx';

const columns = ['Id', 'Type', 'Severity', 'Status', 'Name', 'Age', 'Responders'] as const;

/** The incident list (spec 002 §2); a row opens the incident. */
export function IncidentsTable({ incidents }: { incidents: readonly IncidentSummary[] }) {
  const navigate = useNavigate();
  return (
    <Table label="Incidents" columns={columns}>
      {incidents.map((incident) => (
        <tr
          key={incident.id}
          className="cursor-pointer hover:bg-surface-muted"
          onClick={() => void navigate(`/incidents/${incident.id}`)}
        >
          <TableCell className="font-mono text-xs whitespace-nowrap">
            <button
              type="button"
              className={cx('rounded', focusRing)}
              onClick={() => void navigate(`/incidents/${incident.id}`)}
            >
              {incident.incident_id}
            </button>
          </TableCell>
          <TableCell>
            <IncidentTypeLabel type={incident.type} />
          </TableCell>
          <TableCell>
            <IncidentSeverityBadge severity={incident.severity} />
          </TableCell>
          <TableCell>
            <IncidentStatusBadge status={incident.status} />
          </TableCell>
          <TableCell className="font-medium">{incident.title}</TableCell>
          <TableCell className="whitespace-nowrap text-fg-muted">
            <RelativeTime value={incident.created_at} />
          </TableCell>
          <TableCell>
            <AvatarStack people={incident.responders} />
          </TableCell>
        </tr>
      ))}
    </Table>
  );
}
