import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import type { PlaybookSpecView } from '@vigil/domain';
import { apiList } from '@/lib/http.ts';
import { targetSelectorKeys, type TargetKind } from '../model/target.ts';
import { playbookKeys } from './playbook-keys.ts';

const resourceSchema = z.object({
  id: z.string(),
  name: z.string().nullish(),
  type: z.string().nullish(),
});

const tables: Record<TargetKind, string> = {
  config: '/config_items',
  component: '/components',
  check: '/checks',
};

/** The exact types the selectors name (globs and negations are left to the server). */
function selectorTypes(spec: PlaybookSpecView, kind: TargetKind): string[] {
  const types = new Set<string>();
  for (const selector of spec[targetSelectorKeys[kind]] ?? []) {
    const listed = selector['types'];
    for (const type of Array.isArray(listed) ? listed : [selector['type']]) {
      if (typeof type === 'string' && type !== '' && !/[*!]/.test(type)) types.add(type);
    }
  }
  return [...types];
}

/**
 * Resources a playbook may run on, by name: the data API narrowed by the selectors' types. The
 * server checks the full selectors (labels, tags, globs) when the parameters are asked for.
 */
export function useResourceOptionsQuery(
  playbookId: string,
  spec: PlaybookSpecView,
  kind: TargetKind,
  search: string,
) {
  const types = selectorTypes(spec, kind);
  return useQuery({
    queryKey: playbookKeys.resources(`${playbookId}:${kind}:${types.join(',')}`, search),
    queryFn: async ({ signal }) => {
      const result = await apiList('db', tables[kind], resourceSchema, {
        query: {
          select: 'id,name,type',
          deleted_at: 'is.null',
          type:
            types.length === 0 ? undefined : `in.(${types.map((type) => `"${type}"`).join(',')})`,
          name: search === '' ? undefined : `ilike.*${search}*`,
          order: 'name.asc',
          limit: 100,
        },
        signal,
      });
      return result.data;
    },
    staleTime: 30_000,
  });
}
