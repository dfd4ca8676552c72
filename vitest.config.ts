import { defineConfig } from 'vitest/config';
import { serialServerFiles, serverTestOptions } from './apps/server/vitest.shared.ts';

export default defineConfig({
  test: {
    // Most files wait on PostgreSQL, HTTP or Chromium rather than a core: two at a time on the
    // 2-core CI machine (VITEST_MAX_WORKERS overrides it); timing-sensitive ones run alone, last.
    maxWorkers: 2,
    projects: [
      'packages/domain',
      'apps/server',
      'apps/web',
      {
        root: './apps/server',
        test: {
          ...serverTestOptions,
          name: 'server-serial',
          include: serialServerFiles,
          maxWorkers: 1,
        },
      },
    ],
  },
});
