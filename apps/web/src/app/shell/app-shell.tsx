import { Outlet } from 'react-router';
import { ProvisioningScreen } from '@/features/organizations/index.ts';
import { SessionProvider } from '@/lib/session/session-provider.tsx';
import { ShellPlaceholder } from './shell-placeholder.tsx';
import { Sidebar } from './sidebar.tsx';
import { TopBar } from './top-bar.tsx';
import { UserMenu } from './user-menu.tsx';

export function AppShell() {
  return (
    <SessionProvider
      fallback={<ShellPlaceholder />}
      provisioning={<ProvisioningScreen userButton={<UserMenu />} />}
    >
      <div className="flex h-full">
        <Sidebar />
        <div className="flex min-w-0 flex-1 flex-col">
          <TopBar />
          <main className="flex-1 overflow-auto p-6">
            <Outlet />
          </main>
        </div>
      </div>
    </SessionProvider>
  );
}
