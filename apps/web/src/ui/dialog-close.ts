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
