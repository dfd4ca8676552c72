import { defineConfig } from '@playwright/test';
import { chromiumArgs, chromiumPath } from './chromium.ts';

export default defineConfig({
  testDir: './tests',
  outputDir: './.artifacts/results',
  globalSetup: './global-setup.ts',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  // A shared 2-core machine can be slow for a while; waits are generous, never sleeps.
  timeout: 60_000,
  expect: { timeout: 15_000 },
  reporter: 'list',
  projects: [
    { name: 'setup', testMatch: /auth\.setup\.ts/ },
    { name: 'chromium', testMatch: /\.spec\.ts/, dependencies: ['setup'] },
  ],
  use: {
    browserName: 'chromium',
    screenshot: 'only-on-failure',
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: chromiumPath,
      args: chromiumArgs,
    },
  },
});
