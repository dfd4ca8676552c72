import { QueryClientProvider, useQuery } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { apiRequest } from '@/lib/http.ts';
import { createQueryClient } from '@/lib/query-client.ts';
import { canaryKeys, checkKeys } from '@/lib/resource-keys.ts';
import { setupMsw } from '@/testing/msw.ts';
import { useSaveCanary } from './save-canary.ts';

const server = setupMsw();
const canaryId = '0192f0c4-0000-7000-8000-000000000301';
const specRows = z.array(z.object({ spec: z.object({ url: z.string() }) }));

describe('saving a canary', () => {
  it("refreshes another feature's cached view of its checks, fresh as it was", async () => {
    let url = 'https://old.example.com';
    server.use(
      http.get('/api/db/checks', () => HttpResponse.json([{ spec: { url } }])),
      http.patch('/api/db/canaries', () => {
        url = 'https://new.example.com';
        return HttpResponse.json([{ id: canaryId }]);
      }),
    );
    const queryClient = createQueryClient({ retry: false, notify: () => {} });
    // Views of other features, cached under the same resource keys with the 5-minute staleTime.
    queryClient.setQueryData(checkKeys.summary('1h'), []);
    queryClient.setQueryData(canaryKeys.detailView(canaryId, 'source'), { source: 'UI' });
    const wrapper = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    );
    const { result } = renderHook(
      () => ({
        // The health modal's Spec tab reads the check definition this way.
        definition: useQuery({
          queryKey: checkKeys.definition('k1'),
          queryFn: () => apiRequest('db', '/checks', specRows),
        }),
        save: useSaveCanary(),
      }),
      { wrapper },
    );
    await waitFor(() =>
      expect(result.current.definition.data?.[0]?.spec.url).toBe('https://old.example.com'),
    );

    await act(() =>
      result.current.save.mutateAsync({
        id: canaryId,
        row: { name: 'shop', namespace: 'prod', labels: {}, spec: {} },
      }),
    );

    await waitFor(() =>
      expect(result.current.definition.data?.[0]?.spec.url).toBe('https://new.example.com'),
    );
    expect(queryClient.getQueryState(checkKeys.summary('1h'))?.isInvalidated).toBe(true);
    expect(
      queryClient.getQueryState(canaryKeys.detailView(canaryId, 'source'))?.isInvalidated,
    ).toBe(true);
  });
});
