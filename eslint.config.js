import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';
import { serverBoundaries } from './eslint.server-boundaries.js';

const webFeatures = 'apps/web/src/features';
/** Each folder under features/ is a feature, except settings, whose sub-folders are. */
const featureNames = readdirSync(webFeatures, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .flatMap((entry) =>
    entry.name === 'settings'
      ? readdirSync(`${webFeatures}/settings`, { withFileTypes: true })
          .filter((sub) => sub.isDirectory())
          .map((sub) => `settings/${sub.name}`)
      : [entry.name],
  );
/** A feature's public files: its route table and, if it has one, its index. */
const publicFile = String.raw`(?:settings/)?[^/]+/(?:index\.ts|routes\.tsx)$`;
const noClimbing = {
  regex: String.raw`^(?:\.\./){2,}(?!(?:\.\./)*package\.json$)`,
  message: 'Import through the @/ alias instead of climbing folders.',
};
const restrictImports = (...patterns) => ({
  'no-restricted-imports': ['error', { patterns: [noClimbing, ...patterns] }],
});
const webBoundaries = [
  { files: ['apps/web/src/**/*.{ts,tsx}'], rules: restrictImports() },
  {
    files: ['apps/web/src/{ui,lib}/**/*.{ts,tsx}'],
    rules: restrictImports({
      regex: '^@/(?:app|features)/',
      message: 'ui/ and lib/ know no feature and no app shell.',
    }),
  },
  {
    files: ['apps/web/src/app/**/*.{ts,tsx}'],
    rules: restrictImports({
      regex: `^@/features/(?!${publicFile})`,
      message: "The app imports a feature's public files only (routes.tsx, index.ts).",
    }),
  },
  ...featureNames.map((feature) => ({
    files: [`${webFeatures}/${feature}/**/*.{ts,tsx}`],
    rules: restrictImports(
      { regex: '^@/app/', message: 'Features do not import the app shell.' },
      {
        regex: `^@/features/(?!${feature}/)(?!${publicFile})`,
        message: "Import another feature's public files only (routes.tsx, index.ts).",
      },
    ),
  })),
];

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '.vigil/**',
      'test-results/**',
      'playwright-report/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
      globals: { ...globals.node },
    },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/consistent-type-assertions': ['error', { assertionStyle: 'never' }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      // Fastify plugins and route handlers are async by contract even when they await nothing.
      '@typescript-eslint/require-await': 'off',
      'no-restricted-syntax': [
        'error',
        { selector: 'ExportDefaultDeclaration', message: 'Use named exports.' },
      ],
    },
  },
  {
    files: ['**/*.config.{js,ts}', 'eslint.config.js', '**/global-setup.ts'],
    rules: { 'no-restricted-syntax': 'off' },
  },
  {
    // Vitest's asymmetric matchers (expect.any, expect.objectContaining) are typed as any.
    files: ['**/*.test.{ts,tsx}', 'e2e/**/*.ts'],
    rules: { '@typescript-eslint/no-unsafe-assignment': 'off' },
  },
  {
    files: ['**/*.{js,mjs,cjs}'],
    ...tseslint.configs.disableTypeChecked,
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    languageOptions: { globals: { ...globals.browser } },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  ...webBoundaries,
  ...serverBoundaries,
);
