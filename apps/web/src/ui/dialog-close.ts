/** An onOpenChange for a dialog that is mounted only while open: dismissing it closes it. */
export function closeOnDismiss(onClose: () => void): (open: boolean) => void {
  return (open) => {
    if (!open) onClose();
  };
}

/** Closes the dialog once the action succeeds; on failure it stays open for another try. */
export async function closeAfterSuccess(
  action: () => Promise<unknown>,
  onClose: () => void,
): Promise<void> {
  try {
    await action();
    onClose();
  } catch {
    // The query client toasts the server's message.
  }
}

/**
 * A dialog's onInteractOutside: a click on a toast (its close button) is not a click outside,
 * so it dismisses the toast and leaves the dialog open.
 */
export function ignoreToasts(event: { target: EventTarget | null; preventDefault(): void }): void {
  if (event.target instanceof Element && event.target.closest('[data-sonner-toaster]') !== null)
    event.preventDefault();
}
