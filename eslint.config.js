import js from '@eslint/js'
import reactHooks from 'eslint-plugin-react-hooks'
import globals from 'globals'
import tseslint from 'typescript-eslint'

export default tseslint.config(
  {
    ignores: [
      'dist',
      'storybook-static',
      'coverage',
      'node_modules',
      'bench/.out',
      // Test output (screenshots, reports) and local scratch: not the project's source.
      'test-results',
      // They import the bench package's engines, which the library's `npm ci` does not
      // install (their types would be unresolved here); `npm run bench` typechecks them.
      'bench/engines.ts',
      'bench/child.ts',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      globals: { ...globals.browser, ...globals.node },
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: ['**/*.tsx', 'src/react/**/*.ts', 'src/widgets/**/*.ts'],
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
    // The hooks run their layout effects through useIsomorphicLayoutEffect (no warning in
    // React 18's server renderer): its dependency lists are checked like useLayoutEffect's.
    settings: { 'react-hooks': { additionalEffectHooks: '^useIsomorphicLayoutEffect$' } },
  },
  {
    // react-aabb/core runs in Node without a DOM: it may import only other core files.
    files: ['src/core/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['react', 'react/*', 'react-dom', 'react-dom/*'],
              message: 'src/core must not import React.',
            },
            { group: ['zustand', 'zustand/*'], message: 'src/core must not import zustand.' },
            {
              group: ['**/dom/**', '**/react/**', '../../dom', '../../react'],
              message: 'src/core must not import src/dom or src/react.',
            },
          ],
        },
      ],
    },
  },
  {
    // The board is the framework-free controller any binding drives: no React, no
    // zustand binding (its vanilla store is fine), nothing from src/react.
    files: ['src/board/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: 'zustand',
              message: 'src/board may use zustand/vanilla only (zustand imports React).',
            },
          ],
          patterns: [
            {
              group: ['react', 'react/*', 'react-dom', 'react-dom/*'],
              message: 'src/board must not import React: it is driven by the bindings.',
            },
            {
              group: ['zustand/*', '!zustand/vanilla'],
              message:
                'src/board may use zustand/vanilla only (zustand and zustand/react import React).',
            },
            {
              group: ['**/react/**', '../react'],
              message: 'src/board must not import src/react.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['**/*.js', '**/*.mjs'],
    ...tseslint.configs.disableTypeChecked,
  },
)
