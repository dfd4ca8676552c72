import { readdirSync } from 'node:fs';
import path from 'node:path';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';

const root = import.meta.dirname;
const modulesDir = 'apps/server/src/modules';
/** Each folder under modules/ is an area (DESIGN, ADR 0010). */
const areas = readdirSync(path.join(root, modulesDir), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const at = (glob) => path.join(root, modulesDir, glob);

/**
 * Another area is reached through its public files only: `<area>.module.ts` (what it
 * contributes) and `index.ts` (what it lends other areas). Modules never import the CLI.
 */
const zones = [
  ...areas.map((area) => ({
    target: `${modulesDir}/${area}/**`,
    from: `${modulesDir}/!(${area})/**`,
    except: [at('*/*.module.ts'), at('*/index.ts')],
    message: `Import another area through its public files (<area>.module.ts, index.ts).`,
  })),
  {
    target: `${modulesDir}/index.ts`,
    from: `${modulesDir}/*/**`,
    except: [at('*/*.module.ts'), at('*/index.ts')],
    message: 'The list of modules imports their public files only.',
  },
  {
    target: `${modulesDir}/**`,
    from: 'apps/server/src/cli/**',
    message: 'Modules do not import the CLI; move what they share to platform/.',
  },
];

/** Server boundaries: areas import each other's public files only, and no import cycles. */
export const serverBoundaries = [
  {
    files: ['apps/server/src/**/*.ts'],
    plugins: { 'import-x': importX },
    settings: {
      // The server's sources are TypeScript imported with their .ts extension.
      'import-x/extensions': ['.ts', '.js', '.mjs'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts'] },
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.js', '.mjs'] })],
    },
    rules: {
      'import-x/no-restricted-paths': ['error', { zones, basePath: root }],
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
    },
  },
];
