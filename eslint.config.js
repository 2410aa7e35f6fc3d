import { builtinModules } from 'node:module';
import { dirname, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import js from '@eslint/js';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const repoRoot = dirname(fileURLToPath(import.meta.url));

/** Where each workspace package lives (packages/ai does not exist yet; its rule is ready for it). */
const WORKSPACES = {
  '@pagewright/contracts': 'packages/contracts',
  '@pagewright/engine': 'packages/engine',
  '@pagewright/ai': 'packages/ai',
  '@pagewright/server': 'apps/server',
  '@pagewright/web': 'apps/web',
  '@pagewright/e2e': 'e2e',
};

/**
 * The layering (../shared/ARCHITECTURE.md, "Dependencies point one way"): which workspace code
 * each layer may import, by package name (@pagewright/...) or by a relative path, besides its
 * own. Third-party packages are not limited.
 */
const LAYERS = [
  { dir: 'apps/web', may: ['packages/contracts'], why: 'the browser app reaches the engine and the server over HTTP only' },
  { dir: 'packages/engine', may: ['packages/contracts'], why: 'the engine is a library the apps use and never imports an app' },
  { dir: 'packages/contracts', may: [], why: 'the contracts are the bottom layer' },
  { dir: 'packages/ai', may: ['packages/contracts'], why: 'the AI package depends on the contracts only' },
];

const toPosix = (path) => path.split(sep).join('/');
const within = (path, dir) => path === dir || path.startsWith(`${dir}/`);

/**
 * pagewright/layers: an import (static, dynamic, re-export or `import('...')` type) of workspace
 * code outside the layer's own directory and the ones it may use. Relative paths are resolved
 * against the importing file, so `../../server/src/x` from apps/web is caught whatever its depth.
 */
const layersRule = {
  meta: {
    type: 'problem',
    docs: { description: 'Keeps each workspace package to the layers it may import' },
    schema: [
      {
        type: 'object',
        properties: { layer: { type: 'string' }, may: { type: 'array', items: { type: 'string' } }, why: { type: 'string' } },
        required: ['layer', 'may'],
        additionalProperties: false,
      },
    ],
    messages: {
      outside: "{{layer}} may import only its own code{{andMay}} ({{why}}): '{{source}}' is {{target}}.",
    },
  },
  create(context) {
    const { layer, may, why = 'see eslint.config.js' } = context.options[0];
    const allowed = [layer, ...may];
    const andMay = may.length > 0 ? ` and ${may.join(', ')}` : '';
    const check = (node) => {
      if (node?.type !== 'Literal' || typeof node.value !== 'string') return;
      const source = node.value;
      let target;
      if (source.startsWith('.') || source.startsWith('/')) {
        const path = toPosix(relative(repoRoot, resolve(dirname(context.filename), source)));
        if (allowed.some((dir) => within(path, dir))) return;
        target = path.startsWith('..') ? 'outside the repository' : `in ${path}`;
      } else if (source.startsWith('@pagewright/')) {
        const name = source.split('/').slice(0, 2).join('/');
        const dir = WORKSPACES[name];
        if (dir !== undefined && allowed.includes(dir)) return;
        target = dir === undefined ? 'not a known workspace package' : `the package in ${dir}`;
      } else {
        return;
      }
      context.report({ node, messageId: 'outside', data: { layer, andMay, why, source, target } });
    };
    return {
      ImportDeclaration: (node) => check(node.source),
      ExportNamedDeclaration: (node) => check(node.source),
      ExportAllDeclaration: (node) => check(node.source),
      ImportExpression: (node) => check(node.source),
      TSImportType: (node) => check(node.source ?? node.argument?.literal),
    };
  },
};

/** no-restricted-imports options banning Node's built-in modules (node:x and the bare names). */
function noNodeBuiltins(message) {
  return [
    'error',
    {
      paths: builtinModules.filter((name) => !name.startsWith('_')).map((name) => ({ name, message })),
      patterns: [{ regex: '^node:', message }],
    },
  ];
}

const TEST_FILES = ['**/*.test.{ts,tsx}', '**/test/**'];

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', 'data/**', 'e2e/test-results/**', 'e2e/playwright-report/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-control-regex': 'off',
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
  },
  // Layering: each layer imports only its own code and the layers below it.
  ...LAYERS.map(({ dir, may, why }) => ({
    files: [`${dir}/**/*.{ts,tsx,js,mjs,cjs}`],
    plugins: { pagewright: { rules: { layers: layersRule } } },
    rules: { 'pagewright/layers': ['error', { layer: dir, may, why }] },
  })),
  {
    // The web app runs in the browser; its tests (Vitest under Node) and config files may use Node.
    files: ['apps/web/**/*.{ts,tsx,js,mjs,cjs}'],
    ignores: [...TEST_FILES.map((glob) => `apps/web/${glob}`), 'apps/web/*.config.{ts,js,mjs,cjs}'],
    rules: { 'no-restricted-imports': noNodeBuiltins('apps/web runs in the browser: Node built-ins only in its tests and config files.') },
  },
  {
    // The contracts are schemas and types shared by the browser and the server: no I/O.
    files: ['packages/contracts/**/*.{ts,tsx,js,mjs,cjs}'],
    ignores: [...TEST_FILES.map((glob) => `packages/contracts/${glob}`), 'packages/contracts/*.config.{ts,js,mjs,cjs}'],
    rules: { 'no-restricted-imports': noNodeBuiltins('packages/contracts does no I/O and runs in the browser too: no Node built-ins.') },
  },
  {
    files: ['apps/server/src/**/*.ts'],
    ignores: ['apps/server/src/modules/*/repo.ts', 'apps/server/src/db/**', 'apps/server/src/adapters/**', ...TEST_FILES.map((glob) => `apps/server/${glob}`)],
    rules: {
      'no-restricted-imports': ['error', {
        paths: [{ name: 'kysely', message: 'only repositories (modules/*/repo.ts), db/ and adapters/ touch the database.' }],
      }],
    },
  },
  {
    // Inside the server: routes speak HTTP and call their service; only repositories (and the
    // database and adapter modules) touch the database.
    files: ['apps/server/src/modules/*/routes.ts'],
    rules: {
      'no-restricted-imports': ['error', {
        paths: [{ name: 'kysely', message: 'routes call their service; only repositories touch the database.' }],
        patterns: [
          { regex: '(^|/)repo\\.js$', message: 'routes call their service; only the service uses the repository.' },
          { regex: '/db/', message: 'routes call their service; only repositories touch the database.' },
        ],
      }],
    },
  },
);
