import type { FrontendApi } from '@ory/client';
import { useCallback, useEffect, useRef, useState } from 'react';
import { logoutFlowSchema } from '@vigil/domain';
import { z } from 'zod';

const identityBasePath = '/api/identity';

const httpFailureSchema = z.object({ response: z.object({ status: z.number() }) });

/** Loaded on demand: the SDK and axios would otherwise weigh on every page's first load. */
export async function createIdentityApi(): Promise<FrontendApi> {
  const { Configuration, FrontendApi } = await import('@ory/client');
  return new FrontendApi(
    new Configuration({
      basePath: window.location.origin + identityBasePath,
      baseOptions: { withCredentials: true },
    }),
  );
}

function currentLocation(): string {
  return `${window.location.pathname}${window.location.search}`;
}

export function loginUrl(returnTo: string): string {
  return `/login?return_to=${encodeURIComponent(returnTo)}`;
}

/** The logout token, or undefined when there is no session to end (401). */
export async function createLogoutToken(api: FrontendApi): Promise<string | undefined> {
  try {
    const { data } = await api.createBrowserLogoutFlow();
    return logoutFlowSchema.parse(data).logout_token;
  } catch (error) {
    const failure = httpFailureSchema.safeParse(error);
    if (failure.success && failure.data.response.status === 401) return undefined;
    throw error;
  }
}

/** Ends the session, then sends the browser to sign in; a failure lands on sign-in as well. */
export async function signOut(api: FrontendApi, knownToken: string | undefined): Promise<void> {
  const returnTo = currentLocation();
  try {
    const token = knownToken ?? (await createLogoutToken(api));
    if (token !== undefined) await api.updateLogoutFlow({ token, returnTo });
  } catch {
    // The user asked to leave; sign-in shows whether a session is still active.
  }
  window.location.assign(loginUrl(returnTo));
}

/** The logout control's logic: the flow is created on mount so that sign-out is one call. */
export function useLogout(): { logout: () => Promise<void>; isPending: boolean } {
  const apiRef = useRef<Promise<FrontendApi> | null>(null);
  const [token, setToken] = useState<string | undefined>(undefined);
  const [isPending, setPending] = useState(false);

  const api = useCallback((): Promise<FrontendApi> => {
    apiRef.current ??= createIdentityApi();
    return apiRef.current;
  }, []);

  useEffect(() => {
    let active = true;
    api()
      .then(createLogoutToken)
      .then(
        (created) => {
          if (active) setToken(created);
        },
        () => {
          // Retried when the user signs out.
        },
      );
    return () => {
      active = false;
    };
  }, [api]);

  const logout = useCallback(async () => {
    setPending(true);
    await signOut(await api(), token);
  }, [api, token]);

  return { logout, isPending };
}
