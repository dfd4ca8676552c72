import { Navigate } from 'react-router';
import { useAbout } from '@/lib/session/session-queries.ts';

/** Spec 000 §2.1: home is the topology in the full edition and the health dashboard otherwise. */
export function HomeRedirect() {
  const edition = useAbout().data?.edition ?? 'full';
  return <Navigate to={edition === 'health' ? '/health' : '/topology'} replace />;
}
