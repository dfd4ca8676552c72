import { useState } from 'react';
import type { IncidentDetail } from '../api/incident-schemas.ts';
import { ChangelogSection } from './changelog-section.tsx';
import { DefinitionOfDoneSection } from './definition-of-done-section.tsx';
import { DetailsSection } from './details-section.tsx';
import type { StatusWorkflow } from './status-workflow.tsx';

type Section = 'details' | 'dod' | 'changelog';

/** Three collapsible sections, one open at a time, Details first (spec 002 §2). */
export function IncidentSidePanel({
  incident,
  canWrite,
  workflow,
  onRefresh,
}: {
  incident: IncidentDetail;
  canWrite: boolean;
  workflow: StatusWorkflow;
  onRefresh: () => void;
}) {
  const [open, setOpen] = useState<Section | undefined>('details');
  const toggle = (section: Section) => () => setOpen(open === section ? undefined : section);
  return (
    <aside
      aria-label="Incident details"
      className="self-start rounded-lg border border-border bg-surface"
    >
      <DetailsSection
        incident={incident}
        canWrite={canWrite}
        workflow={workflow}
        open={open === 'details'}
        onToggle={toggle('details')}
      />
      <DefinitionOfDoneSection
        incident={incident}
        canWrite={canWrite}
        open={open === 'dod'}
        onToggle={toggle('dod')}
        onRefresh={onRefresh}
      />
      <ChangelogSection
        incidentId={incident.id}
        open={open === 'changelog'}
        onToggle={toggle('changelog')}
      />
    </aside>
  );
}
