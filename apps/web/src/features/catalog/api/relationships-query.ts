import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { z } from 'zod';
import { apiRequest } from '@/lib/http.ts';
import { configKeys } from '@/lib/resource-keys.ts';
import { parseList } from '../model/filter-encoding.ts';
import { relatedMaxDepth, type RelationshipsUrlState } from '../model/relationships-url-state.ts';
import {
  configRelationshipSchema,
  relatedConfigSchema,
  type ConfigRelationship,
  type RelatedConfig,
} from './catalog-schemas.ts';

const linkChunk = 100;

function matches(value: string | null | undefined, param: string | undefined): boolean {
  const list = parseList(param);
  if (list.length === 0) return true;
  const included = list.filter((v) => v.include).map((v) => v.value);
  if (list.some((v) => !v.include && v.value === value)) return false;
  return included.length === 0 || included.includes(value ?? '');
}

async function linksAmong(
  ids: readonly string[],
  signal: AbortSignal,
): Promise<ConfigRelationship[]> {
  const known = new Set(ids);
  const links: ConfigRelationship[] = [];
  // The id list goes in the URL: chunks keep each request line short.
  for (let at = 0; at < ids.length; at += linkChunk) {
    const chunk = ids.slice(at, at + linkChunk);
    const rows = await apiRequest(
      'db',
      '/config_relationships',
      z.array(configRelationshipSchema),
      {
        query: {
          select: 'config_id,related_id,relation,selector_id,deleted_at',
          config_id: `in.(${chunk.join(',')})`,
          deleted_at: 'is.null',
        },
        signal,
      },
    );
    links.push(...rows.filter((row) => known.has(row.related_id)));
  }
  return links;
}

export interface RelationshipData {
  related: RelatedConfig[];
  links: ConfigRelationship[];
}

/** The configs related to one, walked up to 10 deep (1 for 'hard'), and the links among them. */
export function useRelationshipsQuery(config: RelatedConfig, state: RelationshipsUrlState) {
  const filters = {
    type_filter: state.type_filter ?? 'all',
    hideDeleted: state.hideDeleted ?? 'true',
    relation: state.relation ?? 'both',
  };
  return useQuery({
    queryKey: configKeys.relationships(config.id, filters),
    queryFn: async ({ signal }): Promise<RelationshipData> => {
      const related = await apiRequest(
        'db',
        '/rpc/related_configs_recursive',
        z.array(relatedConfigSchema),
        {
          query: {
            config_id: config.id,
            type_filter: filters.type_filter,
            include_deleted_configs: filters.hideDeleted === 'false',
            max_depth: filters.relation === 'hard' ? 1 : relatedMaxDepth,
            select: 'id,name,type,status,health,tags,deleted_at',
          },
          signal,
        },
      );
      const links = await linksAmong([config.id, ...related.map((c) => c.id)], signal);
      return { related, links };
    },
    select: (data) => ({
      ...data,
      related: data.related.filter(
        (c) =>
          matches(c.type, state.configTypes) &&
          matches(c.status, state.status) &&
          matches(c.health, state.health),
      ),
    }),
  });
}

/** Removes a manual link; only manual links can be unlinked (spec 001 §6). */
export function useUnlinkConfig() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (link: { config_id: string; related_id: string }) =>
      apiRequest('db', '/config_relationships', z.unknown(), {
        method: 'DELETE',
        query: {
          config_id: `eq.${link.config_id}`,
          related_id: `eq.${link.related_id}`,
          selector_id: 'eq.manual',
        },
      }),
    onSuccess: async () => {
      toast.success('Deleted config link successfully');
      await queryClient.invalidateQueries({ queryKey: configKeys.all });
    },
    onError: (error) => toast.error(error.message),
    meta: { toast: false },
  });
}
