import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import local from './tools/eslint-rules/no-cross-feature-imports.js';

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/.data/**',
      'packages/contracts/out/**',
      'packages/contracts/cache/**',
      'packages/shared/src/generated/**',
      '**/drizzle/**',
      '.screenshots/**',
      // Written by Ponder when the bench runs it.
      'tools/bench/ponder/ponder-env.d.ts',
      'tools/bench/ponder/generated/**',
      'tools/bench/ponder/.ponder/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    plugins: { local },
    rules: {
      'local/no-cross-feature-imports': 'error',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: ['packages/web/src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
);
