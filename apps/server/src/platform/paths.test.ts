import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { migrationsDir, repositoryDir, serverPackageDir, webDistDir } from './paths.ts';

describe('paths', () => {
  it('finds the server package and its files from the module location', () => {
    expect(path.basename(serverPackageDir)).toBe('server');
    expect(fs.readdirSync(migrationsDir)).toContain('0001_foundations.sql');
    expect(fs.existsSync(path.join(repositoryDir, 'package-lock.json'))).toBe(true);
    expect(webDistDir).toBe(path.join(repositoryDir, 'apps/web/dist'));
  });
});
