import { useMutation } from '@tanstack/react-query';
import { toast } from 'sonner';
import { apiBlob } from '@/lib/http.ts';

export interface SnapshotRequest {
  id: string;
  name: string;
  start: string;
  related: boolean;
}

function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const anchor = document.createElement('a');
  anchor.href = url;
  anchor.download = fileName;
  document.body.append(anchor);
  anchor.click();
  anchor.remove();
  URL.revokeObjectURL(url);
}

/** Downloads `{name}-snapshot.zip` (spec 001 §2); a failure says 'Error downloading file'. */
export function useDownloadSnapshot(onDone: () => void) {
  return useMutation({
    mutationFn: async ({ id, start, related }: SnapshotRequest) =>
      apiBlob('snapshot', `/topology/${encodeURIComponent(id)}`, {
        query: { start, related },
        headers: { Accept: 'application/zip' },
      }),
    onSuccess: (blob, request) => {
      saveBlob(blob, `${request.name}-snapshot.zip`);
      onDone();
    },
    onError: () => toast.error('Error downloading file'),
    meta: { toast: false },
  });
}
