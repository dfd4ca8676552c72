import type { TopologyComponent } from '@vigil/domain';
import { Camera, FileText, Link2, Siren, ZoomIn } from 'lucide-react';
import { useState } from 'react';
import { usePermission } from '@/lib/session/use-permission.ts';
import { useFeatureFlags } from '@/lib/session/use-feature-flags.ts';
import { ActionsMenu, type MenuAction } from './actions-menu.tsx';
import { LinkCatalogDialog } from './link-catalog-dialog.tsx';
import { SnapshotDialog } from './snapshot-dialog.tsx';

const icon = 'size-4 text-fg-muted';

export interface ComponentActionsProps {
  component: TopologyComponent;
  /** Cards offer Zoom In; the side panel is already zoomed in. */
  zoomInHref?: string;
}

/**
 * Spec 001 §2 and §6: View Logs (with an external id, logs enabled), Zoom In, Link to Incident
 * (incidents enabled and writable), Snapshot, Link to catalog.
 */
export function ComponentActions({ component, zoomInHref }: ComponentActionsProps) {
  const { isDisabled } = useFeatureFlags();
  const canIncident = usePermission(['incident'], 'write');
  const canLink = usePermission(['database'], 'write');
  const [dialog, setDialog] = useState<'snapshot' | 'link' | undefined>();
  const id = encodeURIComponent(component.id);
  const actions: MenuAction[] = [];
  if (component.external_id && !isDisabled('logs')) {
    actions.push({
      kind: 'link',
      label: 'View Logs',
      to: `/logs?topologyId=${id}`,
      icon: <FileText aria-hidden="true" className={icon} />,
    });
  }
  if (zoomInHref !== undefined) {
    actions.push({
      kind: 'link',
      label: 'Zoom In',
      to: zoomInHref,
      icon: <ZoomIn aria-hidden="true" className={icon} />,
    });
  }
  if (canIncident && !isDisabled('incidents')) {
    actions.push({
      kind: 'link',
      label: 'Link to Incident',
      to: `/incidents?create=true&topology=${id}`,
      icon: <Siren aria-hidden="true" className={icon} />,
    });
  }
  actions.push({
    kind: 'button',
    label: 'Snapshot',
    onSelect: () => setDialog('snapshot'),
    icon: <Camera aria-hidden="true" className={icon} />,
  });
  if (canLink) {
    actions.push({
      kind: 'button',
      label: 'Link to Catalog',
      onSelect: () => setDialog('link'),
      icon: <Link2 aria-hidden="true" className={icon} />,
    });
  }
  const close = (open: boolean): void => {
    if (!open) setDialog(undefined);
  };
  return (
    <>
      <ActionsMenu label={`Actions for ${component.name}`} actions={actions} />
      {dialog === 'snapshot' && <SnapshotDialog component={component} open onOpenChange={close} />}
      {dialog === 'link' && <LinkCatalogDialog component={component} open onOpenChange={close} />}
    </>
  );
}
