// One flat config for the whole workspace.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';

const REPO_ROOT = import.meta.dirname;

// Remotes meet each other and the shell only through @shop/shared and federation.
const PACKAGE_BOUNDARY = {
  group: ['**/shell/src/**', '**/mf-*/src/**', '../../shell/**', '../../mf-*/**'],
  message: "Import through @shop/shared, never another package's internals.",
};

// Layers inside shared/: the pure bottom (contract, rules, catalog, format) knows nothing above it;
// http sits on it; only federation (the areas' antd theme), forms (antd form rules) and payments
// (the provider's element, its bank-check dialog and states, the same in every paying area) touch antd.
const PURE_LAYER = ['contract', 'rules', 'catalog', 'format'];
const onlyFrom = (folders, message) => ({
  regex: `^(?:\\.\\./)+(?!(?:${folders.join('|')})(?:/|$))`,
  message,
});
const SELF_IMPORT = {
  group: ['@shop/shared', '@shop/shared/*'],
  message: 'Inside shared/, import by relative path so the layer rules can see it.',
};
const NO_ANTD = {
  group: ['antd', 'antd/*', '@ant-design/*'],
  message:
    "shared/ holds no antd outside federation/ (the areas' theme), forms/ (form rules) and payments/ (the payment element); UI belongs to the areas.",
};
const NO_REACT = {
  group: [
    'react',
    'react/*',
    'react-dom',
    'react-dom/*',
    'react-router',
    'react-router-dom',
    'single-spa-react',
    '@testing-library/*',
  ],
  message: 'No React in this layer: it holds rules and data, not components.',
};
const NO_IO = {
  group: ['axios', '@tanstack/*'],
  message: 'The pure layer does no I/O: queries and clients live in the layers above it.',
};
const NO_JSX = {
  selector: 'JSXElement, JSXFragment',
  message: 'No React components in this layer: it holds rules and data.',
};
// Layers inside api/src/, bottom first: a folder imports only itself and the folders it names, so
// a lower layer never reaches a higher one (lib <- db <- repositories <- services <- routes).
// app.ts and server.ts wire every layer together and types/ only augments Fastify's types.
const API_LAYERS = [
  { folder: 'lib', mayImport: [] },
  { folder: 'config', mayImport: ['lib'] },
  { folder: 'releases', mayImport: ['lib', 'config'] },
  { folder: 'db', mayImport: ['lib', 'config'] },
  { folder: 'repositories', mayImport: ['lib', 'config', 'db'] },
  { folder: 'db/seed', mayImport: ['lib', 'config', 'db', 'repositories'] },
  { folder: 'services', mayImport: ['lib', 'config', 'db', 'repositories', 'releases'] },
  {
    folder: 'plugins',
    mayImport: ['lib', 'config', 'db', 'db/seed', 'repositories', 'services'],
  },
  {
    folder: 'routes',
    mayImport: ['lib', 'config', 'db', 'repositories', 'services', 'plugins', 'releases'],
  },
  { folder: 'site', mayImport: ['lib', 'config', 'releases'] },
  { folder: 'cli', mayImport: ['lib', 'config', 'db', 'repositories', 'services', 'releases'] },
];
const API_ENTRY_FILES = ['app.ts', 'server.ts'];
const apiLayerRules = API_LAYERS.map(({ folder, mayImport }) => ({
  // Listed after its parent folder, a nested layer (db/seed) replaces the parent's options.
  files: [`api/src/${folder}/**`],
  rules: {
    'import-x/no-restricted-paths': [
      'error',
      {
        basePath: REPO_ROOT,
        zones: [
          {
            target: `api/src/${folder}`,
            from: [
              ...API_LAYERS.map((layer) => layer.folder).filter(
                (other) => other !== folder && !mayImport.includes(other),
              ),
              ...API_ENTRY_FILES,
            ].map((other) => `api/src/${other}`),
            message: `api/src/${folder}/ may import only ${mayImport.join(', ') || 'itself'} (the layers below it).`,
          },
        ],
      },
    ],
  },
}));
const restrictImports = (...patterns) => ['error', { patterns: [PACKAGE_BOUNDARY, ...patterns] }];

