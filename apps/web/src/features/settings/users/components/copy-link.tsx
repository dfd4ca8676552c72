import { Copy } from 'lucide-react';
import { toast } from 'sonner';
import { Button } from '../../../../ui/button.tsx';
import { inputClassName } from '../../../../ui/form-field.tsx';

async function copyToClipboard(text: string): Promise<void> {
  if (typeof navigator.clipboard?.writeText !== 'function') {
    toast.error('Clipboard not available');
    return;
  }
  try {
    await navigator.clipboard.writeText(text);
    toast.success('Copied to clipboard');
  } catch {
    toast.error('Failed to copy to clipboard');
  }
}

export function CopyLink({ label, link }: { label: string; link: string }) {
  return (
    <div className="flex gap-2">
      <input aria-label={label} readOnly value={link} className={inputClassName} />
      <Button size="icon" label="Copy link" onClick={() => void copyToClipboard(link)}>
        <Copy aria-hidden="true" className="size-4" />
      </Button>
    </div>
  );
}
