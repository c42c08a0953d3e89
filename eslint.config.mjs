// Lint exists mostly to make the dependency direction real: Nx tags decide which package may import which.
import nx from '@nx/eslint-plugin';
import tseslint from 'typescript-eslint';

export default [
  { ignores: ['**/node_modules/**', '**/dist/**', '**/.nx/**', '**/out/**', '**/__golden__/**', '**/*.js', '**/*.mjs'] },
  ...tseslint.configs.recommended,
  {
    files: ['**/*.ts'],
    plugins: { '@nx': nx },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-explicit-any': 'off',
      '@nx/enforce-module-boundaries': ['error', {
        allow: [],
        // the CLI loads backends lazily so that `ops`/`reference` work even when one is broken;
        // that is isolation, not code splitting, so static imports of the same packages are fine
        checkDynamicDependenciesExceptions: ['@kforge/*'],
        depConstraints: [
          { sourceTag: 'scope:ir', onlyDependOnLibsWithTags: [] },
          { sourceTag: 'scope:target', onlyDependOnLibsWithTags: ['scope:ir'] },
          { sourceTag: 'scope:codegen-core', onlyDependOnLibsWithTags: ['scope:ir', 'scope:target'] },
          { sourceTag: 'scope:codegen', onlyDependOnLibsWithTags: ['scope:ir', 'scope:target', 'scope:codegen-core'] },
          { sourceTag: 'scope:exec', onlyDependOnLibsWithTags: ['scope:ir', 'scope:target'] },
          { sourceTag: 'scope:autotune', onlyDependOnLibsWithTags: ['scope:ir', 'scope:target'] },
          { sourceTag: 'scope:runtime', onlyDependOnLibsWithTags: ['scope:ir', 'scope:target'] },
          { sourceTag: 'scope:app', onlyDependOnLibsWithTags: ['*'] },
        ],
      }],
    },
  },
];
