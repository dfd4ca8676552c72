import type { TopologyComponent } from '@vigil/domain';
import { PanelRightClose, PanelRightOpen } from 'lucide-react';
import { useState } from 'react';
import { useFeatureFlags } from '@/lib/session/use-feature-flags.ts';
import { usePermission } from '@/lib/session/use-permission.ts';
import { Button } from '@/ui/button.tsx';
import { SidebarSections, type SidebarSection } from '@/ui/collapsible-sections.tsx';
import { ComponentActions } from '../component-actions.tsx';
import { CatalogSection } from './catalog-section.tsx';
import { DetailsSection } from './details-section.tsx';
import {
  ChangesSection,
  ChecksSection,
  IncidentsSection,
  InsightsSection,
  TeamsSection,
} from './list-sections.tsx';
import { PlaybooksSection } from './playbooks-section.tsx';

/**
 * Spec 001 §2: Details, Catalog, Incidents, Changes, Checks, Playbooks, Teams and Insights, one
 * open at a time. Incidents hide with the feature or without write access to incidents (§6).
 */
export function TopologySidePanel({ component }: { component: TopologyComponent }) {
  const [collapsed, setCollapsed] = useState(false);
  const { isDisabled } = useFeatureFlags();
  const canIncidents = usePermission(['incident'], 'write') && !isDisabled('incidents');
  const id = component.id;
  const sections: SidebarSection[] = [
    { key: 'details', title: 'Details', content: <DetailsSection component={component} /> },
    { key: 'catalog', title: 'Catalog', content: <CatalogSection componentId={id} /> },
    ...(canIncidents
      ? [{ key: 'incidents', title: 'Incidents', content: <IncidentsSection componentId={id} /> }]
      : []),
    { key: 'changes', title: 'Changes', content: <ChangesSection componentId={id} /> },
    { key: 'checks', title: 'Checks', content: <ChecksSection componentId={id} /> },
    { key: 'playbooks', title: 'Playbooks', content: <PlaybooksSection componentId={id} /> },
    { key: 'teams', title: 'Teams', content: <TeamsSection componentId={id} /> },
    { key: 'insights', title: 'Insights', content: <InsightsSection componentId={id} /> },
  ];
  if (collapsed) {
    return (
      <aside aria-label="Component details" className="shrink-0">
        <Button
          size="icon"
          label="Expand the side panel"
          aria-expanded={false}
          onClick={() => setCollapsed(false)}
        >
          <PanelRightOpen aria-hidden="true" className="size-4" />
        </Button>
      </aside>
    );
  }
  return (
    <aside aria-label="Component details" className="w-full shrink-0 space-y-2 lg:w-96">
      <div className="flex items-center gap-2">
        <h2 className="min-w-0 flex-1 truncate text-sm font-semibold">{component.name}</h2>
        <ComponentActions component={component} />
        <Button
          variant="ghost"
          size="icon"
          label="Collapse the side panel"
          aria-expanded
          onClick={() => setCollapsed(true)}
        >
          <PanelRightClose aria-hidden="true" className="size-4" />
        </Button>
      </div>
      <SidebarSections key={id} sections={sections} />
    </aside>
  );
}
