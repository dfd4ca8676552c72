import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { ApiError } from './api-error.ts';

declare module '@tanstack/react-query' {
  interface Register {
    /** `toast: false` for calls whose screen already shows the error in place. */
    queryMeta: { toast?: boolean };
    mutationMeta: { toast?: boolean };
  }
}

export const defaultStaleTime = 300_000;

export interface QueryClientOptions {
  notify?: (message: string) => void;
  retry?: boolean;
}

function errorMessage(error: unknown): string {
  return error instanceof Error && error.message !== '' ? error.message : 'Something went wrong';
}

/** A 401 already sent the browser to sign in, and client errors won't fix themselves. */
function shouldRetry(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiError && error.status < 500) return false;
  return failureCount < 2;
}

export function createQueryClient(options: QueryClientOptions = {}): QueryClient {
  const notify = options.notify ?? ((message: string) => toast.error(message));
  const report = (error: unknown, meta: { toast?: boolean } | undefined): void => {
    if (meta?.toast === false) return;
    if (error instanceof ApiError && error.status === 401) return;
    notify(errorMessage(error));
  };
  return new QueryClient({
    queryCache: new QueryCache({ onError: (error, query) => report(error, query.meta) }),
    mutationCache: new MutationCache({
      onError: (error, _variables, _context, mutation) => report(error, mutation.meta),
    }),
    defaultOptions: {
      queries: {
        staleTime: defaultStaleTime,
        retry: options.retry === false ? false : shouldRetry,
      },
      mutations: { retry: false },
    },
  });
}
