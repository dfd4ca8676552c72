import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/http.ts';
import { organizationKeys } from './organization-keys.ts';
import { organizationListSchema } from './organization-schemas.ts';

/** The caller's organisations and the active one (hosted mode). */
export function useOrganizations() {
  return useQuery({
    queryKey: organizationKeys.list(),
    queryFn: ({ signal }) =>
      apiRequest('auth', '/organizations', organizationListSchema, { signal }),
  });
}
