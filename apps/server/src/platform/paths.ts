import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';

const manifestSchema = z.object({ name: z.string().optional() });

/**
 * The server package's directory, found by walking up from this module. The same code runs from
 * src/ under tsx and from the dist/ bundle, where every module shares a chunk's location.
 */
function findServerPackageDir(start: string): string {
  for (let dir = path.dirname(start); dir !== path.dirname(dir); dir = path.dirname(dir)) {
    const manifest = path.join(dir, 'package.json');
    if (!fs.existsSync(manifest)) continue;
    const { name } = manifestSchema.parse(JSON.parse(fs.readFileSync(manifest, 'utf8')));
    if (name === '@vigil/server') return dir;
  }
  throw new Error(`the @vigil/server package was not found above ${start}`);
}

export const serverPackageDir = findServerPackageDir(fileURLToPath(import.meta.url));
export const repositoryDir = path.resolve(serverPackageDir, '../..');
export const migrationsDir = path.join(serverPackageDir, 'src/migrations');
export const webDistDir = path.join(repositoryDir, 'apps/web/dist');
