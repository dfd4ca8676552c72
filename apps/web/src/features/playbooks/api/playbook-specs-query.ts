import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiList, apiRequest } from '@/lib/http.ts';
import { playbookKeys } from './playbook-keys.ts';

const settingsRowSchema = z.object({
  id: z.string(),
  name: z.string(),
  namespace: z.string().nullish(),
  title: z.string().nullish(),
  icon: z.string().nullish(),
  category: z.string().nullish(),
  source: z.string().nullish(),
  created_at: z.string().nullish(),
  updated_at: z.string().nullish(),
  created_by: z.object({ id: z.string(), name: z.string().nullish() }).nullish(),
});
export type PlaybookSettingsRow = z.infer<typeof settingsRowSchema>;

/** The settings list (spec 002 §7's generic resource call): newest first, at most 100. */
export function usePlaybookSpecsQuery() {
  return useQuery({
    queryKey: [...playbookKeys.lists(), 'settings'],
    queryFn: async ({ signal }) => {
      const result = await apiList('db', '/playbooks', settingsRowSchema, {
        query: {
          select:
            'id,name,namespace,title,icon,category,source,created_at,updated_at,created_by(id,name)',
          deleted_at: 'is.null',
          order: 'created_at.desc',
          limit: 100,
        },
        signal,
      });
      return result.data;
    },
  });
}

const specRowSchema = z.object({
  id: z.string(),
  name: z.string(),
  namespace: z.string().nullish(),
  source: z.string().nullish(),
  // Kept as written: the editor shows the spec the user saved, not a normalised copy.
  spec: z.record(z.string(), z.unknown()),
});
export type PlaybookSpecRow = z.infer<typeof specRowSchema>;

/** `GET /api/db/playbooks?id=eq.{id}` for the editor. */
export function usePlaybookSpecQuery(id: string) {
  return useQuery({
    queryKey: playbookKeys.detail(id),
    queryFn: async ({ signal }) => {
      const rows = await apiRequest('db', '/playbooks', z.array(specRowSchema), {
        query: { id: `eq.${id}`, deleted_at: 'is.null', select: 'id,name,namespace,source,spec' },
        signal,
      });
      return rows[0] ?? null;
    },
    meta: { toast: false },
  });
}

/** The spec's JSON schema, which the YAML editor validates against as you type. */
export function usePlaybookSchemaQuery() {
  return useQuery({
    queryKey: playbookKeys.schema(),
    queryFn: ({ signal }) =>
      apiRequest('root', '/schemas/playbook-spec.schema.json', z.record(z.string(), z.unknown()), {
        signal,
      }),
    staleTime: Infinity,
    meta: { toast: false },
  });
}
