import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { z } from 'zod';
import { apiRequest } from '@/lib/http.ts';
import { consoleSource } from '@/lib/managed-source.ts';
import type { ResourceDefinition } from '../model/resource-definition.ts';
import { resourceKeys } from './resource-keys.ts';

export interface SaveResourceInput {
  /** Absent for a new resource. */
  id?: string | undefined;
  name: string;
  row: Record<string, unknown>;
}

const created = z.array(z.object({ id: z.string() }));

/** POST /{table} (source UI) or PATCH /{table}?id=eq.{id}; name and namespace never change. */
export function useSaveResource(definition: ResourceDefinition) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, row }: SaveResourceInput) => {
      if (id === undefined) {
        const rows = await apiRequest('db', `/${definition.table}`, created, {
          method: 'POST',
          query: { select: 'id' },
          body: { ...row, source: consoleSource },
        });
        return rows[0]?.id;
      }
      const patch = Object.fromEntries(
        Object.entries(row).filter(([key]) => key !== 'name' && key !== 'namespace'),
      );
      await apiRequest('db', `/${definition.table}`, z.unknown(), {
        method: 'PATCH',
        query: { id: `eq.${id}`, select: 'id' },
        body: patch,
      });
      return id;
    },
    onSuccess: async (_id, { id, name }) => {
      toast.success(`${name} ${id === undefined ? 'created' : 'updated'} successfully`);
      await queryClient.invalidateQueries({ queryKey: resourceKeys.table(definition.table) });
    },
  });
}

/** Spec 002 §4: a delete is a soft delete, PATCH deleted_at = now. */
export function useDeleteResource(definition: ResourceDefinition) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id }: { id: string; name: string }) =>
      apiRequest('db', `/${definition.table}`, z.unknown(), {
        method: 'PATCH',
        query: { id: `eq.${id}`, select: 'id' },
        body: { deleted_at: new Date().toISOString() },
      }),
    onSuccess: async (_data, { name }) => {
      toast.success(`${name} deleted successfully`);
      // Stale, not refetched: the open page would turn into 'not found' before navigating.
      await queryClient.invalidateQueries({
        queryKey: resourceKeys.table(definition.table),
        refetchType: 'none',
      });
    },
  });
}