// API modules (api/src/modules/<domain>/): the rest of the API reaches a module only through its
// public index.ts, and a module reaches another the same way.
const MODULE_ENTRY_ONLY = {
  regex: '(^|/)modules/[^/]+/.',
  message: 'Import a module through its public entry (modules/<domain>), not its files.',
};
const OTHER_MODULE_FILE = {
  regex: '^\\.\\./[^./][^/]*/.',
  message: 'Import another module through its public entry (../<domain>), not its files.',
};
// A module's routes call its service: its queries, tables and the old repositories stay below it.
const ROUTES_USE_THE_SERVICE = {
  regex: '(^\\./[^/]+-(queries|tables)$|(^|/)repositories/)',
  message: "A module's routes call its service; queries, tables and repositories stay behind it.",
};

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/.data/**',
      '**/.deploy/**',
      '**/coverage/**',
      '**/test-results/**',
      '**/playwright-report/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: {
      globals: { ...globals.browser, ...globals.node, ...globals.jest },
    },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      'no-restricted-imports': restrictImports(),
    },
  },
  {
    // Import cycles anywhere in the workspace: a module must not reach itself through its imports.
    plugins: { 'import-x': importX },
    settings: {
      'import-x/extensions': ['.ts', '.tsx', '.cts', '.mts', '.js', '.jsx', '.cjs', '.mjs'],
      'import-x/resolver-next': [
        createNodeResolver({
          extensions: ['.ts', '.tsx', '.mts', '.cts', '.js', '.jsx', '.mjs', '.cjs', '.json'],
        }),
      ],
    },
    rules: { 'import-x/no-cycle': ['error', { ignoreExternal: true }] },
  },
  ...apiLayerRules,
  // Each block below replaces the rule's options for its files, so each repeats the package boundary.
  {
    files: ['shared/src/**'],
    rules: { 'no-restricted-imports': restrictImports(SELF_IMPORT, NO_ANTD) },
  },
  {
    files: ['shared/src/federation/**', 'shared/src/forms/**', 'shared/src/payments/**'],
    rules: { 'no-restricted-imports': restrictImports(SELF_IMPORT) },
  },
  {
    files: ['shared/src/forms/**'],
    rules: {
      'no-restricted-imports': restrictImports(
        SELF_IMPORT,
        onlyFrom(
          PURE_LAYER,
          'forms/ adapts the pure rules and the contract to antd; it imports nothing else from shared/.',
        ),
      ),
    },
  },
  {
    files: PURE_LAYER.map((folder) => `shared/src/${folder}/**`),
    rules: {
      'no-restricted-imports': restrictImports(
        SELF_IMPORT,
        NO_ANTD,
        NO_REACT,
        NO_IO,
        onlyFrom(
          PURE_LAYER,
          'contract, rules, catalog and format are the bottom layer: they import only each other.',
        ),
      ),
      'no-restricted-syntax': ['error', NO_JSX],
    },
  },
  {
    files: ['shared/src/http/**'],
    rules: {
      'no-restricted-imports': restrictImports(
        SELF_IMPORT,
        NO_ANTD,
        NO_REACT,
        onlyFrom(
          [...PURE_LAYER, 'shell-contract/shell-props'],
          "http/ builds on the pure layer and the shell contract's types only.",
        ),
      ),
      'no-restricted-syntax': ['error', NO_JSX],
    },
  },
  {
    // Readable functions in every package: none over 80 lines without an eslint-disable line
    // beside it saying why. Test files are left out: a describe block is a list of cases.
    files: ['*/src/**/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}'],
    rules: {
      'max-lines-per-function': ['error', { max: 80, skipBlankLines: true, skipComments: true }],
    },
  },
  {
    files: ['api/src/**/*.ts'],
    ignores: ['api/src/modules/**', 'api/src/db/schema.ts'],
    rules: { 'no-restricted-imports': restrictImports(MODULE_ENTRY_ONLY) },
  },
  {
    files: ['api/src/modules/**/*.{ts,tsx}'],
    rules: { 'no-restricted-imports': restrictImports(OTHER_MODULE_FILE) },
  },
  {
    files: ['api/src/modules/*/*-routes.ts'],
    rules: {
      'no-restricted-imports': restrictImports(OTHER_MODULE_FILE, ROUTES_USE_THE_SERVICE),
    },
  },
  {
    // The payment sandbox is its own product: the API reaches it only through the PaymentProvider
    // interface, wired in one composition file. Its own rule name, so the layer and package rules
    // above keep their options.
    files: ['api/src/**'],
    ignores: ['api/src/plugins/app/payment-sandbox.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: [
                '@shop/payments-sandbox',
                '@shop/payments-sandbox/*',
                '**/payments-sandbox/**',
              ],
              message:
                'api/src reaches the payment sandbox only through PaymentProvider; it is wired in plugins/app/payment-sandbox.ts.',
            },
          ],
        },
      ],
    },
  },
  {
    // ...and the sandbox talks to the shop as Stripe does: it never imports the API's internals.
    files: ['payments-sandbox/**'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/api/src/**', '**/api/test/**', 'api', 'api/*'],
              message:
                'The payment sandbox never imports the API; the shop contract it shares is in @shop/shared.',
            },
          ],
        },
      ],
    },
  },
  {
    // CommonJS config files (jest) load their helpers with require by design.
    files: ['**/*.cjs'],
    languageOptions: { sourceType: 'commonjs' },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
);
