import { Download } from 'lucide-react';
import { Dialog } from '@/ui/dialog.tsx';
import { cx, focusRing } from '@/ui/class-names.ts';

export const kubeconfigUrl = '/api/kubeconfig';
export const listCanariesCommand = 'kubectl get canaries -A';

export interface KubeconfigDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

export function KubeconfigDialog({ open, onOpenChange }: KubeconfigDialogProps) {
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title="Download kubeconfig"
      description="Use kubectl against Vigil to list and manage health checks."
      size="medium"
    >
      <ol className="list-decimal space-y-3 pl-5 text-sm">
        <li>
          <a
            href={kubeconfigUrl}
            download="kubeconfig.yaml"
            className={cx('inline-flex items-center gap-1.5 text-accent underline', focusRing)}
          >
            <Download aria-hidden="true" className="size-4" />
            Download kubeconfig
          </a>
        </li>
        <li>
          Point kubectl at it:
          <pre className="mt-1 overflow-auto rounded bg-surface-muted p-2 font-mono text-xs">
            export KUBECONFIG=~/Downloads/kubeconfig.yaml
          </pre>
        </li>
        <li>
          List the canaries:
          <pre className="mt-1 overflow-auto rounded bg-surface-muted p-2 font-mono text-xs">
            {listCanariesCommand}
          </pre>
        </li>
      </ol>
    </Dialog>
  );
}
