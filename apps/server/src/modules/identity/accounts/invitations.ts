import { roleSchema, type Role } from '@vigil/domain';
import { z } from 'zod';
import type { Database } from '../../../platform/db.ts';
import { findIdentityByEmail, insertIdentity, setRoles } from './identity.repository.ts';
import type { LinkSender } from './link-sender.ts';
import { issueToken } from './token.repository.ts';

const invitationSeconds = 7 * 24 * 3600;

/** The invite form's rules and texts (spec 002 §5). */
export const invitationSchema = z.object({
  firstName: z
    .string({ error: 'Please provide valid first name' })
    .trim()
    .min(1, 'Please provide valid first name')
    .max(100),
  lastName: z
    .string({ error: 'Please provide valid last name' })
    .trim()
    .min(1, 'Please provide valid last name')
    .max(100),
  email: z
    .string({ error: 'Please provide valid email' })
    .trim()
    .min(1, 'Please provide valid email')
    .max(320)
    .regex(/^[^\s@]+@[^\s@]+\.[^\s@]+$/, 'Entered value does not match email format'),
  role: roleSchema
    .or(z.literal('').transform(() => undefined))
    .refine((r): r is Role => r !== undefined, 'Please select any role'),
});
export type Invitation = z.infer<typeof invitationSchema>;

export const invitationResultSchema = z.object({
  id: z.string(),
  /** A one-time link that signs the person in and asks for a password; absent for existing users. */
  recovery_link: z.string().optional(),
  existing: z.boolean(),
});
export type InvitationResult = z.infer<typeof invitationResultSchema>;

/**
 * Invites a person: a new identity without a password, its role, and a recovery link sent by
 * email when one is configured (logged otherwise). An existing user just has the role set.
 */
export async function inviteUser(
  db: Database,
  links: LinkSender,
  origin: string,
  invitation: Invitation,
): Promise<InvitationResult> {
  const result = await db.transaction(async (client) => {
    const existing = await findIdentityByEmail(client, invitation.email);
    if (existing) {
      await setRoles(client, existing.id, [invitation.role]);
      return { id: existing.id, existing: true as const };
    }
    const traits = {
      email: invitation.email,
      name: { first: invitation.firstName, last: invitation.lastName },
    };
    const id = await insertIdentity(client, traits, {}, [invitation.role]);
    const token = await issueToken(client, 'recovery', id, invitationSeconds);
    return { id, existing: false as const, token };
  });
  if (result.existing) return { id: result.id, existing: true };
  const url = `${origin}/api/identity/self-service/recovery?token=${result.token}`;
  await links.send({ kind: 'invitation', email: invitation.email, url });
  return { id: result.id, recovery_link: url, existing: false };
}
