import fs from 'node:fs';
import path from 'node:path';
import { validate } from 'dockerfile-utils';
import { describe, expect, it } from 'vitest';
import { dockerfilePath, readImagePlan, runsOf, stageNamed } from './dockerfile.ts';
import { repositoryRoot } from './image-stage.ts';

const text = fs.readFileSync(dockerfilePath, 'utf8');
const plan = readImagePlan();

/** Docker's .dockerignore rules: the last pattern that matches a path or a parent of it wins. */
function ignored(rules: readonly string[], file: string): boolean {
  let out = false;
  for (const rule of rules) {
    const negated = rule.startsWith('!');
    const pattern = (negated ? rule.slice(1) : rule).replace(/\/$/, '');
    const source = pattern
      .split('/')
      .map((part) =>
        part === '**'
          ? '.*'
          : part
              .replace(/[.+^${}()|[\]\\]/g, '\\$&')
              .replace(/\*/g, '[^/]*')
              .replace(/\?/g, '[^/]'),
      )
      .join('/')
      .replace(/\.\*\//g, '(?:.*/)?');
    const regex = new RegExp(`^${source}(?:/.*)?$`);
    if (regex.test(file)) out = !negated;
  }
  return out;
}

const dockerignore = fs
  .readFileSync(path.join(repositoryRoot, '.dockerignore'), 'utf8')
  .split('\n')
  .map((line) => line.trim())
  .filter((line) => line !== '' && !line.startsWith('#'));

describe('Dockerfile', () => {
  it('has no problem dockerfile-utils (the Docker language server) reports', () => {
    expect(validate(text)).toEqual([]);
    // It can fail: an unknown flag and a shell-form HEALTHCHECK without a command.
    expect(validate(`${text}\nHEALTHCHECK --intervals=5s CMD\n`).length).toBeGreaterThan(0);
  });

  it('builds in stages and runs as a numeric non-root user from node base images of one version', () => {
    expect(plan.stages.map((stage) => stage.name)).toEqual(['build', 'deps', undefined]);
    for (const stage of plan.stages)
      expect(stage.image).toMatch(/^node:\$\{NODE_VERSION\}-bookworm/);
    expect(plan.stages.at(-1)?.image).toBe('node:${NODE_VERSION}-bookworm-slim');
    const [uid, gid] = plan.user.split(':').map(Number);
    expect(uid).toBeGreaterThan(0);
    expect(gid).toBeGreaterThan(0);
    expect(plan.entrypoint).toContain('apps/server/dist/main.js');
    expect(plan.cmd).toEqual(['serve']);
    expect(plan.expose).toEqual([plan.env.PORT]);
    expect(plan.env.NODE_ENV).toBe('production');
    expect(plan.healthcheck.join(' ')).toContain('/api/health');
  });

  it('builds with npm ci and npm run build, and installs the server workspace without dev dependencies', () => {
    expect(runsOf(stageNamed(plan, 'build')).runs).toEqual(
      expect.arrayContaining(['npm ci --no-audit --no-fund', 'npm run build']),
    );
    const deps = runsOf(stageNamed(plan, 'deps')).runs.join('\n');
    expect(deps).toContain('npm ci --omit=dev --workspace @vigil/server');
    expect(deps).toContain('rm -rf node_modules/@vigil');
  });

  it('.dockerignore sends what the build reads, and no local install, build or history', () => {
    const files = [
      'package.json',
      'package-lock.json',
      'tsconfig.base.json',
      'scripts/build-server.mjs',
      'scripts/lib/prepare.mjs',
      'packages/domain/src/index.ts',
      'apps/server/src/main.ts',
      'apps/server/src/migrations/0001_foundations.sql',
      'apps/web/index.html',
      'apps/web/vite.config.ts',
      'apps/web/src/main.tsx',
    ];
    for (const file of files) {
      expect(fs.existsSync(path.join(repositoryRoot, file)), file).toBe(true);
      expect(ignored(dockerignore, file), file).toBe(false);
    }
    for (const file of [
      '.git/HEAD',
      'node_modules/pg/package.json',
      'apps/web/node_modules/x',
      'apps/web/dist/index.html',
      'apps/server/dist/main.js',
      'apps/server/test/app.ts',
      'apps/server/src/platform/config.test.ts',
      'e2e/server.ts',
      'docs/deploy.md',
      '.vigil/secret.key',
    ]) {
      expect(ignored(dockerignore, file), file).toBe(true);
    }
  });
});
