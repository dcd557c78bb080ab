import fs from 'node:fs';
import path from 'node:path';
import js from '@eslint/js';
import importPlugin from 'eslint-plugin-import';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

const IMPORT_PARSER = path.join(import.meta.dirname, 'eslint.config.import-parser.cjs');

/** Sub-folders of a folder, read from disk: a new app or feature folder is guarded without editing this file. */
const foldersIn = (dir) =>
  fs.existsSync(dir)
    ? fs
        .readdirSync(dir, { withFileTypes: true })
        .filter((entry) => entry.isDirectory())
        .map((entry) => entry.name)
    : [];

/** The audiences' apps (web/customer, web/office, ...): everything under web/ but the code they share. */
const apps = foldersIn('web').filter((name) => name !== 'shared');

/** The files that wire the server together (server/*.ts but the type leaf deps.ts): only they see every layer. */
const SERVER_ROOT_FILES = fs
  .readdirSync('server', { withFileTypes: true })
  .filter((entry) => entry.isFile() && entry.name.endsWith('.ts') && entry.name !== 'deps.ts')
  .map((entry) => `./server/${entry.name}`);

/**
 * Who may import whom, drawn from the folders. Paths are resolved, so a zone holds whatever the
 * relative path looks like.
 */
const zones = [
  // The layers: domain/ is pure rules; contracts/ only schemas over them; the browser never sees the server.
  {
    target: './domain',
    from: ['./contracts', './server', './web', './tests', './e2e', './scripts'],
    message: 'domain/ holds pure rules: it imports nothing but domain/.',
  },
  {
    target: './contracts',
    from: ['./server', './web', './tests', './e2e'],
    message: 'contracts/ are shared by server and web: they import only domain/ and zod.',
  },
  { target: './web', from: './server', message: 'The browser code may import contracts/ and domain/, never server/.' },
  {
    target: './server',
    from: './web',
    // The signed PDF is drawn on the server by the browser's own PDF layout (pure jsPDF code), so the
    // signed file and the browser's PDF of a quote are one layout (decision 202).
    except: ['./shared/pdf', './shared/format.ts', './shared/quotes'],
    message: 'The server never imports the web apps (only the PDF layout of web/shared, decision 202).',
  },
  // Each audience apart: shared code serves every app and knows none of them; no app reaches into another.
  ...apps.map((app) => ({
    target: './web/shared',
    from: `./web/${app}`,
    message: 'web/shared serves every app: it never imports one (nor its features).',
  })),
  ...apps.flatMap((app) =>
    apps
      .filter((other) => other !== app)
      .map((other) => ({
        target: `./web/${app}`,
        from: `./web/${other}`,
        message: `web/${app} never imports web/${other}: share through web/shared.`,
      })),
  ),
  // Features do not import each other (bulletproof-react): a shared piece moves to the app's components/ or lib/, or to web/shared.
  ...apps.flatMap((app) =>
    foldersIn(`web/${app}/features`).map((feature) => ({
      target: `./web/${app}/features/${feature}`,
      from: `./web/${app}/features`,
      except: [`./${feature}`],
      message: 'Features do not import each other; move the shared piece to the app’s components/ or lib/, or to web/shared.',
    })),
  ),
];

/**
 * The server in layers (docs/architecture.md): platform/ under auth/ under modules/, and the files
 * that wire them together (server/*.ts) on top. Nothing imports upwards. Tests are exempt: an API
 * test starts the whole server.
 */
const serverLayers = [
  {
    target: './server/platform',
    from: ['./server/modules', './server/auth', ...SERVER_ROOT_FILES],
    message: 'server/platform is what every module stands on: it never imports a module, auth or the app.',
  },
  {
    target: './server/auth',
    from: ['./server/modules', ...SERVER_ROOT_FILES],
    message: 'server/auth never imports a module: the app hands it what it needs (server/profile-hooks.ts).',
  },
  {
    target: './server/modules',
    from: SERVER_ROOT_FILES,
    message: 'A module never imports the app that mounts it: routes take AppDeps (server/deps.ts).',
  },
];

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', 'test-results/**', 'playwright-report/**', 'data/**', '.e2e-data/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      // A catch must say why it swallows (a comment) or handle the error.
      'no-empty': ['error', { allowEmptyCatch: false }],
    },
  },
  {
    files: ['**/*.{ts,tsx,js}'],
    // eslint-plugin-import (pure JavaScript): import-x needs native resolver bindings that this
    // registry does not serve for every platform, which breaks `npm ci`.
    plugins: { import: importPlugin },
    settings: {
      'import/extensions': ['.ts', '.tsx', '.js'],
      'import/parsers': { [IMPORT_PARSER]: ['.ts', '.tsx'] },
      'import/resolver': { node: { extensions: ['.ts', '.tsx', '.js', '.json'] } },
      // Never parse dependencies: only our own modules can form a cycle.
      'import/ignore': ['node_modules'],
    },
    rules: {
      'import/no-cycle': ['error', { ignoreExternal: true }],
      'import/no-restricted-paths': ['error', { zones }],
    },
  },
  {
    files: ['eslint.config.import-parser.cjs'],
    languageOptions: { sourceType: 'commonjs', globals: { require: 'readonly', exports: 'writable' } },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    files: ['server/**/*.ts'],
    ignores: ['server/**/*.test.ts'],
    rules: { 'import/no-restricted-paths': ['error', { zones: [...zones, ...serverLayers] }] },
  },
  {
    files: ['web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
    },
  },
);
