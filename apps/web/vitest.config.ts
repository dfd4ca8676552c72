import { defineProject, mergeConfig } from 'vitest/config';
import viteConfig from './vite.config.ts';

export default mergeConfig(
  viteConfig,
  defineProject({
    test: {
      name: 'web',
      environment: 'happy-dom',
      include: ['src/**/*.test.{ts,tsx}'],
      setupFiles: ['./vitest.setup.ts'],
      // Page tests wait for several renders; on a loaded 2-core CI machine 20 s was not always enough.
      testTimeout: 45_000,
      // Its ESM build imports without file extensions, which Node's resolver refuses.
      server: { deps: { inline: ['codemirror-json-schema'] } },
    },
  }),
);
