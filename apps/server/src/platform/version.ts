import fs from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { repositoryDir } from './paths.ts';

const packageSchema = z.object({ version: z.string() });

/** The backend version, from the repository's package.json. */
export const backendVersion: string = packageSchema.parse(
  JSON.parse(fs.readFileSync(path.join(repositoryDir, 'package.json'), 'utf8')),
).version;
