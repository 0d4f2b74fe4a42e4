import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';

/** Test-only modules (`*.test.ts`, `*.testkit.ts`): production code never imports them. */
const testOnly = { group: ['**/*.testkit', '**/*.test'], message: 'production code never imports test-only modules.' };
const testFiles = ['**/*.test.ts', '**/*.test.tsx', '**/*.testkit.ts'];
/**
 * The renderer reaches src-main only through the pure domain and the contract (contract-*.ts: its
 * zod-free parts, which the renderer's first chunk reads before the schemas load).
 */
const rendererReach = {
  regex: '^(\\.\\./)+src-main/(?!domain/|ipc/contract(-[a-z]+)?$|ipc/channels$)',
  message: 'the renderer may import only src-main/domain and src-main/ipc/contract from src-main.',
};

const nodeIo = [
  'electron',
  'better-sqlite3',
  'fs',
  'node:fs',
  'fs/promises',
  'node:fs/promises',
  'child_process',
  'node:child_process',
  'http',
  'node:http',
  'net',
  'node:net',
];

export default tseslint.config(
  { ignores: ['out/**', 'node_modules/**', 'test-results/**', 'playwright-report/**', 'release/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/ban-ts-comment': 'error',
    },
  },
  {
    // Playwright scripts hand callbacks to the page: those run in the browser.
    files: ['scripts/**/*.mjs', 'e2e/**/*.ts'],
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
  },
  {
    // The domain is the pure core: no Electron, no database driver, no I/O.
    files: ['src-main/domain/**/*.ts'],
    ignores: testFiles,
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: nodeIo.map((name) => ({ name, message: 'src-main/domain is pure: no I/O.' })),
          patterns: [
            {
              group: ['**/db/**', '**/ipc/register*', '**/handlers*', '**/server*', '**/cli/**'],
              message: 'src-main/domain imports nothing outside the domain.',
            },
            testOnly,
          ],
        },
      ],
    },
  },
  {
    // The renderer reaches src-main only through the pure domain and the contract.
    files: ['src-renderer/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-restricted-imports': [
        'error',
        {
          paths: nodeIo.map((name) => ({ name, message: 'the renderer has no Node access.' })),
          patterns: [rendererReach, testOnly],
        },
      ],
    },
  },
  {
    // A renderer test may use the domain's test kits (a GGUF header written by the test).
    files: testFiles.map((glob) => `src-renderer/${glob}`),
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: nodeIo.map((name) => ({ name, message: 'the renderer has no Node access.' })),
          patterns: [rendererReach],
        },
      ],
    },
  },
  {
    // Only the Electron shell may load electron; in plain Node it tries to download a binary.
    files: ['src-main/**/*.ts', 'scripts/**/*.ts', 'bin/**/*.js'],
    ignores: ['src-main/electron/**', 'src-main/domain/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        { paths: [{ name: 'electron', message: 'only the Electron shell imports electron.' }] },
      ],
    },
  },
  {
    files: ['src-main/**/*.ts'],
    ignores: ['src-main/domain/**', ...testFiles],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [{ name: 'electron', message: 'only the Electron shell imports electron.' }],
          patterns: [testOnly],
        },
      ],
    },
  },
  {
    // A read-then-write in a deferred transaction fails at once with SQLITE_BUSY when another
    // process writes; every write transaction takes its lock first (src-main/db/transaction.ts).
    files: ['src-main/**/*.ts'],
    ignores: ['src-main/db/transaction.ts', ...testFiles],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "CallExpression[callee.property.name='transaction']",
          message: 'use writeTransaction(db, fn) from src-main/db/transaction.ts (BEGIN IMMEDIATE).',
        },
      ],
    },
  },
  {
    // The shell alone may load electron.
    files: ['src-main/electron/**/*.ts'],
    ignores: testFiles,
    rules: { 'no-restricted-imports': ['error', { patterns: [testOnly] }] },
  },
);
