import { lazy, Suspense } from 'react';
import type { CheckSummary } from '@vigil/domain';

export interface CheckDetailModalProps {
  check: CheckSummary;
  now: number;
  onClose: () => void;
}

// Its own chunk, loaded when a check is opened: the /health list does not wait for it.
const CheckDetailDialog = lazy(async () => {
  const module = await import('./check-detail/check-detail-dialog.tsx');
  return { default: module.CheckDetailDialog };
});

export function CheckDetailModal(props: CheckDetailModalProps) {
  return (
    <Suspense fallback={null}>
      <CheckDetailDialog {...props} />
    </Suspense>
  );
}
