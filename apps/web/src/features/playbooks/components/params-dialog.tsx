import { Dialog } from '@/ui/dialog.tsx';
import { asFormValue } from '../model/param-values.ts';
import { EmptyState } from '@/ui/empty-state.tsx';

/** The parameters a run was started with (spec 002 §2, 'Params'). */
export function ParamsDialog({
  parameters,
  onClose,
}: {
  parameters: Readonly<Record<string, unknown>>;
  onClose: () => void;
}) {
  const entries = Object.entries(parameters);
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()} title="Params" size="medium">
      {entries.length === 0 ? (
        <EmptyState title="No parameters" description="This run was started without parameters." />
      ) : (
        <dl className="grid grid-cols-[max-content_1fr] gap-x-4 gap-y-2 text-sm">
          {entries.map(([name, value]) => (
            <div key={name} className="contents">
              <dt className="font-medium text-fg-muted">{name}</dt>
              <dd className="min-w-0 font-mono text-xs break-all whitespace-pre-wrap">
                {asFormValue(value)}
              </dd>
            </div>
          ))}
        </dl>
      )}
    </Dialog>
  );
}
