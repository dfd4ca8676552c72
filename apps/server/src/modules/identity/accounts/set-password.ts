import type { Database } from '../../../platform/db.ts';
import { findIdentityById, updateCredentials } from './identity.repository.ts';
import { hashPassword, passwordProblem } from './passwords.ts';

/** Sets a password directly (operator CLI); answers why it cannot be used, if it cannot. */
export async function setPassword(
  db: Database,
  identityId: string,
  password: string,
): Promise<string | undefined> {
  const identity = await findIdentityById(db.pool, identityId);
  if (!identity) return 'the identity does not exist';
  const problem = passwordProblem(password, identity.traits.email);
  if (problem) return problem;
  const hash = await hashPassword(password);
  await updateCredentials(db.pool, identityId, {
    ...identity.credentials,
    password: { hash, updated_at: new Date().toISOString() },
  });
  return undefined;
}
