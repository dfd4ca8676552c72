import { hash, verify } from '@node-rs/argon2';

/** OWASP's argon2id baseline: 19 MiB, 2 passes, 1 lane (about 80 ms here). */
const argon2id = { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, argon2id);
}

/**
 * Verifies against the hash, or against a throwaway hash when the account does not exist, so
 * the answer takes as long either way and does not reveal which identifiers exist.
 */
export async function verifyPassword(
  stored: string | undefined,
  password: string,
): Promise<boolean> {
  const target = stored ?? (await decoyHash);
  const ok = await verify(target, password).catch(() => false);
  return ok && stored !== undefined;
}

const decoyHash = hash('vigil-decoy-password-for-timing', argon2id);

export const minimumPasswordLength = 8;

/** Why a new password may not be used, or undefined when it may. */
export function passwordProblem(password: string, identifier: string): string | undefined {
  if (password.length < minimumPasswordLength) {
    return `it must be at least ${minimumPasswordLength} characters long`;
  }
  if (password.length > 256) return 'it must be at most 256 characters long';
  const lowered = password.toLowerCase();
  const id = identifier.trim().toLowerCase();
  if (id && (lowered === id || lowered === id.split('@')[0])) {
    return 'the password is too similar to the identifier';
  }
  return undefined;
}
