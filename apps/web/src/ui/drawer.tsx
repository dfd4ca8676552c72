import * as RadixDialog from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from './button.tsx';
import { ignoreToasts } from './dialog-close.ts';

export interface DrawerProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description?: ReactNode;
  children: ReactNode;
}

/** A modal panel on the right edge: a dialog for screen readers, a side sheet on screen. */
export function Drawer({ open, onOpenChange, title, description, children }: DrawerProps) {
  return (
    <RadixDialog.Root open={open} onOpenChange={onOpenChange}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className="fixed inset-0 z-40 bg-overlay" />
        <RadixDialog.Content
          onInteractOutside={ignoreToasts}
          {...(description === undefined ? { 'aria-describedby': undefined } : {})}
          className="fixed inset-y-0 right-0 z-50 flex w-full max-w-xl flex-col border-l border-border bg-surface shadow-xl"
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
          <div className="flex-1 overflow-auto px-5 py-4">{children}</div>
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}
