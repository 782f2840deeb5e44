// Lint for the whole workspace, with the boundaries of docs/architecture.md enforced as import
// rules (bulletproof-react's way: `import-x/no-restricted-paths` zones on resolved file paths, so a
// relative path, a dynamic import() and an `export … from` are all caught):
//
// - shared-schema stays pure; web and sync-server never import each other; its folders depend
//   one way: constants ← entities ← rules ← documents ← api ← sync.
// - Nobody reaches into shared-schema past its public index (`@pilbara/shared-schema`).
// - web: app → pages → features → components / db / sync → lib, never the other way, and no
//   feature imports another feature (what two features share lives in components/ or lib/).
// - sync-server: routes → plugins → services → apply path (sync/) → db/, one way; backup/ beside
//   services, wired only by the composition root; the apply path knows nothing of HTTP; routes
//   and services never touch the database driver or write SQL (they call repositories in db/).
// - No import circles (import-x/no-cycle).
import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import js from '@eslint/js';
import globals from 'globals';
import importX from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

const ROOT = fileURLToPath(new URL('.', import.meta.url));

/** The feature folders of the web app, each its own zone. */
const WEB_FEATURES = readdirSync(new URL('./web/src/features', import.meta.url), {
  withFileTypes: true,
})
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

const web = (folder) => `./web/src/${folder}`;

/**
 * shared-schema's folders, lowest first: each imports only those before it (constants are plain
 * values, entities the stored rows, rules pure functions over them, documents the money documents
 * the rules lay out, api the request and answer schemas, sync the mutators and the protocol).
 */
const SCHEMA_LAYERS = ['constants', 'entities', 'rules', 'documents', 'api', 'sync'];
const SCHEMA_ZONES = SCHEMA_LAYERS.slice(0, -1).map((folder, index) => {
  const above = SCHEMA_LAYERS.slice(index + 1);
  return {
    target: `./shared-schema/src/${folder}`,
    from: above.map((upper) => `./shared-schema/src/${upper}`),
    message: `shared-schema's folders depend one way (${SCHEMA_LAYERS.join(' ← ')}): ${folder}/ imports none of ${above.map((upper) => `${upper}/`).join(', ')}.`,
  };
});
const WEB_SHARED = ['components', 'lib', 'db', 'sync'].map(web);

