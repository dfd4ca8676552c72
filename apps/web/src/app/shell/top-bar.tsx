import { useQueryClient } from '@tanstack/react-query';
import { RefreshCw } from 'lucide-react';
import { Button } from '@/ui/button.tsx';
import { Breadcrumb } from './breadcrumb.tsx';
import { DocsMenu } from './docs-menu.tsx';
import { PaletteTrigger } from './command-palette/palette-trigger.tsx';
import { OrganizationSwitcher } from '@/features/organizations/index.ts';
import { useAbout } from '@/lib/session/session-queries.ts';
import { UserMenu } from './user-menu.tsx';

export function TopBar() {
  const queryClient = useQueryClient();
  const hosted = useAbout().data?.auth === 'oidc-org';

  return (
    <header className="flex h-12 shrink-0 items-center justify-between gap-4 border-b border-border bg-surface px-4">
      <Breadcrumb />
      <div className="flex items-center gap-1">
        <PaletteTrigger />
        <Button
          variant="ghost"
          size="icon"
          label="Refresh"
          onClick={() => void queryClient.invalidateQueries({ type: 'active' })}
        >
          <RefreshCw aria-hidden="true" className="size-4" />
        </Button>
        <DocsMenu />
        {/* Hosted mode: the organisation switcher and a user button (spec 000 §2.2). */}
        {hosted && <OrganizationSwitcher />}
        <UserMenu />
      </div>
    </header>
  );
}
