import { timeRanges } from '@vigil/domain';
import { useId, useState } from 'react';
import { cx, focusRing } from '@/ui/class-names.ts';
import { Dialog } from '@/ui/dialog.tsx';
import { DialogActions } from '@/ui/dialog-actions.tsx';
import { inputClassName } from '@/ui/form-field.tsx';
import { useDownloadSnapshot } from '../api/snapshot-mutation.ts';

export interface SnapshotDialogProps {
  component: { id: string; name: string };
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** Spec 001 §2: time range (first choice by default), related components (off), Download. */
export function SnapshotDialog({ component, open, onOpenChange }: SnapshotDialogProps) {
  const [start, setStart] = useState<string>(timeRanges[0] ?? '15m');
  const [related, setRelated] = useState(false);
  const download = useDownloadSnapshot(() => onOpenChange(false));
  const rangeId = useId();
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title="Snapshot"
      description={`Download ${component.name} with its checks, configs and changes as a zip file.`}
    >
      <form
        className="space-y-4"
        onSubmit={(event) => {
          event.preventDefault();
          download.mutate({ id: component.id, name: component.name, start, related });
        }}
      >
        <div className="space-y-1">
          <label htmlFor={rangeId} className="block text-sm font-medium">
            Time Range
          </label>
          <select
            id={rangeId}
            value={start}
            onChange={(event) => setStart(event.target.value)}
            className={inputClassName}
          >
            {timeRanges.map((range) => (
              <option key={range} value={range}>
                {range}
              </option>
            ))}
          </select>
        </div>
        <label className="flex items-center gap-2 text-sm">
          <input
            type="checkbox"
            checked={related}
            onChange={(event) => setRelated(event.target.checked)}
            className={cx('size-4 accent-accent', focusRing)}
          />
          Include related components
        </label>
        <DialogActions
          onCancel={() => onOpenChange(false)}
          confirmLabel="Download"
          pendingLabel="Downloading…"
          pending={download.isPending}
        />
      </form>
    </Dialog>
  );
}
