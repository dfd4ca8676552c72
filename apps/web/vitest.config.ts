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
      // Page tests wait for several renders; on a loaded shared machine 5 s is not enough.
      testTimeout: 20_000,
      // Its ESM build imports without file extensions, which Node's resolver refuses.
      server: { deps: { inline: ['codemirror-json-schema'] } },
    },
  }),
);
