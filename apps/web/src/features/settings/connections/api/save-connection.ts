import type { ConnectionWrite } from '@vigil/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { z } from 'zod';
import { apiRequest } from '@/lib/http.ts';
import { connectionKeys } from './connection-keys.ts';

export interface SaveConnectionInput {
  readonly id: string | undefined;
  readonly row: ConnectionWrite;
}

/** POST a new connection or PATCH one; a masked secret sent back keeps the stored one. */
export function useSaveConnection() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, row }: SaveConnectionInput) =>
      apiRequest('db', '/connections', z.array(z.object({ id: z.string() })), {
        method: id === undefined ? 'POST' : 'PATCH',
        query: { ...(id === undefined ? {} : { id: `eq.${id}` }), select: 'id' },
        body: row,
      }),
    onSuccess: async (_data, { id }) => {
      toast.success(
        id === undefined ? 'Connection added successfully' : 'Connection updated successfully',
      );
      await queryClient.invalidateQueries({ queryKey: connectionKeys.all });
    },
  });
}
