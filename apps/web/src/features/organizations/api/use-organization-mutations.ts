import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/http.ts';
import { organizationKeys } from './organization-keys.ts';
import { organizationSchema } from './organization-schemas.ts';

/** Creates an organisation; the server switches the session to it. */
export function useCreateOrganization() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (name: string) =>
      apiRequest('auth', '/organizations', organizationSchema, { method: 'POST', body: { name } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: organizationKeys.all }),
  });
}

export function useSwitchOrganization() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      apiRequest('auth', '/organizations/active', organizationSchema, {
        method: 'POST',
        body: { id },
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: organizationKeys.all }),
  });
}
