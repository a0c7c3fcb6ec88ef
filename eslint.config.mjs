// One flat config for the whole workspace.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

// Remotes meet each other and the shell only through @shop/shared and federation.
const PACKAGE_BOUNDARY = {
  group: ['**/shell/src/**', '**/mf-*/src/**', '../../shell/**', '../../mf-*/**'],
  message: "Import through @shop/shared, never another package's internals.",
};

// Layers inside shared/: the pure bottom (contract, rules, catalog, format) knows nothing above it;
// http sits on it; only federation (the areas' antd theme) and forms (antd form rules) touch antd.
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
    "shared/ holds no antd outside federation/ (the areas' theme) and forms/ (form rules); UI belongs to the areas.",
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
const restrictImports = (...patterns) => ['error', { patterns: [PACKAGE_BOUNDARY, ...patterns] }];

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
  // Each block below replaces the rule's options for its files, so each repeats the package boundary.
  {
    files: ['shared/src/**'],
    rules: { 'no-restricted-imports': restrictImports(SELF_IMPORT, NO_ANTD) },
  },
  {
    files: ['shared/src/federation/**', 'shared/src/forms/**'],
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
    // CommonJS config files (jest) load their helpers with require by design.
    files: ['**/*.cjs'],
    languageOptions: { sourceType: 'commonjs' },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
);
