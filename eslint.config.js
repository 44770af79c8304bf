// @ts-check
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/** Express and the API's http/ folder: the HTTP layer, which services and workers never import. */
const HTTP_LAYER_IMPORT = {
  regex: '^(express|express-serve-static-core|multer|supertest)$|(^|/)http/|^@hs/api/http/',
  message: 'Only the HTTP layer imports Express or http/: throw a DomainError and let it map.',
};

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '.data/**',
      'coverage/**',
      'test-results/**',
      'test-artifacts/**',
      '.tools/**',
      'api/dist-test-*/**',
      // The picture generator is a tool, not the product: its own tsconfig type-checks it when
      // `npm run images` runs, and its drawing data is laid out for reading, not by prettier.
      'infra/assets/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.strictTypeChecked,
  {
    languageOptions: {
      globals: { ...globals.node },
      parserOptions: {
        projectService: {
          allowDefaultProject: ['eslint.config.js', 'vitest.config.ts', '.dependency-cruiser.cjs'],
        },
        tsconfigRootDir: import.meta.dirname,
      },
    },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/restrict-template-expressions': ['error', { allowNumber: true }],
      '@typescript-eslint/no-confusing-void-expression': 'off',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', ignoreRestSiblings: true },
      ],
    },
  },
  {
    // Mongoose schema definitions are plain objects by design; the rule mistakes them for
    // stand-ins of its SchemaTypeOptions class.
    files: ['api/src/**/*-model.ts'],
    rules: { '@typescript-eslint/no-unsafe-class-instance-assignment': 'off' },
  },
  {
    // supertest types every response body as `any`; tests assert on its shape instead.
    files: ['**/test/**/*.ts', 'tests/**/*.ts', '**/*.test.{ts,tsx}'],
    rules: {
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
    },
  },
  {
    files: ['web/src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      // The site may import only the pure, browser-safe part of the API package.
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^@hs/api/(?!domain/)',
              message: 'The site imports only @hs/api/domain/* (pure, browser-safe modules).',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['api/src/domain/**/*.ts'],
    rules: {
      // domain/ is shared with the browser bundle: no Node built-ins, no server libraries.
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { regex: '^node:', message: 'domain/ must stay browser-safe.' },
            HTTP_LAYER_IMPORT,
            {
              regex: '^(express|mongoose|bullmq|ioredis|nodemailer|@aws-sdk/.*|pino.*)$',
              message: 'domain/ must stay browser-safe.',
            },
          ],
        },
      ],
    },
  },
  {
    // Services, models, jobs and the workers speak the domain's language (DomainError) and know
    // nothing of HTTP; only the HTTP layer named in `ignores` may import Express or http/.
    files: ['api/src/**/*.ts', 'workers/src/**/*.ts'],
    ignores: [
      'api/src/domain/**',
      'api/src/http/**',
      'api/src/**/*-routes.ts',
      'api/src/main.ts',
      'api/src/server/**',
      // Express middleware and request plumbing that lives beside its feature.
      'api/src/accounts/require-auth.ts',
      'api/src/accounts/google/google-cookies.ts',
      'api/src/accounts/google/google-oauth.ts',
      'api/src/accounts/google/oauth-state-store.ts',
      'api/src/admin/admin-guard.ts',
      'api/src/admin/queue-dashboard.ts',
      'api/src/admin/queue-session.ts',
      'api/src/bookings/booking-owner-guard.ts',
      'api/src/bookings/booking-photo-upload.ts',
      'api/src/metrics/http-metrics.ts',
      'api/src/payments/test-checkout-page.ts',
      'api/src/payments/test-billing-page.ts',
    ],
    rules: {
      'no-restricted-imports': ['error', { patterns: [HTTP_LAYER_IMPORT] }],
    },
  },
  {
    files: ['**/*.js', '**/*.cjs'],
    ...tseslint.configs.disableTypeChecked,
  },
  {
    // dependency-cruiser reads its configuration as CommonJS.
    files: ['**/*.cjs'],
    languageOptions: { sourceType: 'commonjs', globals: { ...globals.node } },
  },
);
