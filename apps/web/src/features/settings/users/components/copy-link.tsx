import { Copy } from 'lucide-react';
import { Button } from '@/ui/button.tsx';
import { copyToClipboard } from '@/ui/copy-button.tsx';
import { inputClassName } from '@/ui/form-field.tsx';

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
