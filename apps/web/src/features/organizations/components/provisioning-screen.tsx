import { useEffect, type ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { sessionKeys } from '@/lib/session/session-keys.ts';
import { Spinner } from '@/ui/spinner.tsx';
import { OrganizationSwitcher } from './organization-switcher.tsx';

/** How often the screen asks whether the organisation is ready. */
const pollMs = 2000;

/**
 * Hosted mode, while the organisation's backend is not ready (spec 000 §2.2, §8): the header
 * keeps the organisation switcher, so a person with no organisation yet can create one.
 */
export function ProvisioningScreen({ userButton }: { userButton: ReactNode }) {
  const queryClient = useQueryClient();
  // Refetched, not observed here: a second observer would refetch on every mount.
  useEffect(() => {
    const timer = setInterval(
      () => void queryClient.refetchQueries({ queryKey: sessionKeys.whoami() }),
      pollMs,
    );
    return () => clearInterval(timer);
  }, [queryClient]);
  return (
    <div className="flex h-full flex-col">
      <header className="flex h-12 shrink-0 items-center justify-end gap-1 border-b border-border bg-surface px-4">
        <OrganizationSwitcher />
        {userButton}
      </header>
      <main
        role="status"
        className="flex flex-1 flex-col items-center justify-center gap-3 text-sm text-fg-muted"
      >
        <Spinner label="Provisioning" />
        <p>Please wait, instance provisioning in-progress ...</p>
      </main>
    </div>
  );
}