const boundaryZones = [
  {
    // Source and tests. The web build's own config (vite.config.ts) runs in Node before any
    // bundling, and Node cannot load the package's TypeScript entry, so it reads the constant it
    // needs from its source file; that is the one documented exception.
    target: ['./web/src', './sync-server', './e2e', './bench'],
    from: './shared-schema/src',
    except: ['./index.ts', './testing.ts'],
    message: 'Import shared-schema through its public index: @pilbara/shared-schema.',
  },
  {
    target: [web('pages'), web('features'), ...WEB_SHARED],
    from: web('app'),
    // The test renderer wraps components in the app's theme; only tests use it.
    except: ['./test-providers.tsx'],
    message:
      'Only the app layer imports app/: pass what a screen needs in, or move it to components/.',
  },
  {
    target: [web('features'), ...WEB_SHARED],
    from: web('pages'),
    message: 'Pages are composed by the app layer; nothing below imports them.',
  },
  {
    target: WEB_SHARED,
    from: web('features'),
    message: 'components/, lib/, db/ and sync/ are shared by features and never import one.',
  },
  {
    // lib/ is the bottom of the web app: plain helpers (formatting, HTTP, browser storage, hooks
    // over the browser) that every layer uses, the sync engine included. What reads or writes the
    // local database is shared through components/ (or sync/ itself), never lib/.
    target: web('lib'),
    from: [web('sync'), web('db')],
    message:
      'lib/ knows nothing of the local database: sync/ and db/ build on it. Move what reads or writes through sync/ to components/.',
  },
  ...WEB_FEATURES.map((feature) => ({
    target: web(`features/${feature}`),
    from: web('features'),
    except: [`./${feature}`],
    message:
      'A feature never imports another feature: let the app layer compose them, or move the shared piece to components/ or lib/.',
  })),
  ...SCHEMA_ZONES,
  // sync-server, one way: routes → plugins → services → apply path (sync/) → db/, with backup/
  // beside services. (Tests beside the code may use every layer: see SERVER_LAYER_ZONES below.)
  {
    target: './sync-server/src/db',
    from: [
      './sync-server/src/sync',
      './sync-server/src/services',
      './sync-server/src/routes',
      './sync-server/src/plugins',
      './sync-server/src/backup',
    ],
    message:
      'db/ is the lowest layer and imports none above it: move the piece it needs into db/, or call db/ from the layer above.',
  },
  {
    target: './sync-server/src/sync',
    from: ['./sync-server/src/services', './sync-server/src/plugins'],
    message:
      'The apply path (sync/) imports only db/: services and plugins call it, not the other way.',
  },
  {
    // Backups copy the database file and read the apply path's recovery report; they answer no
    // request and send nothing, so they need no route, plugin or service.
    target: './sync-server/src/backup',
    from: ['./sync-server/src/routes', './sync-server/src/plugins', './sync-server/src/services'],
    message:
      'backup/ uses only db/ and the apply path (sync/): it runs beside the services, not on top of them.',
  },
  {
    target: [
      './sync-server/src/sync',
      './sync-server/src/services',
      './sync-server/src/routes',
      './sync-server/src/plugins',
    ],
    from: './sync-server/src/backup',
    message:
      'Only the composition root (app.ts, restore-cli.ts) imports backup/: a route reaches the running service through app.backups.',
  },
  {
    // The composition root wires every layer together; a layer that imported it would import
    // every other layer with it.
    target: [
      './sync-server/src/db',
      './sync-server/src/sync',
      './sync-server/src/services',
      './sync-server/src/routes',
      './sync-server/src/plugins',
      './sync-server/src/backup',
    ],
    from: [
      './sync-server/src/app.ts',
      './sync-server/src/main.ts',
      './sync-server/src/bootstrap.ts',
      './sync-server/src/restore-cli.ts',
    ],
    message:
      'No layer imports the composition root (app.ts, main.ts, bootstrap.ts, restore-cli.ts): it passes each layer what it needs.',
  },
  {
    target: './sync-server/src/sync',
    from: './sync-server/src/routes',
    message: 'The apply path never imports a route: routes call it, not the other way.',
  },
  {
    target: './sync-server/src/services',
    from: ['./sync-server/src/routes', './sync-server/src/plugins'],
    message: 'Services never import a route or a plugin: routes and plugins call services.',
  },
  {
    target: './sync-server/src/plugins',
    from: './sync-server/src/routes',
    message: 'Plugins sit under the routes (routes call them) and never import one.',
  },
  {
    target: ['./sync-server/src/routes', './sync-server/src/services'],
    from: './sync-server/src/db/statements.ts',
    message:
      'Routes and services never touch the database driver: call a repository in db/ or the apply path.',
  },
];

/** The test entities shared-schema hands the other packages' tests; the apps never ship them. */
const TESTING_ZONE = {
  target: ['./web/src', './sync-server/src'],
  from: './shared-schema/src/testing.ts',
  message: "Only tests import shared-schema's test entities (@pilbara/shared-schema/testing).",
};

/** The zones of sync-server's layers, from the first db/ zone to the end of the list. */
const SERVER_LAYER_ZONES = boundaryZones.slice(
  boundaryZones.findIndex((zone) => zone.target === './sync-server/src/db'),
);

const SQL_KEYWORDS = 'SELECT|INSERT|UPDATE|DELETE|REPLACE|CREATE|ALTER|DROP|PRAGMA|BEGIN|WITH';
const NO_SQL_MESSAGE =
  'Routes and services never write SQL: put the statement in a repository (db/) or go through the apply path.';

/** The import restrictions every file of an area shares, plus `extra` patterns. */
function restrictedImports(...extra) {
  return [
    'error',
    {
      patterns: [
        {
          group: ['@pilbara/shared-schema/*', '!@pilbara/shared-schema/testing'],
          message: 'Import shared-schema through its public index: @pilbara/shared-schema.',
        },
        ...extra,
      ],
    },
  ];
}

