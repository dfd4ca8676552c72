import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Role } from '@vigil/domain';
import { toast } from 'sonner';
import { z } from 'zod';
import { apiRequest } from '@/lib/http.ts';
import { userKeys } from './user-keys.ts';

export interface InviteUserInput {
  firstName: string;
  lastName: string;
  email: string;
  role: Role;
}

const inviteResultSchema = z.object({ id: z.string(), recovery_link: z.string().nullish() });
export type InviteResult = z.infer<typeof inviteResultSchema>;

export function useInviteUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: InviteUserInput) =>
      apiRequest('auth', '/invite_user', inviteResultSchema, { method: 'POST', body: input }),
    onSuccess: async (_result, input) => {
      toast.success(`${input.firstName} ${input.lastName} invited successfully`);
      await queryClient.invalidateQueries({ queryKey: userKeys.all });
    },
  });
}
