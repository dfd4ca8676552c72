import type { ReactNode } from 'react';
import { Button } from './button.tsx';
import { cx } from './class-names.ts';

export interface DialogActionsProps {
  onCancel: () => void;
  confirmLabel: string;
  /** Replaces confirmLabel while the action runs. */
  pendingLabel: string;
  pending: boolean;
  /** Without it the confirm button submits the form it sits in. */
  onConfirm?: () => void;
  confirmVariant?: 'primary' | 'danger';
  /** Extra actions placed before Cancel. */
  children?: ReactNode;
  className?: string;
}

/** A dialog's Cancel and confirm buttons, right-aligned. */
export function DialogActions({
  onCancel,
  confirmLabel,
  pendingLabel,
  pending,
  onConfirm,
  confirmVariant = 'primary',
  children,
  className,
}: DialogActionsProps) {
  return (
    <div className={cx('flex justify-end gap-2', className)}>
      {children}
      <Button onClick={onCancel}>Cancel</Button>
      <Button
        type={onConfirm === undefined ? 'submit' : 'button'}
        variant={confirmVariant}
        disabled={pending}
        onClick={onConfirm}
      >
        {pending ? pendingLabel : confirmLabel}
      </Button>
    </div>
  );
}
