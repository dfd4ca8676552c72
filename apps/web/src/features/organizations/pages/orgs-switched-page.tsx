import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { usePageTitle } from '@/lib/page-title.ts';
import { Spinner } from '@/ui/spinner.tsx';

/** Every answer so far was the previous organisation's: drop them all, then go home. */
export function OrgsSwitchedPage() {
  usePageTitle('Switching organization');
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  useEffect(() => {
    queryClient.clear();
    void navigate('/', { replace: true });
  }, [navigate, queryClient]);
  return (
    <div className="flex h-full items-center justify-center gap-3 text-sm text-fg-muted">
      <Spinner label="Switching organization" />
      <p>Switching organization…</p>
    </div>
  );
}
