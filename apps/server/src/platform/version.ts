import fs from 'node:fs';
import { z } from 'zod';

const packageSchema = z.object({ version: z.string() });

/** The backend version, from the repository's package.json. */
export const backendVersion: string = packageSchema.parse(
  JSON.parse(fs.readFileSync(new URL('../../../../package.json', import.meta.url), 'utf8')),
).version;
