import { Building2, Check, ChevronsUpDown, Plus } from 'lucide-react';
import { useCallback, useId, useState } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '@/ui/button.tsx';
import { cx } from '@/ui/class-names.ts';
import { menuItemClassName, menuPanelClassName, useDismiss } from '@/ui/menu-panel.ts';
import { useOrganizations } from '../api/use-organizations.ts';
import { useSwitchOrganization } from '../api/use-organization-mutations.ts';
import { orgsSwitchedPath } from '../routes.tsx';
import { CreateOrganizationDialog } from './create-organization-dialog.tsx';

/**
 * Hosted mode's organisation switcher: the caller's organisations (no personal workspace)
 * and create-organization in a modal.
 */
export function OrganizationSwitcher() {
  const [open, setOpen] = useState(false);
  const [creating, setCreating] = useState(false);
  const panelId = useId();
  const close = useCallback(() => setOpen(false), []);
  const ref = useDismiss(open, close);
  const navigate = useNavigate();
  const organizations = useOrganizations();
  const switchTo = useSwitchOrganization();
  const list = organizations.data?.organizations ?? [];
  const active = list.find((org) => org.id === organizations.data?.active);

  return (
    <div ref={ref} className="relative">
      <Button
        variant="ghost"
        aria-expanded={open}
        aria-controls={panelId}
        aria-label={`Organization: ${active?.name ?? 'none selected'}`}
        onClick={() => setOpen(!open)}
      >
        <Building2 aria-hidden="true" className="size-4" />
        <span className="max-w-40 truncate">{active?.name ?? 'Select organization'}</span>
        <ChevronsUpDown aria-hidden="true" className="size-3.5 text-fg-muted" />
      </Button>
      <div id={panelId} hidden={!open} className={cx(menuPanelClassName, 'w-64')}>
        <p className="px-2 pb-1 text-xs font-medium text-fg-muted">Organizations</p>
        {list.map((org) => (
          <button
            key={org.id}
            type="button"
            className={menuItemClassName}
            aria-current={org.id === active?.id ? 'true' : undefined}
            disabled={switchTo.isPending}
            onClick={() => {
              close();
              if (org.id === active?.id) return;
              switchTo.mutate(org.id, { onSuccess: () => void navigate(orgsSwitchedPath) });
            }}
          >
            <span className="min-w-0 flex-1 truncate">{org.name}</span>
            {org.id === active?.id && <Check aria-hidden="true" className="size-4" />}
          </button>
        ))}
        <button
          type="button"
          className={cx(menuItemClassName, 'border-t border-border')}
          onClick={() => {
            close();
            setCreating(true);
          }}
        >
          <Plus aria-hidden="true" className="size-4" />
          Create organization
        </button>
      </div>
      <CreateOrganizationDialog open={creating} onOpenChange={setCreating} />
    </div>
  );
}
