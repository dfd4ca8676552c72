import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '@/lib/http.ts';
import { testOutcomeOf, type TestOutcome } from '../model/test-outcome.ts';

/** POST /api/connection/test/{id}; every answer becomes an outcome shown beside the button. */
export function useTestConnection() {
  return useMutation({
    mutationFn: async (id: string): Promise<TestOutcome> => {
      try {
        const answer = await apiRequest(
          'root',
          `/connection/test/${encodeURIComponent(id)}`,
          z.object({ message: z.string() }),
          { method: 'POST' },
        );
        return testOutcomeOf({ status: 200, message: answer.message });
      } catch (error) {
        return testOutcomeOf({ error });
      }
    },
    meta: { toast: false },
  });
}
