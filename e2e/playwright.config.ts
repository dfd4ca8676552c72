import { defineConfig } from '@playwright/test';
import { chromiumArgs, chromiumPath } from './chromium.ts';

/** `npm run screenshots:ui` adds the docs/ui.md pictures (e2e/ui-docs), which `npm test` skips. */
const uiDocs =
  process.env.VIGIL_UI_DOCS === undefined
    ? []
    : [
        {
          name: 'ui-docs',
          testDir: './ui-docs',
          testMatch: /\.screens\.ts/,
          dependencies: ['setup'],
        },
      ];

export default defineConfig({
  testDir: './tests',
  outputDir: './.artifacts/results',
  globalSetup: './global-setup.ts',
  fullyParallel: false,
  // Two browsers against the one server: specs name their own rows, so they can interleave.
  // VIGIL_E2E_WORKERS=1 runs them one at a time (e.g. to tell a race from a real failure).
  workers: Number(process.env.VIGIL_E2E_WORKERS ?? 2),
  retries: 0,
  // A shared 2-core machine can be slow for a while; waits are generous, never sleeps.
  timeout: 60_000,
  expect: { timeout: 15_000 },
  reporter: 'list',
  projects: [
    { name: 'setup', testMatch: /auth\.setup\.ts/ },
    {
      name: 'chromium',
      testMatch: /\.spec\.ts/,
      testIgnore: /zz-security\.spec\.ts/,
      dependencies: ['setup'],
    },
    // Reads what every other spec left in the server log and the recorded responses: last.
    { name: 'security', testMatch: /zz-security\.spec\.ts/, dependencies: ['chromium'] },
    ...uiDocs,
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
