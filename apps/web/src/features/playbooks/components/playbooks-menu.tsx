import { ChevronDown, PlayCircle } from 'lucide-react';
import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { usePropertiesQuery } from '@/lib/session/session-queries.ts';
import { isAreaDisabled } from '@/lib/session/feature-flags.ts';
import { usePermission } from '@/lib/session/use-permission.ts';
import { Button } from '@/ui/button.tsx';
import { cx, focusRing } from '@/ui/class-names.ts';
import type { playbookSummarySchema } from '@vigil/domain';
import type { z } from 'zod';
import type { PlaybookTarget } from '../api/playbook-keys.ts';
import { usePlaybooksQuery } from '../api/playbooks-query.ts';
import { displayName } from '../model/categories.ts';
import { PlaybookIcon } from './playbook-icon.tsx';
import { RunPlaybookDialog } from './run-playbook-dialog.tsx';

const itemClassName = cx(
  'flex w-full items-center gap-2 rounded px-2 py-1.5 text-left text-sm text-fg hover:bg-surface-muted',
  focusRing,
);

function useDismiss(open: boolean, close: () => void) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!open) return;
    const onMouseDown = (event: MouseEvent) => {
      if (event.target instanceof Node && ref.current?.contains(event.target) !== true) close();
    };
    const onKeyDown = (event: KeyboardEvent) => event.key === 'Escape' && close();
    document.addEventListener('mousedown', onMouseDown);
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('mousedown', onMouseDown);
      document.removeEventListener('keydown', onKeyDown);
    };
  }, [open, close]);
  return ref;
}

/**
 * The Playbooks menu of a config, component or check screen: the playbooks that run on it
 * (`GET /api/playbook/list?config_id=…`), each opening the run dialog on that resource.
 * Hidden without write on playbook_runs (spec 000 §6) or when playbooks are switched off.
 */
export function PlaybooksMenu({
  target,
  placement = 'below',
}: {
  target: PlaybookTarget;
  /** 'above' in a footer, where a panel opening downwards would be cut off. */
  placement?: 'above' | 'below';
}) {
  const mayRun = usePermission(['playbook_runs'], 'write');
  const properties = usePropertiesQuery();
  const enabled = mayRun && !isAreaDisabled(properties.data ?? [], 'playbooks');
  const [open, setOpen] = useState(false);
  const [running, setRunning] = useState<z.infer<typeof playbookSummarySchema> | undefined>(
    undefined,
  );
  const close = useCallback(() => setOpen(false), []);
  const ref = useDismiss(open, close);
  const panelId = useId();
  // Asked when first opened: a detail screen should not pay for a menu nobody opens.
  const [asked, setAsked] = useState(false);
  const playbooks = usePlaybooksQuery(target, { enabled: enabled && asked });
  if (!enabled) return null;
  return (
    <div ref={ref} className="relative">
      <Button
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => {
          setAsked(true);
          setOpen(!open);
        }}
      >
        <PlayCircle aria-hidden="true" className="size-4" />
        Playbooks
        <ChevronDown aria-hidden="true" className="size-3.5" />
      </Button>
      <div
        id={panelId}
        hidden={!open}
        className={cx(
          'absolute right-0 z-20 max-h-80 w-72 space-y-0.5 overflow-auto rounded-md border border-border bg-surface p-1.5 shadow-lg',
          placement === 'above' ? 'bottom-full mb-1' : 'mt-1',
        )}
      >
        {playbooks.isPending && asked && (
          <p className="px-2 py-1.5 text-sm text-fg-muted">Loading…</p>
        )}
        {playbooks.isError && (
          <p role="alert" className="px-2 py-1.5 text-sm text-unhealthy">
            {playbooks.error.message}
          </p>
        )}
        {playbooks.isSuccess && playbooks.data.length === 0 && (
          <p className="px-2 py-1.5 text-sm text-fg-muted">No playbooks run on this resource.</p>
        )}
        {playbooks.data?.map((playbook) => (
          <button
            key={playbook.id}
            type="button"
            className={itemClassName}
            onClick={() => {
              close();
              setRunning(playbook);
            }}
          >
            <PlaybookIcon name={playbook.icon} />
            <span className="truncate">{displayName(playbook)}</span>
          </button>
        ))}
      </div>
      {running !== undefined && (
        <RunPlaybookDialog
          playbook={running}
          target={target}
          onClose={() => setRunning(undefined)}
        />
      )}
    </div>
  );
}
