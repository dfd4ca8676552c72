import { describe, expect, it, vi } from 'vitest';
import { ApiError } from './api-error.ts';
import { createQueryClient, defaultStaleTime } from './query-client.ts';

const apiError = (status: number, message: string): ApiError =>
  new ApiError(status, { code: null, message, details: null, hint: null });

describe('createQueryClient', () => {
  it('keeps data fresh for five minutes by default', () => {
    const client = createQueryClient();
    expect(defaultStaleTime).toBe(300_000);
    expect(client.getDefaultOptions().queries?.staleTime).toBe(300_000);
  });

  it('toasts the message of a failed query', async () => {
    const notify = vi.fn();
    const client = createQueryClient({ notify, retry: false });
    await client
      .fetchQuery({ queryKey: ['x'], queryFn: () => Promise.reject(apiError(500, 'boom')) })
      .catch(() => undefined);
    expect(notify).toHaveBeenCalledWith('boom');
  });

  it('toasts the message of a failed mutation', async () => {
    const notify = vi.fn();
    const client = createQueryClient({ notify });
    const mutation = client.getMutationCache().build(client, {
      mutationFn: () => Promise.reject(new Error('save failed')),
    });
    await mutation.execute(undefined).catch(() => undefined);
    expect(notify).toHaveBeenCalledWith('save failed');
  });

  it('stays quiet for 401s and for queries that show their error in place', async () => {
    const notify = vi.fn();
    const client = createQueryClient({ notify, retry: false });
    await client
      .fetchQuery({ queryKey: ['a'], queryFn: () => Promise.reject(apiError(401, 'no session')) })
      .catch(() => undefined);
    await client
      .fetchQuery({
        queryKey: ['b'],
        queryFn: () => Promise.reject(new Error('shown inline')),
        meta: { toast: false },
      })
      .catch(() => undefined);
    expect(notify).not.toHaveBeenCalled();
  });
});
