import * as RadixDialog from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from './button.tsx';
import { cx } from './class-names.ts';
import { ignoreToasts } from './dialog-close.ts';

export type DialogSize = 'very-small' | 'small' | 'medium' | 'large' | 'full';

const sizes: Record<DialogSize, string> = {
  'very-small': 'max-w-sm',
  small: 'max-w-md',
  medium: 'max-w-xl',
  large: 'max-w-3xl',
  full: 'max-w-[95vw]',
};

export interface DialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description?: ReactNode;
  size?: DialogSize;
  children: ReactNode;
  footer?: ReactNode;
}

/** A modal with a title (named for screen readers), a close button and an optional footer. */
export function Dialog({
  open,
  onOpenChange,
  title,
  description,
  size = 'small',
  children,
  footer,
}: DialogProps) {
  return (
    <RadixDialog.Root open={open} onOpenChange={onOpenChange}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className="fixed inset-0 z-40 bg-overlay" />
        <RadixDialog.Content
          onInteractOutside={ignoreToasts}
          // Radix wires the description itself and warns unless a dialog without one says so.
          {...(description === undefined ? { 'aria-describedby': undefined } : {})}
          className={cx(
            'fixed top-1/2 left-1/2 z-50 max-h-[90vh] w-[calc(100vw-2rem)] -translate-x-1/2 -translate-y-1/2 overflow-auto rounded-lg border border-border bg-surface shadow-xl',
            sizes[size],
          )}
        >
          <div className="flex items-start justify-between gap-4 border-b border-border px-5 py-3">
            <div className="space-y-1">
              <RadixDialog.Title className="text-base font-semibold">{title}</RadixDialog.Title>
              {description !== undefined && (
                <RadixDialog.Description className="text-sm text-fg-muted">
                  {description}
                </RadixDialog.Description>
              )}
            </div>
            <RadixDialog.Close asChild>
              <Button variant="ghost" size="icon" label="Close">
                <X aria-hidden="true" className="size-4" />
              </Button>
            </RadixDialog.Close>
          </div>
          <div className="px-5 py-4">{children}</div>
          {footer !== undefined && (
            <div className="flex justify-end gap-2 border-t border-border px-5 py-3">{footer}</div>
          )}
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}
