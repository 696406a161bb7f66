// @ts-check
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/** Names a module-level collection may have: a constant table, or state that says it is state. */
const STATE_NAME = '/^[A-Z][A-Z0-9_]*$|(Cache|Memo|Registry|cache|memo|registry)$/';

export default tseslint.config(
  {
    // Built output, and fixtures that are data: the reporter's fixtures fail and leak on purpose.
    ignores: ['dist/**', 'public/**', 'coverage/**', 'test/fixtures/summary-reporter/**', 'test/fixtures/paste/**'],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: {
        projectService: true,
        tsconfigRootDir: import.meta.dirname,
      },
    },
    linterOptions: {
      reportUnusedDisableDirectives: 'error',
    },
    rules: {
      // `const { secret: _secret, ...rest } = row` is how a field is left out of a copy here.
      '@typescript-eslint/no-unused-vars': ['error', { ignoreRestSiblings: true, argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrorsIgnorePattern: '^_' }],
      // Promise-returning interface methods are declared async so that a synchronous throw becomes a rejection.
      '@typescript-eslint/require-await': 'off',
      // Interfaces here are declared with method shorthand but implemented as closures that never use `this`.
      '@typescript-eslint/unbound-method': 'off',
      // String(unknown) is how untyped data (Draft entity data, library errors) is read; it is validated after.
      '@typescript-eslint/no-base-to-string': 'off',
      // Callbacks pass on errors they did not make (multer, Express's parsers, React's stream) as they got them.
      '@typescript-eslint/prefer-promise-reject-errors': 'off',
    },
  },
  {
    files: ['**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
  {
    // Module-level state only under a name that says so (test/unit/module-state.test.ts checks the rest).
    files: ['src/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: 'Program > VariableDeclaration[kind=/let|var/], Program > ExportNamedDeclaration > VariableDeclaration[kind=/let|var/]',
          message: 'Sem `let`/`var` no nível do módulo: o estado vai para o contexto do app (src/http/app-context.ts) ou num cache com nome de cache.',
        },
        {
          selector: `:matches(Program, ExportNamedDeclaration) > VariableDeclaration > VariableDeclarator[id.name!=${STATE_NAME}]:matches([init.type="ArrayExpression"], [init.type="NewExpression"][init.callee.name=/^(Map|Set|WeakMap|WeakSet|Array)$/])`,
          message: 'Coleção no nível do módulo: nome em UPPER_SNAKE_CASE se for tabela constante, ou terminado em Cache/Memo/Registry se guardar estado.',
        },
      ],
    },
  },
  {
    // compiled-shapes.ts hands its query builders placeholders typed `any` on purpose (see its comment).
    files: ['src/db/sql-*.ts'],
    rules: { '@typescript-eslint/no-unsafe-argument': 'off' },
  },
  {
    // Tests read supertest's bodies and JSON fixtures, typed `any` by their libraries: the no-unsafe-* rules
    // would flag every assertion on a response. src/ keeps them.
    files: ['test/**/*.{ts,tsx}', 'bench/**/*.{ts,tsx}'],
    rules: {
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
      // Parsed JSON-LD and API bodies are cast to `any` to reach into them; hostile inputs hold control characters.
      '@typescript-eslint/no-explicit-any': 'off',
      'no-control-regex': 'off',
    },
  },
  {
    // The few plain JavaScript files (this one, scripts/ensure-build.js, a bench server) are outside tsconfig.
    files: ['**/*.{js,mjs}'],
    extends: [tseslint.configs.disableTypeChecked],
    languageOptions: { globals: globals.node },
  },
);
