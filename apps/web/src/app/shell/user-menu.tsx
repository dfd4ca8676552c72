import { CircleUser, Download, LogOut, UserRound } from 'lucide-react';
import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { version as frontendVersion } from '../../../package.json';
import { useLogout } from '@/lib/session/logout.ts';
import { useAbout, useSession } from '@/lib/session/session-queries.ts';
import { Button } from '@/ui/button.tsx';
import { cx, focusRing } from '@/ui/class-names.ts';
import { ThemeSwitch } from '@/ui/theme-switch.tsx';
import { useUserTheme } from '@/ui/theme.ts';
import { KubeconfigDialog } from './kubeconfig-dialog.tsx';

const itemClassName = cx(
  'flex w-full items-center gap-2 rounded px-2 py-1.5 text-left text-sm text-fg hover:bg-surface-muted disabled:opacity-50',
  focusRing,
);

function useDismiss(open: boolean, close: () => void) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!open) return;
    const onMouseDown = (event: MouseEvent): void => {
      if (event.target instanceof Node && ref.current?.contains(event.target) === true) return;
      close();
    };
    const onKeyDown = (event: KeyboardEvent): void => {
      if (event.key === 'Escape') close();
    };
    document.addEventListener('mousedown', onMouseDown);
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('mousedown', onMouseDown);
      document.removeEventListener('keydown', onKeyDown);
    };
  }, [open, close]);
  return ref;
}

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
  return (
    <button
      type="button"
      className={itemClassName}
      disabled={isPending}
      onClick={() => void logout()}
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
      <div
        id={panelId}
        hidden={!open}
        className="absolute right-0 z-20 mt-1 w-64 space-y-1 rounded-md border border-border bg-surface p-2 shadow-lg"
      >
        {user !== undefined && (
          <div className="border-b border-border px-2 pb-2">
            <p className="truncate text-sm font-medium">{user.name}</p>
            <p className="truncate text-xs text-fg-muted">{user.email}</p>
          </div>
        )}
        <Link
          to={`/profile-settings?return_to=${returnTo}`}
          className={itemClassName}
          onClick={close}
        >
          <UserRound aria-hidden="true" className="size-4" />
          Your Profile
        </Link>
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
