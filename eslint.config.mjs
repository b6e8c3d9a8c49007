import js from '@eslint/js';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  {
    ignores: [
      'node_modules/',
      '**/dist/',
      'build/',
      'coverage/',
      'out/',
      'index.js',
      'zapierwrapper.js',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      eqeqeq: ['error', 'always'],
      'no-console': 'error',
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    // Fastify's plugins, hooks and parsers are async whether they await or not.
    files: ['sandbox/**/*.ts'],
    rules: { '@typescript-eslint/require-await': 'off' },
  },
  {
    files: ['**/*.js', '**/*.mjs'],
    ...tseslint.configs.disableTypeChecked,
  },
  {
    files: ['jest.config.js'],
    languageOptions: { globals: { module: 'writable', process: 'readonly' } },
  },
  {
    files: ['packages/*/build.mjs'],
    languageOptions: { globals: { process: 'readonly' } },
  },
);
