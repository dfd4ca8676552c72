import { incidentSeverityOptions, incidentStatuses, incidentTypes } from '@vigil/domain';
import type { ReactNode } from 'react';
import { cx } from '@/ui/class-names.ts';
import { inputClassName } from '@/ui/form-field.tsx';
import { RelativeTime } from '@/ui/relative-time.tsx';
import type { IncidentDetail } from '../api/incident-schemas.ts';
import { useUpdateIncident } from '../api/update-incident.ts';
import { Avatar } from './incident-badges.tsx';
import { RespondersList } from './responders-list.tsx';
import { Options } from './select-options.tsx';
import { SideSection } from './side-section.tsx';
import type { StatusWorkflow } from './status-workflow.tsx';
import { useDebouncedSave } from './use-debounced-save.ts';

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid grid-cols-[7rem_1fr] items-center gap-2 py-1 text-sm">
      <dt className="text-fg-muted">{label}</dt>
      <dd className="min-w-0">{children}</dd>
    </div>
  );
}

function duration(from: string, to: string | null): string {
  const minutes = Math.max(
    0,
    Math.round(((to ? Date.parse(to) : Date.now()) - Date.parse(from)) / 60000),
  );
  if (minutes < 60) return `${minutes}m`;
  const hours = Math.floor(minutes / 60);
  return hours < 24 ? `${hours}h ${minutes % 60}m` : `${Math.floor(hours / 24)}d ${hours % 24}h`;
}

const select = cx(inputClassName, 'h-8');

/** Details (spec 002 §2): type and priority saved 500 ms after a change; High when unset. */
export function DetailsSection({
  incident,
  canWrite,
  workflow,
  open,
  onToggle,
}: {
  incident: IncidentDetail;
  canWrite: boolean;
  workflow: StatusWorkflow;
  open: boolean;
  onToggle: () => void;
}) {
  const update = useUpdateIncident(incident.id);
  const [type, setType] = useDebouncedSave(incident.type, 500, (value) =>
    update.mutate({ type: value }),
  );
  const [severity, setSeverity] = useDebouncedSave(incident.severity ?? 'high', 500, (value) =>
    update.mutate({ severity: value }),
  );
  return (
    <SideSection id="details" title="Details" open={open} onToggle={onToggle}>
      <dl>
        <Row label="Id">
          <span className="font-mono text-xs">{incident.incident_id}</span>
        </Row>
        <Row label="Type">
          <select
            aria-label="Type"
            className={select}
            disabled={!canWrite}
            value={type}
            onChange={(event) => setType(event.target.value)}
          >
            <Options values={incidentTypes} />
          </select>
        </Row>
        <Row label="Status">
          <select
            aria-label="Status"
            className={select}
            disabled={!canWrite || workflow.pending}
            value={incident.status}
            onChange={(event) => workflow.change(event.target.value)}
          >
            <Options values={incidentStatuses} />
          </select>
        </Row>
        <Row label="Priority">
          <select
            aria-label="Priority"
            className={select}
            disabled={!canWrite}
            value={severity}
            onChange={(event) => setSeverity(event.target.value)}
          >
            <Options values={incidentSeverityOptions} />
          </select>
        </Row>
        <Row label="Commanders">
          {incident.commander ? (
            <span className="flex items-center gap-2">
              <Avatar person={incident.commander} />
              {incident.commander.name}
            </span>
          ) : (
            <span className="text-fg-muted">None</span>
          )}
        </Row>
        <Row label="Responders">
          <RespondersList
            incidentId={incident.id}
            responders={incident.responders}
            canWrite={canWrite}
          />
        </Row>
        <Row label="Started">
          <RelativeTime value={incident.created_at} />
        </Row>
        <Row label="Duration">
          {duration(incident.created_at, incident.closed ?? incident.resolved)}
        </Row>
      </dl>
    </SideSection>
  );
}
