import { useQuery } from '@tanstack/react-query';
import { playbookListResponseSchema } from '@vigil/domain';
import { apiRequest } from '@/lib/http.ts';
import { playbookKeys, targetFields, type PlaybookTarget } from './playbook-keys.ts';

/** `GET /api/playbook/list`: every playbook, or those that run on one config, component or check. */
export function usePlaybooksQuery(target?: PlaybookTarget, options: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: playbookKeys.list(target),
    queryFn: ({ signal }) =>
      apiRequest('playbook', '/list', playbookListResponseSchema, {
        query: targetFields(target),
        signal,
      }),
    enabled: options.enabled ?? true,
  });
}
