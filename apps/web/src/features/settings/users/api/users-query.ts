import type { Role } from '@vigil/domain';
import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '@/lib/http.ts';
import { userKeys } from './user-keys.ts';
import { isRole } from './user-role.ts';

const identitySchema = z.object({
  id: z.string(),
  traits: z
    .object({
      name: z.object({ first: z.string().nullish(), last: z.string().nullish() }).nullish(),
      email: z.string().nullish(),
    })
    .nullish(),
  state: z.string().nullish(),
  created_at: z.string().nullish(),
  updated_at: z.string().nullish(),
});
type Identity = z.infer<typeof identitySchema>;

const personRolesSchema = z.object({
  id: z.string(),
  roles: z.array(z.string()).nullish(),
});

export interface User {
  id: string;
  name: string;
  email: string;
  roles: readonly Role[];
  state: string;
  createdAt: string | undefined;
}

export function displayName(identity: Identity): string {
  const first = identity.traits?.name?.first ?? '';
  const last = identity.traits?.name?.last ?? '';
  return `${first} ${last}`.trim();
}

export async function fetchUsers(signal?: AbortSignal): Promise<User[]> {
  const identities = await apiRequest('db', '/identities', z.array(identitySchema), {
    query: { select: 'id,traits,state,created_at,updated_at', order: 'created_at.desc' },
    signal,
  });
  if (identities.length === 0) return [];
  const people = await apiRequest('db', '/people_roles', z.array(personRolesSchema), {
    query: {
      select: 'id,roles',
      id: `in.(${identities.map((identity) => identity.id).join(',')})`,
    },
    signal,
  });
  const rolesById = new Map(people.map((person) => [person.id, person.roles ?? []]));
  return identities.map((identity) => ({
    id: identity.id,
    name: displayName(identity),
    email: identity.traits?.email ?? '',
    roles: (rolesById.get(identity.id) ?? []).filter(isRole),
    state: identity.state ?? '',
    createdAt: identity.created_at ?? undefined,
  }));
}

export function useUsersQuery() {
  return useQuery({
    queryKey: userKeys.list(),
    queryFn: ({ signal }) => fetchUsers(signal),
    meta: { toast: false },
  });
}
