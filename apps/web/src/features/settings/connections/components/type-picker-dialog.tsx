import { pickableConnectionTypes, type ConnectionType } from '@vigil/domain';
import { cx, focusRing } from '@/ui/class-names.ts';
import { Dialog } from '@/ui/dialog.tsx';
import { closeOnDismiss } from '@/ui/dialog-close.ts';
import { connectionIcon } from '@/ui/connection-icons.ts';

/** The add flow's first step: a grid of every connection type, by label (spec 001 §2). */
export function TypePickerDialog({
  onPick,
  onClose,
}: {
  onPick: (type: ConnectionType) => void;
  onClose: () => void;
}) {
  return (
    <Dialog
      open
      size="large"
      title="Add Connection"
      description="Choose the type of connection"
      onOpenChange={closeOnDismiss(onClose)}
    >
      <ul
        aria-label="Connection types"
        className="grid grid-cols-2 gap-2 sm:grid-cols-3 md:grid-cols-4"
      >
        {pickableConnectionTypes().map((definition) => {
          const Icon = connectionIcon(definition.type);
          return (
            <li key={definition.type}>
              <button
                type="button"
                onClick={() => onPick(definition.type)}
                className={cx(
                  'flex h-12 w-full items-center justify-center gap-2 rounded-md border border-border px-2 text-center text-sm hover:bg-surface-muted',
                  focusRing,
                )}
              >
                <Icon aria-hidden="true" className="size-4 shrink-0 text-fg-muted" />
                {definition.label}
              </button>
            </li>
          );
        })}
      </ul>
    </Dialog>
  );
}
