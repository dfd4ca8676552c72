import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '@/lib/http.ts';

const registrationSchema = z.object({ open: z.boolean() });

/** Whether sign-up is open: only until the first account exists, then by invitation. */
export function useRegistrationOpen(): boolean {
  const status = useQuery({
    queryKey: ['auth', 'registration'],
    queryFn: ({ signal }) => apiRequest('auth', '/registration', registrationSchema, { signal }),
  });
  return status.data?.open === true;
}
