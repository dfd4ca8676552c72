import { useQuery } from '@tanstack/react-query';
import { resourceSearchResponseSchema, type PlaybookSpec } from '@vigil/domain';
import { apiRequest } from '@/lib/http.ts';
import { targetSelectorKeys, type TargetKind } from '../model/target.ts';
import { playbookKeys } from './playbook-keys.ts';

/** `POST /api/resources/search`: resources of one kind that the playbook's selectors allow. */
export function useResourceSearchQuery(
  playbookId: string,
  spec: PlaybookSpec,
  kind: TargetKind,
  search: string,
) {
  const key = targetSelectorKeys[kind];
  return useQuery({
    queryKey: playbookKeys.resources(`${playbookId}:${kind}`, search),
    queryFn: async ({ signal }) => {
      const selectors = (spec[key] ?? []).map((selector) =>
        search === '' ? selector : { ...selector, search },
      );
      const answer = await apiRequest('root', '/resources/search', resourceSearchResponseSchema, {
        method: 'POST',
        body: { limit: 50, [key]: selectors },
        signal,
      });
      return answer[key];
    },
    staleTime: 30_000,
  });
}
