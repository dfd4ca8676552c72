import { z } from 'zod';

/**
 * The `identities.credentials` column. Hashes are argon2id; TOTP seeds and recovery codes
 * are sealed (platform/crypto.ts) because they must be read back. Never sent to a client.
 */
export const credentialsSchema = z.object({
  password: z.object({ hash: z.string(), updated_at: z.string() }).optional(),
  totp: z.object({ sealed_secret: z.string(), created_at: z.string() }).optional(),
  lookup_secret: z
    .object({
      codes: z.array(z.object({ sealed_code: z.string(), used_at: z.string().nullable() })),
      created_at: z.string(),
    })
    .optional(),
  webauthn: z
    .object({
      credentials: z.array(
        z.object({
          id: z.string(),
          public_key: z.string(),
          counter: z.number(),
          display_name: z.string(),
          transports: z.array(z.string()),
          added_at: z.string(),
        }),
      ),
    })
    .optional(),
  oidc: z
    .object({ providers: z.array(z.object({ provider: z.string(), subject: z.string() })) })
    .optional(),
});
export type Credentials = z.infer<typeof credentialsSchema>;

export const traitsSchema = z.object({
  email: z.string(),
  name: z
    .object({ first: z.string().default(''), last: z.string().default('') })
    .default({ first: '', last: '' }),
});
export type Traits = z.infer<typeof traitsSchema>;

export function displayName(traits: Traits): string {
  const name = `${traits.name.first} ${traits.name.last}`.trim();
  return name || traits.email;
}

/** A second factor exists, so sessions must reach AAL2 (Kratos's highest_available). */
export function hasSecondFactor(credentials: Credentials): boolean {
  return Boolean(
    credentials.totp ||
    (credentials.webauthn?.credentials.length ?? 0) > 0 ||
    credentials.lookup_secret?.codes.some((code) => code.used_at === null),
  );
}