const NOT_WEB = {
  group: ['**/web/**', '@pilbara/web'],
  message: 'The server never imports the web app.',
};
const NOT_SERVER = {
  group: ['**/sync-server/**', '@pilbara/sync-server'],
  message: 'The web app never imports the server.',
};

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/dist-ssr/**',
      '**/data/**',
      'web/dev-dist/**',
      'e2e/test-results/**',
      'e2e/playwright-report/**',
      'e2e/.tmp/**',
      // Baseline trees the benchmarks extract to measure against (git-ignored too).
      'bench/.cache/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    // Scripts the service worker imports (web/public/push-sw.js) run in its global scope.
    files: ['web/public/**/*.js'],
    languageOptions: { globals: { ...globals.serviceworker } },
  },
  {
    files: ['**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: {
      // Parse TypeScript modules when following imports, so import-x/no-cycle sees the graph.
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [
        createTypeScriptImportResolver({
          noWarnOnMultipleProjects: true,
          project: [
            `${ROOT}web/tsconfig.json`,
            `${ROOT}sync-server/tsconfig.json`,
            `${ROOT}shared-schema/tsconfig.json`,
            `${ROOT}e2e/tsconfig.json`,
          ],
        }),
      ],
    },
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        { basePath: ROOT, zones: [...boundaryZones, TESTING_ZONE] },
      ],
      // No import circles anywhere: a circle means two modules are one, or one belongs lower.
      // Type-only imports are erased at build time and do not count.
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
    },
  },
  {
    // A test beside a module drives it together with the layers above (an apply path that
    // writes, a timeline that reads): the layer zones are for the modules themselves.
    files: ['sync-server/src/**/*.test.ts'],
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          basePath: ROOT,
          zones: boundaryZones.filter((zone) => !SERVER_LAYER_ZONES.includes(zone)),
        },
      ],
    },
  },
  {
    // shared-schema's tests and the fixtures they share build whole scenarios (a mutator's rows for
    // a rule's test), so they may reach any folder: the folder order is for the modules themselves.
    files: [
      'shared-schema/src/**/*.test.ts',
      'shared-schema/src/**/test-fixtures.ts',
      'shared-schema/src/**/test-args.ts',
      'shared-schema/src/test-entities.ts',
      'shared-schema/src/testing.ts',
    ],
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          basePath: ROOT,
          zones: [...boundaryZones.filter((zone) => !SCHEMA_ZONES.includes(zone)), TESTING_ZONE],
        },
      ],
    },
  },
  {
    // A web test or its fixture may take shared-schema's test entities.
    files: ['web/src/**/*.test.{ts,tsx}', 'web/src/**/*-fixture.ts'],
    rules: {
      'import-x/no-restricted-paths': ['error', { basePath: ROOT, zones: boundaryZones }],
    },
  },
  {
    files: ['shared-schema/src/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['node:*', 'fs', 'path', 'crypto'], message: 'shared-schema does no I/O.' },
            {
              group: ['dexie', 'fastify', 'react', 'react-dom', '@mantine/*', 'better-sqlite3'],
              message: 'shared-schema depends only on zod and dayjs.',
            },
            {
              group: ['**/web/**', '**/sync-server/**'],
              message: 'shared-schema imports nothing of the apps.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['sync-server/**/*.ts'],
    rules: { 'no-restricted-imports': restrictedImports(NOT_WEB) },
  },
  {
    // The apply path is the same for a socket, an HTTP call and the server's own work: the
    // endpoints live in routes/sync/, and app.ts ties its timers to the server's lifecycle.
    files: ['sync-server/src/sync/**/*.ts'],
    rules: {
      'no-restricted-imports': restrictedImports(NOT_WEB, {
        group: ['fastify', 'fastify-*', '@fastify/*', 'ws'],
        message: 'The apply path knows nothing of HTTP: put the endpoint in routes/sync/.',
      }),
    },
  },
  {
    // Services hold the work between a route and the database; their SQL lives in db/ too, so
    // what a table holds is written in one place (the notifier's claims, the card settlement).
    files: ['sync-server/src/routes/**/*.ts', 'sync-server/src/services/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-imports': restrictedImports(NOT_WEB, {
        group: ['better-sqlite3'],
        message: 'Routes and services never touch the database driver: call a repository in db/.',
      }),
      'no-restricted-syntax': [
        'error',
        {
          selector: `Literal[value=/^\\s*(${SQL_KEYWORDS})\\b/]`,
          message: NO_SQL_MESSAGE,
        },
        {
          selector: `TemplateElement[value.raw=/^\\s*(${SQL_KEYWORDS})\\b/]`,
          message: NO_SQL_MESSAGE,
        },
        {
          selector:
            'CallExpression[callee.property.name=/^(prepare|exec|transaction|pragma)$/][callee.object.name="db"]',
          message: NO_SQL_MESSAGE,
        },
        {
          selector:
            'CallExpression[callee.property.name=/^(prepare|exec|transaction|pragma)$/][callee.object.property.name="db"]',
          message: NO_SQL_MESSAGE,
        },
      ],
    },
  },
  {
    files: ['web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
      'no-restricted-imports': restrictedImports(NOT_SERVER),
    },
  },
  {
    files: ['e2e/**/*.ts', 'bench/**/*.ts'],
    rules: { 'no-restricted-imports': restrictedImports() },
  },
);
