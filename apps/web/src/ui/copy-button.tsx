import { Copy } from 'lucide-react';
import { toast } from 'sonner';
import { Button } from './button.tsx';

export const copiedMessage = 'Copied to clipboard';
export const clipboardUnavailableMessage = 'Clipboard not available';
export const copyFailedMessage = 'Failed to copy to clipboard';

/** Copies text and says how it went (spec §8): the clipboard API is missing on plain http. */
export async function copyToClipboard(text: string): Promise<void> {
  if (typeof navigator.clipboard?.writeText !== 'function') {
    toast.error(clipboardUnavailableMessage);
    return;
  }
  try {
    await navigator.clipboard.writeText(text);
    toast.success(copiedMessage);
  } catch {
    toast.error(copyFailedMessage);
  }
}

export function CopyButton({ label, text }: { label: string; text: string }) {
  return (
    <Button variant="ghost" size="icon" label={label} onClick={() => void copyToClipboard(text)}>
      <Copy aria-hidden="true" className="size-3.5" />
    </Button>
  );
}
