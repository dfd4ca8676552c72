import { useEffect, type ReactNode } from 'react';
import { useSession } from '@/lib/session/session-queries.ts';
import { Spinner } from '@/ui/spinner.tsx';
import { OrganizationSwitcher } from './organization-switcher.tsx';

/** How often the screen asks whether the organisation is ready. */
const pollMs = 2000;

/**
 * Hosted mode, while the organisation's backend is not ready (spec 000 §2.2, §8): the header
 * keeps the organisation switcher, so a person with no organisation yet can create one.
 */
export function ProvisioningScreen({ userButton }: { userButton: ReactNode }) {
  const session = useSession();
  const { refetch } = session;
  useEffect(() => {
    const timer = setInterval(() => void refetch(), pollMs);
    return () => clearInterval(timer);
  }, [refetch]);
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
