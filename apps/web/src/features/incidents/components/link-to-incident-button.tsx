import { Siren } from 'lucide-react';
import { useState } from 'react';
import { useFeatureFlags } from '@/lib/session/use-feature-flags.ts';
import { usePermission } from '@/lib/session/use-permission.ts';
import { Button } from '@/ui/button.tsx';
import type { LinkTarget } from '../api/link-to-incident.ts';
import { LinkToIncidentDialog } from './link-to-incident-dialog.tsx';

/**
 * 'Link to Incident' for a check, config item or component: hidden without write permission on
 * incidents and when the incidents area is switched off (spec 002 §6).
 */
export function LinkToIncidentButton({
  target,
  size = 'md',
}: {
  target: LinkTarget;
  size?: 'sm' | 'md';
}) {
  const canWrite = usePermission(['incident', 'evidences'], 'write');
  const flags = useFeatureFlags();
  const [open, setOpen] = useState(false);
  if (!canWrite || flags.isPending || flags.isDisabled('incidents')) return null;
  return (
    <>
      <Button size={size} onClick={() => setOpen(true)}>
        <Siren aria-hidden="true" className="size-4" />
        Link to Incident
      </Button>
      {open && <LinkToIncidentDialog target={target} onClose={() => setOpen(false)} />}
    </>
  );
}
