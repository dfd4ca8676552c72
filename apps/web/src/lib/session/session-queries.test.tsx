import { QueryClientProvider } from '@tanstack/react-query';
import { renderHook, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setupMsw } from '@/testing/msw.ts';
import { disableFlag, sessionHandlers, testUser } from '@/testing/session-handlers.ts';
import { createQueryClient } from '../query-client.ts';
import { useAbout, useSession } from './session-queries.ts';
import { useFeatureFlags } from './use-feature-flags.ts';
import { usePermission } from './use-permission.ts';

const server = setupMsw();

function wrapper({ children }: { children: ReactNode }) {
  const client = createQueryClient({ retry: false, notify: () => {} });
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}

afterEach(() => {
  vi.restoreAllMocks();
  window.history.replaceState(null, '', '/');
});

describe('useSession', () => {
  it('reads the user and roles from whoami', async () => {
    server.use(...sessionHandlers({ roles: ['editor'] }));
    const { result } = renderHook(() => useSession(), { wrapper });
    await waitFor(() => expect(result.current.isSuccess).toBe(true));
    expect(result.current.data).toEqual({
      user: { id: testUser.id, name: 'Ada Admin', email: 'ada@example.com', avatar: undefined },
      roles: ['editor'],
    });
  });

  it('drops roles it does not know', async () => {
    server.use(
      http.get('/api/auth/whoami', () =>
        HttpResponse.json({ payload: { user: testUser, roles: ['admin', 'root'] } }),
      ),
    );
    const { result } = renderHook(() => useSession(), { wrapper });
    await waitFor(() => expect(result.current.data?.roles).toEqual(['admin']));
  });

  it('sends a 401 to the session check with the current location', async () => {
    window.history.replaceState(null, '', '/settings/users?x=1');
    const assign = vi.spyOn(window.location, 'assign').mockImplementation(() => {});
    server.use(
      http.get('/api/auth/whoami', () =>
        HttpResponse.json({ error: { id: 'session_inactive' } }, { status: 401 }),
      ),
    );
    const { result } = renderHook(() => useSession(), { wrapper });
    await waitFor(() => expect(result.current.isError).toBe(true));
    expect(assign).toHaveBeenCalledWith(
      '/auth-state-checker?return_to=%2Fsettings%2Fusers%3Fx%3D1',
    );
  });
});

describe('usePermission', () => {
  it.each([
    [['admin'], 'identities', 'write', true],
    [['editor'], 'identities', 'write', false],
    [['editor'], 'properties', 'write', true],
    [['viewer'], 'properties', 'write', false],
    [[], 'properties', 'read', true],
    [[], 'identities', 'read', false],
  ] as const)('%j on %s %s is %s', async (roles, object, action, expected) => {
    server.use(...sessionHandlers({ roles: [...roles] }));
    const { result } = renderHook(
      () => ({ session: useSession(), allowed: usePermission([object], action) }),
      { wrapper },
    );
    await waitFor(() => expect(result.current.session.isSuccess).toBe(true));
    expect(result.current.allowed).toBe(expected);
  });

  it('grants nothing before the session is known', () => {
    server.use(http.get('/api/auth/whoami', () => new Promise<never>(() => {})));
    const { result } = renderHook(() => usePermission(['properties'], 'read'), { wrapper });
    expect(result.current).toBe(false);
  });
});

describe('useFeatureFlags', () => {
  it('answers isDisabled from the properties', async () => {
    server.use(...sessionHandlers({ flags: [disableFlag('health')] }));
    const { result } = renderHook(() => useFeatureFlags(), { wrapper });
    await waitFor(() => expect(result.current.isPending).toBe(false));
    expect(result.current.isDisabled('health')).toBe(true);
    expect(result.current.isDisabled('settings.job_history')).toBe(true);
    expect(result.current.isDisabled('incidents')).toBe(false);
  });

  it('disables nothing when the flags fail to load', async () => {
    server.use(http.get('/api/properties', () => HttpResponse.json({}, { status: 500 })));
    const { result } = renderHook(() => useFeatureFlags(), { wrapper });
    await waitFor(() => expect(result.current.isPending).toBe(false));
    expect(result.current.isDisabled('health')).toBe(false);
  });
});

describe('useAbout', () => {
  it('reads the backend version and edition', async () => {
    server.use(...sessionHandlers({ edition: 'health', backend: '9.9.9' }));
    const { result } = renderHook(() => useAbout(), { wrapper });
    await waitFor(() => expect(result.current.isSuccess).toBe(true));
    // An older server that does not say its mode is the built-in identity service.
    expect(result.current.data).toEqual({
      Version: '9.9.9',
      backend: '9.9.9',
      edition: 'health',
      auth: 'self',
    });
  });

  it('treats an unknown edition as full', async () => {
    server.use(
      http.get('/api/canary/about', () => HttpResponse.json({ backend: '1', edition: 'other' })),
    );
    const { result } = renderHook(() => useAbout(), { wrapper });
    await waitFor(() => expect(result.current.data?.edition).toBe('full'));
  });
});
