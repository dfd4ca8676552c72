import { CircleUser, Download, LogOut, UserRound } from 'lucide-react';
import { useCallback, useId, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { version as frontendVersion } from '../../../package.json';
import { hostedSignOut } from '@/lib/session/hosted-logout.ts';
import { useLogout } from '@/lib/session/logout.ts';
import { useAbout, useSession } from '@/lib/session/session-queries.ts';
import { Button } from '@/ui/button.tsx';
import { cx } from '@/ui/class-names.ts';
import { menuItemClassName, menuPanelClassName, useDismiss } from '@/ui/menu-panel.ts';
import { ThemeSwitch } from '@/ui/theme-switch.tsx';
import { useUserTheme } from '@/ui/theme.ts';
import { KubeconfigDialog } from './kubeconfig-dialog.tsx';

const itemClassName = menuItemClassName;

function VersionLine() {
  const about = useAbout();
  const backend = about.data?.backend ?? about.data?.Version;
  return (
    <div className="space-y-0.5 px-2 py-1.5 text-xs text-fg-muted">
      <p>backend {backend ?? 'unknown'}</p>
      <p>frontend {frontendVersion}</p>
    </div>
  );
}

function SignOutButton() {
  const { logout, isPending } = useLogout();
  // Hosted people also sign out at the provider, or its session signs them straight back in.
  const hosted = useAbout().data?.auth === 'oidc-org';
  return (
    <button
      type="button"
      className={itemClassName}
      disabled={isPending}
      onClick={() => void (hosted ? hostedSignOut() : logout())}
    >
      <LogOut aria-hidden="true" className="size-4" />
      Sign out
    </button>
  );
}

export function UserMenu() {
  const [open, setOpen] = useState(false);
  const [kubeconfigOpen, setKubeconfigOpen] = useState(false);
  const panelId = useId();
  const close = useCallback(() => setOpen(false), []);
  const ref = useDismiss(open, close);
  const { pathname, search } = useLocation();
  const user = useSession().data?.user;
  // Hosted people manage their profile at the provider.
  const hosted = useAbout().data?.auth === 'oidc-org';
  const returnTo = encodeURIComponent(`${pathname}${search}`);
  useUserTheme(user?.id);

  return (
    <div ref={ref} className="relative">
      <Button
        variant="ghost"
        size="icon"
        label="User menu"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen(!open)}
      >
        {user?.avatar === undefined ? (
          <CircleUser aria-hidden="true" className="size-5" />
        ) : (
          <img src={user.avatar} alt="" className="size-6 rounded-full" />
        )}
      </Button>
      <div id={panelId} hidden={!open} className={cx(menuPanelClassName, 'w-64')}>
        {user !== undefined && (
          <div className="border-b border-border px-2 pb-2">
            <p className="truncate text-sm font-medium">{user.name}</p>
            <p className="truncate text-xs text-fg-muted">{user.email}</p>
          </div>
        )}
        {!hosted && (
          <Link
            to={`/profile-settings?return_to=${returnTo}`}
            className={itemClassName}
            onClick={close}
          >
            <UserRound aria-hidden="true" className="size-4" />
            Your Profile
          </Link>
        )}
        <button
          type="button"
          className={itemClassName}
          onClick={() => {
            close();
            setKubeconfigOpen(true);
          }}
        >
          <Download aria-hidden="true" className="size-4" />
          Download kubeconfig
        </button>
        <ThemeSwitch userId={user?.id} />
        <VersionLine />
        <SignOutButton />
      </div>
      <KubeconfigDialog open={kubeconfigOpen} onOpenChange={setKubeconfigOpen} />
    </div>
  );
}
