import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../http.ts';
import { sessionKeys } from './session-keys.ts';
import {
  aboutSchema,
  propertiesSchema,
  whoamiSchema,
  type About,
  type Property,
  type Session,
} from './session-schemas.ts';

/** A 401 here goes through the call layer's redirect to the session check. */
export async function fetchSession(signal?: AbortSignal): Promise<Session> {
  const body = await apiRequest('auth', '/whoami', whoamiSchema, { signal });
  const { user, roles, organization } = body.payload;
  return organization === undefined ? { user, roles } : { user, roles, organization };
}

export function fetchAbout(signal?: AbortSignal): Promise<About> {
  return apiRequest('canary', '/about', aboutSchema, { signal });
}

export function fetchProperties(signal?: AbortSignal): Promise<Property[]> {
  return apiRequest('properties', '', propertiesSchema, { signal });
}

export function useSession() {
  return useQuery({
    queryKey: sessionKeys.whoami(),
    queryFn: ({ signal }) => fetchSession(signal),
    meta: { toast: false },
  });
}

export function useAbout() {
  return useQuery({
    queryKey: sessionKeys.about(),
    queryFn: ({ signal }) => fetchAbout(signal),
    meta: { toast: false },
  });
}

/** The feature flags; the settings page lists the same query, so its writes refresh the shell. */
export function usePropertiesQuery(enabled = true) {
  return useQuery({
    queryKey: sessionKeys.properties(),
    queryFn: ({ signal }) => fetchProperties(signal),
    meta: { toast: false },
    enabled,
  });
}
