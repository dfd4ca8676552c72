import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { playbookParamsResponseSchema } from '@vigil/domain';
import { apiRequest } from '@/lib/http.ts';
import { playbookKeys, targetFields, type PlaybookTarget } from './playbook-keys.ts';

/**
 * `POST /api/playbook/{id}/params`: the parameters with their defaults evaluated on the chosen
 * resource (defaults may be templates over it), so it is asked again when the resource changes.
 */
export function usePlaybookParamsQuery(
  playbookId: string,
  target: PlaybookTarget | undefined,
  enabled: boolean,
) {
  return useQuery({
    queryKey: playbookKeys.params(playbookId, target),
    queryFn: async ({ signal }) => {
      const answer = await apiRequest(
        'playbook',
        `/${encodeURIComponent(playbookId)}/params`,
        playbookParamsResponseSchema,
        { method: 'POST', body: { id: playbookId, ...targetFields(target) }, signal },
      );
      return answer.params;
    },
    enabled,
    placeholderData: keepPreviousData,
    // Defaults can read live resource state: never reuse an old evaluation for a new dialog.
    staleTime: 0,
    gcTime: 0,
  });
}
