import { roleSchema } from '@vigil/domain';
import { z } from 'zod';
import { inviteUser } from '../modules/identity/accounts/invitations.ts';
import { setPassword } from '../modules/identity/accounts/set-password.ts';
import type { Config } from '../platform/config.ts';
import { ConfigError } from '../platform/config.ts';
import { createConsoleLogger } from '../platform/logger.ts';
import { openRuntime } from '../platform/runtime.ts';

const optionsSchema = z.object({
  email: z.string({ error: '--email is required' }).min(3, '--email is required'),
  role: roleSchema.optional(),
  admin: z.boolean().optional(),
  'first-name': z.string().optional(),
  'last-name': z.string().optional(),
});

/** `vigil users create`: lets an operator bootstrap or rescue an installation from a shell. */
export async function users(
  config: Config,
  words: readonly string[],
  options: Record<string, string | boolean | undefined>,
): Promise<void> {
  if (words[0] !== 'create')
    throw new ConfigError('usage: vigil users create --email <e> [--admin | --role <role>]');
  const parsed = optionsSchema.safeParse(options);
  if (!parsed.success) throw new ConfigError(parsed.error.issues[0]?.message ?? 'invalid options');
  const email = parsed.data.email;
  const role = parsed.data.admin ? 'admin' : (parsed.data.role ?? 'viewer');
  const [local = email] = email.split('@');
  const log = await createConsoleLogger(config.LOG_LEVEL);
  const runtime = await openRuntime(config, log);
  try {
    const origin = config.VIGIL_PUBLIC_URL ?? `http://localhost:${config.PORT}`;
    const links: string[] = [];
    const result = await inviteUser(
      runtime.db,
      { send: async (link) => void links.push(link.url) },
      origin.replace(/\/$/, ''),
      {
        firstName: parsed.data['first-name'] ?? local,
        lastName: parsed.data['last-name'] ?? '',
        email,
        role,
      },
    );
    const password = process.env.VIGIL_PASSWORD;
    if (password) {
      const problem = await setPassword(runtime.db, result.id, password);
      if (problem) throw new ConfigError(`VIGIL_PASSWORD cannot be used: ${problem}`);
      process.stdout.write(`User ${email} (${role}) can sign in with the given password\n`);
    } else if (links[0]) {
      process.stdout.write(
        `User ${email} (${role}) created. One-time sign-in link:\n${links[0]}\n`,
      );
    } else {
      process.stdout.write(`User ${email} already existed; role set to ${role}\n`);
    }
  } finally {
    await runtime.close();
  }
}
