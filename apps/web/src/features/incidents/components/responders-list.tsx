import { Trash2 } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/ui/button.tsx';
import { cx, focusRing } from '@/ui/class-names.ts';
import { ConfirmDialog } from '@/ui/confirm-dialog.tsx';
import { Dialog } from '@/ui/dialog.tsx';
import { closeOnDismiss } from '@/ui/dialog-close.ts';
import { formatRelative } from '@/ui/relative-time.tsx';
import { HoverCard } from '@/ui/hover-card.tsx';
import { useDeleteResponder } from '../api/responder-mutations.ts';
import type { Responder } from '../api/incident-schemas.ts';
import { AddResponderWizard } from './add-responder-wizard.tsx';
import { typeLabel } from './incident-badges.tsx';

export function responderName(responder: Responder): string {
  return responder.person?.name ?? responder.team?.name ?? typeLabel(responder.type);
}

const track = [
  ['Created', 'created_at'],
  ['Acknowledged', 'acknowledged_at'],
  ['Resolved', 'resolved_at'],
  ['Closed', 'closed_at'],
] as const;

function ResponderDetail({ responder, onClose }: { responder: Responder; onClose: () => void }) {
  const current = track.findIndex(([, key]) => !responder[key]);
  const acknowledged = responder.acknowledged_at
    ? Math.round((Date.parse(responder.acknowledged_at) - Date.parse(responder.created_at)) / 60000)
    : undefined;
  return (
    <Dialog
      open
      onOpenChange={closeOnDismiss(onClose)}
      title={responderName(responder)}
      size="medium"
    >
      <ol aria-label="Progress" className="mb-4 grid grid-cols-4 gap-2">
        {track.map(([label, key], index) => (
          <li
            key={label}
            aria-current={index === current ? 'step' : undefined}
            className={cx(
              'rounded border px-2 py-1 text-xs',
              responder[key]
                ? 'border-healthy text-healthy'
                : index === current
                  ? 'border-accent'
                  : 'border-border text-fg-muted',
            )}
          >
            <div className="font-medium">{label}</div>
            <div>{responder[key] ? formatRelative(new Date(responder[key] ?? '')) : '—'}</div>
          </li>
        ))}
      </ol>
      <dl className="grid grid-cols-[max-content_1fr] gap-x-4 gap-y-1 text-sm">
        <dt className="text-fg-muted">Time taken to acknowledge</dt>
        <dd>{acknowledged === undefined ? '—' : `${acknowledged} min`}</dd>
        {Object.entries(responder.properties ?? {}).map(([key, value]) => (
          <div key={key} className="contents">
            <dt className="text-fg-muted">{key}</dt>
            <dd className="break-words">{String(value)}</dd>
          </div>
        ))}
      </dl>
    </Dialog>
  );
}

/** What the hover card says: the kind of responder, its ticket and how far it has got. */
function ResponderCard({ responder }: { responder: Responder }) {
  const reached = track.filter(([, key]) => responder[key]).at(-1);
  return (
    <span className="block space-y-0.5">
      <span className="block font-medium">{responderName(responder)}</span>
      <span className="block text-fg-muted">{typeLabel(responder.type)}</span>
      {responder.external_id && <span className="block">{`Ticket ${responder.external_id}`}</span>}
      {reached && (
        <span className="block">
          {reached[0]} {formatRelative(new Date(responder[reached[1]] ?? ''))}
        </span>
      )}
    </span>
  );
}

/** Responders with their detail dialog, delete confirmation and the Add wizard (spec 002 §2). */
export function RespondersList({
  incidentId,
  responders,
  canWrite,
}: {
  incidentId: string;
  responders: readonly Responder[];
  canWrite: boolean;
}) {
  const [open, setOpen] = useState<Responder>();
  const [deleting, setDeleting] = useState<Responder>();
  const [adding, setAdding] = useState(false);
  const remove = useDeleteResponder();
  return (
    <div className="space-y-1">
      {responders.length === 0 && <p className="text-fg-muted">None</p>}
      <ul className="space-y-1">
        {responders.map((responder) => (
          <li key={responder.id} className="flex items-center gap-1">
            <HoverCard card={<ResponderCard responder={responder} />}>
              <button
                type="button"
                className={cx('w-full truncate rounded text-left hover:underline', focusRing)}
                onClick={() => setOpen(responder)}
              >
                {responderName(responder)}
              </button>
            </HoverCard>
            {responder.external_id && (
              <span className="font-mono text-xs text-fg-muted">{responder.external_id}</span>
            )}
            {canWrite && (
              <Button
                variant="ghost"
                size="icon"
                label={`Delete responder ${responderName(responder)}`}
                onClick={() => setDeleting(responder)}
              >
                <Trash2 aria-hidden="true" className="size-3.5" />
              </Button>
            )}
          </li>
        ))}
      </ul>
      {canWrite && (
        <button
          type="button"
          className="text-sm text-accent hover:underline"
          onClick={() => setAdding(true)}
        >
          Add Responders
        </button>
      )}
      {open && <ResponderDetail responder={open} onClose={() => setOpen(undefined)} />}
      {deleting && (
        <ConfirmDialog
          title="Delete Responder ?"
          message="Are you sure you want to delete the responder ?"
          pending={remove.isPending}
          onClose={() => setDeleting(undefined)}
          onConfirm={() => remove.mutateAsync(deleting.id)}
        />
      )}
      {adding && <AddResponderWizard incidentId={incidentId} onClose={() => setAdding(false)} />}
    </div>
  );
}
