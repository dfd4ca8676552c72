import { CircleUser } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { version as frontendVersion } from '../../../package.json';
import { useHealthQuery } from '../../features/system/api/health-query.ts';
import { Button } from '../../ui/button.tsx';

function BackendVersion() {
  const health = useHealthQuery();
  if (health.isPending) return <>backend …</>;
  if (health.isError) return <>backend unavailable</>;
  return <>backend {health.data.version}</>;
}

/** Sign-in arrives with the identity issue; until then the menu carries the version line. */
export function UserMenu() {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const ref = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!open) return;
    const onMouseDown = (event: MouseEvent): void => {
      if (event.target instanceof Node && ref.current?.contains(event.target) === true) return;
      setOpen(false);
    };
    const onKeyDown = (event: KeyboardEvent): void => {
      if (event.key === 'Escape') setOpen(false);
    };
    document.addEventListener('mousedown', onMouseDown);
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('mousedown', onMouseDown);
      document.removeEventListener('keydown', onKeyDown);
    };
  }, [open]);

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
        <CircleUser aria-hidden="true" className="size-5" />
      </Button>
      <div
        id={panelId}
        hidden={!open}
        className="absolute right-0 z-20 mt-1 w-56 rounded-md border border-border bg-surface p-3 text-xs text-fg-muted shadow-lg"
      >
        <p>frontend {frontendVersion}</p>
        <p>
          <BackendVersion />
        </p>
      </div>
    </div>
  );
}
