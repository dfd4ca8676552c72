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
      // Its ESM build imports without file extensions, which Node's resolver refuses.
      server: { deps: { inline: ['codemirror-json-schema'] } },
    },
  }),
);
