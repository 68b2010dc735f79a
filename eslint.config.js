import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import adscout from './eslint-rules/index.js';
import { findingsKey } from './eslint-rules/no-test-only-modules.js';

export default tseslint.config(
  {
    ignores: [
      'dist/',
      // other web build dirs (ADSCOUT_DIST_DIR), e.g. dist-bench/
      'dist-*/',
      'node_modules/',
      '.bin/',
      'pb_data/',
      // generated from src/hooks by scripts/build-hooks.mjs, and PocketBase's own JSVM types
      'pb_hooks/lib/',
      'src/hooks/types/pocketbase-jsvm.d.ts',
      'test-results/',
      'playwright-report/',
      'bench-results/',
      '.tmp/',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    plugins: { adscout, 'react-hooks': reactHooks },
    rules: {
      'adscout/layer-imports': 'error',
      // the key makes ESLint's cache lint every file again when what the rule finds changes
      'adscout/no-test-only-modules': ['error', { cacheKey: findingsKey() }],
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrorsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: ['src/web/**/*.{ts,tsx}'],
    languageOptions: { globals: globals.browser },
    rules: reactHooks.configs.recommended.rules,
  },
  {
    files: [
      'src/worker/**/*.ts',
      'src/demo-library/**/*.ts',
      'scripts/**/*.{js,mjs}',
      'tests/**/*.{ts,cjs}',
      'eslint-rules/**/*.js',
      '*.config.{js,ts}',
    ],
    languageOptions: { globals: globals.node },
  },
  {
    // Scripts the service worker imports (vite.config.ts, workbox importScripts).
    files: ['public/**/*.js'],
    languageOptions: { globals: globals.serviceworker },
  },
  {
    // Playwright fixtures must destructure their dependencies, even when there are none.
    files: ['tests/e2e/**/*.ts'],
    rules: { 'no-empty-pattern': 'off' },
  },
  {
    // A test from @playwright/test itself would run without the console-error guard.
    files: ['tests/e2e/**/*.e2e.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: '@playwright/test',
              importNames: ['test'],
              message: "Import test from './fixtures.ts': its console-error guard must watch every test.",
            },
          ],
        },
      ],
    },
  },
  {
    // PocketBase's JS VM (goja): CommonJS, its own globals ($app, routerAdd, …), no Node.
    files: ['pb_hooks/**/*.js', 'pb_migrations/**/*.js', 'tests/fixtures/write-lock-hooks/*.js'],
    languageOptions: {
      sourceType: 'commonjs',
      globals: {
        ...globals.commonjs,
        $app: 'readonly',
        $os: 'readonly',
        $security: 'readonly',
        $http: 'readonly',
        $apis: 'readonly',
        $dbx: 'readonly',
        $filepath: 'readonly',
        $template: 'readonly',
        __hooks: 'readonly',
        routerAdd: 'readonly',
        routerUse: 'readonly',
        cronAdd: 'readonly',
        cronRemove: 'readonly',
        migrate: 'readonly',
        Collection: 'readonly',
        Record: 'readonly',
        DynamicModel: 'readonly',
        DateTime: 'readonly',
        // collection field types, for migrations
        AutodateField: 'readonly',
        BoolField: 'readonly',
        DateField: 'readonly',
        EmailField: 'readonly',
        FileField: 'readonly',
        JSONField: 'readonly',
        NumberField: 'readonly',
        PasswordField: 'readonly',
        RelationField: 'readonly',
        SelectField: 'readonly',
        TextField: 'readonly',
        URLField: 'readonly',
        arrayOf: 'readonly',
        BadRequestError: 'readonly',
        ForbiddenError: 'readonly',
        NotFoundError: 'readonly',
        UnauthorizedError: 'readonly',
        TooManyRequestsError: 'readonly',
        ApiError: 'readonly',
        onBootstrap: 'readonly',
        onBackupCreate: 'readonly',
        onRecordCreateRequest: 'readonly',
        onRecordUpdateRequest: 'readonly',
        onRecordDeleteRequest: 'readonly',
        onRecordAfterCreateSuccess: 'readonly',
        onRecordAfterUpdateSuccess: 'readonly',
        onCollectionAfterCreateSuccess: 'readonly',
        onRealtimeSubscribeRequest: 'readonly',
        onRecordConfirmPasswordResetRequest: 'readonly',
        onRecordConfirmEmailChangeRequest: 'readonly',
        onRecordRequestPasswordResetRequest: 'readonly',
        onRecordCreate: 'readonly',
        onRecordUpdate: 'readonly',
        onRecordUpdateExecute: 'readonly',
        onMailerSend: 'readonly',
        console: 'readonly',
        toString: 'readonly',
        sleep: 'readonly',
      },
    },
    rules: {
      '@typescript-eslint/no-require-imports': 'off',
      '@typescript-eslint/triple-slash-reference': 'off',
    },
  },
);
