import js from '@eslint/js';
import { readdirSync } from 'node:fs';
import { defineConfig } from 'eslint/config';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

// design.md: in web/, features never import each other; what two features share lives in
// components/ or lib/, and a route composes features. Each feature folder may import only itself
// (by `@/features/<own>/…` or a relative path) and the shared folders; those import no feature.
const features = readdirSync(new URL('./src/features', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

const CROSS_FEATURE =
  'Features never import each other (design.md): move what they share to components/ or lib/, or let the route compose them.';

/** The feature folders other than `own`, as a regex alternation. */
const othersThan = (own) => features.filter((name) => name !== own).join('|');

const featureBoundaries = features.map((own) => ({
  files: [`src/features/${own}/**/*.{ts,tsx}`],
  rules: {
    'no-restricted-imports': [
      'error',
      {
        patterns: [
          { regex: `^@/features/(?!${own}/)`, message: CROSS_FEATURE },
          { regex: `^(\\.\\./)+(${othersThan(own)})(/|$)`, message: CROSS_FEATURE },
        ],
      },
    ],
  },
}));

const sharedBoundary = {
  files: ['src/components/**/*.{ts,tsx}', 'src/lib/**/*.{ts,tsx}'],
  rules: {
    'no-restricted-imports': [
      'error',
      {
        patterns: [
          {
            regex: '^@/(features|routes|app)/',
            message: 'components/ and lib/ are shared: they import no feature, route or app code.',
          },
        ],
      },
    ],
  },
};

export default defineConfig(
  {
    ignores: [
      'dist',
      'node_modules',
      'test-results',
      'playwright-report',
      'src/lib/api/schema.d.ts',
    ],
  },
  js.configs.recommended,
  tseslint.configs.strictTypeChecked,
  {
    languageOptions: {
      parserOptions: {
        projectService: {
          allowDefaultProject: ['eslint.config.js', 'e2e/*.mjs', 'scripts/*.mjs'],
        },
        tsconfigRootDir: import.meta.dirname,
      },
    },
    rules: {
      '@typescript-eslint/restrict-template-expressions': ['error', { allowNumber: true }],
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    languageOptions: { globals: globals.browser },
    extends: [reactHooks.configs.flat.recommended],
  },
  ...featureBoundaries,
  sharedBoundary,
  {
    files: ['*.{js,ts}', 'e2e/**', 'scripts/**'],
    languageOptions: { globals: globals.node },
  },
  {
    files: ['**/*.{js,mjs}'],
    extends: [tseslint.configs.disableTypeChecked],
  },
);
