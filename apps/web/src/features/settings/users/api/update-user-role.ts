import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Role } from '@vigil/domain';
import { toast } from 'sonner';
import { z } from 'zod';
import { apiRequest } from '@/lib/http.ts';
import { sessionKeys } from '@/lib/session/session-keys.ts';
import { userKeys } from './user-keys.ts';

export interface UpdateUserRoleInput {
  id: string;
  name: string;
  /** Every role the user is to hold: update_role replaces the user's roles with these. */
  roles: readonly Role[];
}

export function useUpdateUserRole() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, roles }: UpdateUserRoleInput) =>
      apiRequest('rbac', `/${encodeURIComponent(id)}/update_role`, z.unknown(), {
        method: 'POST',
        body: { roles },
      }),
    onSuccess: async (_result, input) => {
      toast.success(`${input.name} role updated successfully`);
      // The signed-in user may have changed their own roles.
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: userKeys.all }),
        queryClient.invalidateQueries({ queryKey: sessionKeys.whoami() }),
      ]);
    },
  });
}
