import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiList } from '@/lib/http.ts';
import { playbookKeys } from './playbook-keys.ts';

export type LookupKind = 'team' | 'people' | 'component' | 'config' | 'check';

const optionSchema = z.object({
  id: z.string(),
  name: z.string(),
  type: z.string().nullish(),
  email: z.string().nullish(),
});
export type LookupOption = z.infer<typeof optionSchema>;

/** Where each picker parameter finds its choices in the data API (spec 000 §3, 002 §7). */
const sources: Record<LookupKind, { path: string; select: string; extra: Record<string, string> }> =
  {
    team: { path: '/teams', select: 'id,name', extra: { deleted_at: 'is.null' } },
    people: {
      path: '/people',
      select: 'id,name,email',
      extra: { type: 'eq.person', deleted_at: 'is.null' },
    },
    component: { path: '/components', select: 'id,name,type', extra: { deleted_at: 'is.null' } },
    config: { path: '/config_items', select: 'id,name,type', extra: { deleted_at: 'is.null' } },
    check: { path: '/checks', select: 'id,name,type', extra: { deleted_at: 'is.null' } },
  };

/** Up to 100 choices for a picker parameter, by name. */
export function useLookupOptionsQuery(kind: LookupKind, search: string) {
  const source = sources[kind];
  return useQuery({
    queryKey: playbookKeys.options(kind, search),
    queryFn: async ({ signal }) => {
      const result = await apiList('db', source.path, optionSchema, {
        query: {
          select: source.select,
          ...source.extra,
          name: search === '' ? undefined : `ilike.*${search}*`,
          order: 'name.asc',
          limit: 100,
        },
        signal,
      });
      return result.data;
    },
    staleTime: 60_000,
  });
}
