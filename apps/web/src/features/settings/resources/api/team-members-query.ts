import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { z } from 'zod';
import { apiRequest } from '@/lib/http.ts';
import { resourceKeys } from './resource-keys.ts';

const person = z.object({
  id: z.string(),
  name: z.string().nullish(),
  email: z.string().nullish(),
  avatar: z.string().nullish(),
});
export type Person = z.output<typeof person>;

const memberRow = z.object({ person_id: z.string(), person: person.nullish() });

/** GET /team_members?team_id=eq.{id} with each member's person. */
export function useTeamMembersQuery(teamId: string) {
  return useQuery({
    queryKey: resourceKeys.members(teamId),
    queryFn: async ({ signal }) => {
      const rows = await apiRequest('db', '/team_members', z.array(memberRow), {
        query: {
          select: 'person_id,person:people(id,name,email,avatar)',
          team_id: `eq.${teamId}`,
          order: 'created_at.asc',
        },
        signal,
      });
      return rows.flatMap((row) => (row.person ? [row.person] : []));
    },
    meta: { toast: false },
  });
}

/** GET /people: everyone who could join a team. */
export function usePeopleQuery() {
  return useQuery({
    queryKey: resourceKeys.people(),
    queryFn: ({ signal }) =>
      apiRequest('db', '/people', z.array(person), {
        query: { select: 'id,name,email,avatar', deleted_at: 'is.null', order: 'name.asc' },
        signal,
      }),
    meta: { toast: false },
  });
}

export const personLabel = (p: Person): string => p.name ?? p.email ?? p.id;

/** POST /team_members, one row per person added. */
export function useAddTeamMembers(teamId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (people: readonly Person[]) =>
      apiRequest('db', '/team_members', z.unknown(), {
        method: 'POST',
        body: people.map((p) => ({ team_id: teamId, person_id: p.id })),
      }),
    onSuccess: async (_data, people) => {
      toast.success(`${people.map(personLabel).join(', ')} added to the team successfully`);
      await queryClient.invalidateQueries({ queryKey: resourceKeys.table('teams') });
    },
  });
}

/** DELETE /team_members?person_id=eq.{id} (within this team). */
export function useRemoveTeamMember(teamId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (member: Person) =>
      apiRequest('db', '/team_members', z.unknown(), {
        method: 'DELETE',
        query: { team_id: `eq.${teamId}`, person_id: `eq.${member.id}` },
      }),
    onSuccess: async (_data, member) => {
      toast.success(`${personLabel(member)} removed from team successfully`);
      await queryClient.invalidateQueries({ queryKey: resourceKeys.table('teams') });
    },
  });
}
