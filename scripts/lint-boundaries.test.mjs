// The layer boundaries of eslint.config.js are real: each deliberate violation below, linted
// with the workspace's own config through ESLint's Node API as if it were a file at that path,
// fails with the rule and the message a developer would see; the same imports in the direction
// the layers allow pass. Nothing is written to disk, so `pnpm lint` of the tree stays clean.
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const eslint = new ESLint({ cwd: ROOT });

/** The rule and message of every error ESLint reports for `code` placed at `file`. */
async function errorsOf(file, code) {
  const [result] = await eslint.lintText(code, { filePath: `${ROOT}${file}` });
  return (result?.messages ?? []).map((m) => ({ rule: m.ruleId, message: m.message }));
}

const FEATURE_TO_FEATURE =
  'A feature never imports another feature: let the app layer compose them, or move the shared piece to components/ or lib/.';
const LIB_BOTTOM =
  'lib/ knows nothing of the local database: sync/ and db/ build on it. Move what reads or writes through sync/ to components/.';
/** What the zone of a shared-schema folder says: the order, and the folders above it. */
const schemaOrder = (folder, above) =>
  `shared-schema's folders depend one way (constants ← entities ← rules ← documents ← api ← sync): ${folder}/ imports none of ${above}.`;
const SHARED_INDEX = 'Import shared-schema through its public index: @pilbara/shared-schema.';
const NO_DRIVER =
  'Routes and services never touch the database driver: call a repository in db/ or the apply path.';
const NO_SQL =
  'Routes and services never write SQL: put the statement in a repository (db/) or go through the apply path.';
const DB_LOWEST =
  'db/ is the lowest layer and imports none above it: move the piece it needs into db/, or call db/ from the layer above.';
const APPLY_ONLY_DB =
  'The apply path (sync/) imports only db/: services and plugins call it, not the other way.';
const BACKUP_BESIDE =
  'backup/ uses only db/ and the apply path (sync/): it runs beside the services, not on top of them.';
const ONLY_ROOT_BACKUP =
  'Only the composition root (app.ts, restore-cli.ts) imports backup/: a route reaches the running service through app.backups.';
const SERVICES_BELOW =
  'Services never import a route or a plugin: routes and plugins call services.';

/** [what, file it is in, code, the rule, the message it must give (import-x prefixes the path)]. */
const VIOLATIONS = [
  [
    'a feature imports another feature',
    'web/src/features/admin/violation.ts',
    "import { QuotesManager } from '../quotes';\nexport const page = QuotesManager;\n",
    'import-x/no-restricted-paths',
    FEATURE_TO_FEATURE,
  ],
  [
    'a feature imports the app layer',
    'web/src/features/fleet/violation.ts',
    "import { StaffSync } from '../../app/staff-sync';\nexport const sync = StaffSync;\n",
    'import-x/no-restricted-paths',
    'Only the app layer imports app/: pass what a screen needs in, or move it to components/.',
  ],
  [
    'a shared component imports a feature',
    'web/src/components/violation.ts',
    "import { FleetPage } from '../features/fleet';\nexport const page = FleetPage;\n",
    'import-x/no-restricted-paths',
    'components/, lib/, db/ and sync/ are shared by features and never import one.',
  ],
  [
    'a feature imports a page',
    'web/src/features/quotes/violation.ts',
    "import * as about from '../../pages/about-page';\nexport const page = about;\n",
    'import-x/no-restricted-paths',
    'Pages are composed by the app layer; nothing below imports them.',
  ],
  [
    'a web helper uses the sync engine',
    'web/src/lib/violation.ts',
    "import { mutate } from '../sync';\nexport const m = mutate;\n",
    'import-x/no-restricted-paths',
    LIB_BOTTOM,
  ],
  [
    'a web helper reads the local database',
    'web/src/lib/accounts/violation.ts',
    "import { getDatabase } from '../../db/database';\nexport const d = getDatabase;\n",
    'import-x/no-restricted-paths',
    LIB_BOTTOM,
  ],
  [
    'a constant imports a request schema',
    'shared-schema/src/constants/violation.ts',
    "import type { LoginInput } from '../api/auth';\nexport type L = LoginInput;\n",
    'import-x/no-restricted-paths',
    schemaOrder('constants', 'entities/, rules/, documents/, api/, sync/'),
  ],
  [
    'an entity imports the sync model',
    'shared-schema/src/entities/violation.ts',
    "import { MAX_PUSH_BATCH } from '../sync/protocol';\nexport const m = MAX_PUSH_BATCH;\n",
    'import-x/no-restricted-paths',
    schemaOrder('entities', 'rules/, documents/, api/, sync/'),
  ],
  [
    'a rule imports a money document',
    'shared-schema/src/rules/violation.ts',
    "import { raiseInvoice } from '../documents/invoice';\nexport const r = raiseInvoice;\n",
    'import-x/no-restricted-paths',
    schemaOrder('rules', 'documents/, api/, sync/'),
  ],
  [
    'a money document imports a request schema',
    'shared-schema/src/documents/violation.ts',
    "import type { QuoteData } from '../api/quotes';\nexport type Q = QuoteData;\n",
    'import-x/no-restricted-paths',
    schemaOrder('documents', 'api/, sync/'),
  ],
  [
    'a request schema imports a mutator',
    'shared-schema/src/api/violation.ts',
    "import { runMutation } from '../sync/runner';\nexport const r = runMutation;\n",
    'import-x/no-restricted-paths',
    schemaOrder('api', 'sync/'),
  ],
  [
    'the web app deep-imports shared-schema by package path',
    'web/src/sync/violation.ts',
    "import { runMutation } from '@pilbara/shared-schema/src/sync/runner';\nexport const run = runMutation;\n",
    'no-restricted-imports',
    SHARED_INDEX,
  ],
  [
    'the web app deep-imports shared-schema by relative path',
    'web/src/sync/violation.ts',
    "import { runMutation } from '../../../shared-schema/src/sync/runner';\nexport const run = runMutation;\n",
    'import-x/no-restricted-paths',
    SHARED_INDEX,
  ],
  [
    'the server deep-imports shared-schema',
    'sync-server/src/sync/violation.ts',
    "import { MESSAGES } from '../../../shared-schema/src/messages';\nexport const m = MESSAGES;\n",
    'import-x/no-restricted-paths',
    SHARED_INDEX,
  ],
  [
    'production code imports the shared test entities',
    'web/src/features/admin/violation.ts',
    "import { aJob } from '@pilbara/shared-schema/testing';\nexport const job = aJob();\n",
    'import-x/no-restricted-paths',
    "Only tests import shared-schema's test entities",
  ],
  [
    'a route imports the database driver',
    'sync-server/src/routes/staff/violation.ts',
    "import Database from 'better-sqlite3';\nexport const open = () => new Database(':memory:');\n",
    'no-restricted-imports',
    'Routes and services never touch the database driver: call a repository in db/.',
  ],
  [
    'a route imports the statement cache',
    'sync-server/src/routes/staff/violation.ts',
    "import { statement } from '../../db/statements';\nexport const s = statement;\n",
    'import-x/no-restricted-paths',
    NO_DRIVER,
  ],
  [
    'a service imports the statement cache',
    'sync-server/src/services/violation.ts',
    "import { statement } from '../db/statements';\nexport const s = statement;\n",
    'import-x/no-restricted-paths',
    NO_DRIVER,
  ],
  [
    'a service imports the database driver',
    'sync-server/src/services/violation.ts',
    "import Database from 'better-sqlite3';\nexport const open = () => new Database(':memory:');\n",
    'no-restricted-imports',
    'Routes and services never touch the database driver: call a repository in db/.',
  ],
  [
    'a service writes SQL',
    'sync-server/src/services/violation.ts',
    "export const sql = 'UPDATE notifications SET status = ?';\n",
    'no-restricted-syntax',
    NO_SQL,
  ],
  [
    'a repository imports the apply path',
    'sync-server/src/db/repositories/violation.ts',
    "import { applyServerMutation } from '../../sync/server-apply';\nexport const a = applyServerMutation;\n",
    'import-x/no-restricted-paths',
    DB_LOWEST,
  ],
  [
    'a repository imports a service',
    'sync-server/src/db/repositories/violation.ts',
    "import { escapeHtml } from '../../services/html';\nexport const e = escapeHtml;\n",
    'import-x/no-restricted-paths',
    DB_LOWEST,
  ],
  [
    'the database layer imports a plugin',
    'sync-server/src/db/violation.ts',
    "import { errorAnswers } from '../plugins/route-schemas';\nexport const e = errorAnswers;\n",
    'import-x/no-restricted-paths',
    DB_LOWEST,
  ],
  [
    'the database layer imports a route',
    'sync-server/src/db/violation.ts',
    "import { mutate } from '../routes/staff/mutate';\nexport const m = mutate;\n",
    'import-x/no-restricted-paths',
    DB_LOWEST,
  ],
  [
    'the apply path imports a service',
    'sync-server/src/sync/violation.ts',
    "import { escapeHtml } from '../services/html';\nexport const e = escapeHtml;\n",
    'import-x/no-restricted-paths',
    APPLY_ONLY_DB,
  ],
  [
    'the apply path imports a plugin',
    'sync-server/src/sync/violation.ts',
    "import { requireAdmin } from '../plugins/auth';\nexport const r = requireAdmin;\n",
    'import-x/no-restricted-paths',
    APPLY_ONLY_DB,
  ],
  [
    'a service imports a route',
    'sync-server/src/services/violation.ts',
    "import { mutate } from '../routes/staff/mutate';\nexport const m = mutate;\n",
    'import-x/no-restricted-paths',
    SERVICES_BELOW,
  ],
  [
    'a service imports a plugin',
    'sync-server/src/services/violation.ts',
    "import { requireAdmin } from '../plugins/auth';\nexport const r = requireAdmin;\n",
    'import-x/no-restricted-paths',
    SERVICES_BELOW,
  ],
  [
    'a plugin imports a route',
    'sync-server/src/plugins/violation.ts',
    "import { mutate } from '../routes/staff/mutate';\nexport const m = mutate;\n",
    'import-x/no-restricted-paths',
    'Plugins sit under the routes (routes call them) and never import one.',
  ],
  [
    // tables.ts is imported by rows.ts: importing rows.ts back closes a circle.
    'two modules import each other',
    'sync-server/src/db/tables.ts',
    "import { getRow } from './rows';\nexport const g = getRow;\n",
    'import-x/no-cycle',
    'Dependency cycle',
  ],
  [
    'a route writes SQL in a string',
    'sync-server/src/routes/staff/violation.ts',
    "export const sql = 'SELECT * FROM jobs';\n",
    'no-restricted-syntax',
    NO_SQL,
  ],
  [
    'a route writes SQL in a template',
    'sync-server/src/routes/staff/violation.ts',
    'export const sql = (id: string) => `DELETE FROM jobs WHERE id = ${id}`;\n',
    'no-restricted-syntax',
    NO_SQL,
  ],
  [
    'a route runs a statement on the database handle',
    'sync-server/src/routes/staff/violation.ts',
    'export const wipe = (db: { exec(sql: string): void }, sql: string) => db.exec(sql);\n',
    'no-restricted-syntax',
    NO_SQL,
  ],
  [
    'the apply path imports a route',
    'sync-server/src/sync/violation.ts',
    "import { rejectionToHttp } from '../routes/staff/mutate';\nexport const r = rejectionToHttp;\n",
    'import-x/no-restricted-paths',
    'The apply path never imports a route: routes call it, not the other way.',
  ],
  [
    'the apply path serves an HTTP endpoint',
    'sync-server/src/sync/violation.ts',
    "import type { FastifyPluginAsync } from 'fastify';\nexport const p: FastifyPluginAsync = async () => {};\n",
    'no-restricted-imports',
    'The apply path knows nothing of HTTP: put the endpoint in routes/sync/.',
  ],
  [
    // Where the sync endpoints used to live, exempted from the zone by name.
    'a module named plugin.ts in the apply path imports a plugin',
    'sync-server/src/sync/plugin.ts',
    "import { requireStaff } from '../plugins/auth';\nexport const r = requireStaff;\n",
    'import-x/no-restricted-paths',
    APPLY_ONLY_DB,
  ],
  [
    'the backups import a service',
    'sync-server/src/backup/violation.ts',
    "import { escapeHtml } from '../services/html';\nexport const e = escapeHtml;\n",
    'import-x/no-restricted-paths',
    BACKUP_BESIDE,
  ],
  [
    'the backups import a route',
    'sync-server/src/backup/violation.ts',
    "import { mutate } from '../routes/staff/mutate';\nexport const m = mutate;\n",
    'import-x/no-restricted-paths',
    BACKUP_BESIDE,
  ],
  [
    'a route imports the backups',
    'sync-server/src/routes/staff/violation.ts',
    "import { readSets } from '../../backup/sets';\nexport const r = readSets;\n",
    'import-x/no-restricted-paths',
    ONLY_ROOT_BACKUP,
  ],
  [
    'the apply path imports the backups',
    'sync-server/src/sync/violation.ts',
    "import { readSets } from '../backup/sets';\nexport const r = readSets;\n",
    'import-x/no-restricted-paths',
    ONLY_ROOT_BACKUP,
  ],
  [
    'a service imports the composition root',
    'sync-server/src/services/violation.ts',
    "import { buildApp } from '../app';\nexport const b = buildApp;\n",
    'import-x/no-restricted-paths',
    'No layer imports the composition root (app.ts, main.ts, bootstrap.ts, restore-cli.ts): it passes each layer what it needs.',
  ],
  [
    'the database layer imports the backups',
    'sync-server/src/db/violation.ts',
    "import { readSets } from '../backup/sets';\nexport const r = readSets;\n",
    'import-x/no-restricted-paths',
    DB_LOWEST,
  ],
];

/** The same kinds of import in the direction the layers allow. */
const ALLOWED = [
  [
    'the app layer composes features',
    'web/src/app/allowed.ts',
    "import { QuotesManager } from '../features/quotes';\nexport const page = QuotesManager;\n",
  ],
  [
    'a feature imports shared pieces and shared-schema by its index',
    'web/src/features/admin/allowed.ts',
    "import { runMutation } from '@pilbara/shared-schema';\nimport { telHref } from '../../lib/format';\nexport const x = [runMutation, telHref];\n",
  ],
  [
    'a mutator uses the request schemas, the rules and the entities below it',
    'shared-schema/src/sync/allowed.ts',
    "import { loginInputSchema } from '../api/auth';\nimport { balanceDue } from '../rules/settlement';\nimport { SYNCED_TABLES } from '../constants/tables';\nexport const x = [loginInputSchema, balanceDue, SYNCED_TABLES];\n",
  ],
  [
    "a rule's test builds its rows with the mutators' fixtures",
    'shared-schema/src/rules/allowed.test.ts',
    "import { runMutation } from '../sync/runner';\nexport const r = runMutation;\n",
  ],
  [
    'the sync engine uses the web helpers',
    'web/src/sync/allowed.ts',
    "import { apiRequest } from '../lib/http';\nimport { onStoredChange } from '../lib/storage';\nexport const x = [apiRequest, onStoredChange];\n",
  ],
  [
    'a shared component reads through the sync engine',
    'web/src/components/allowed.ts',
    "import { db, mutate } from '../sync';\nexport const x = [db, mutate];\n",
  ],
  [
    'a service calls the apply path and a repository',
    'sync-server/src/services/allowed.ts',
    "import { applyServerMutation } from '../sync/server-apply';\nimport { paymentForIntent } from '../db/repositories/billing';\nexport const x = [applyServerMutation, paymentForIntent];\n",
  ],
  [
    'the sync endpoints use the request plugins and the apply path, as routes do',
    'sync-server/src/routes/sync/allowed.ts',
    "import { requireStaff } from '../../plugins/auth';\nimport { isKnownClient } from '../../sync/verdicts';\nexport const x = [requireStaff, isKnownClient];\n",
  ],
  [
    'a plugin calls a service',
    'sync-server/src/plugins/allowed.ts',
    "import { escapeHtml } from '../services/html';\nexport const e = escapeHtml;\n",
  ],
  [
    'the backups read the recovery report and the restore guard',
    'sync-server/src/backup/allowed.ts',
    "import { recoveryReport } from '../sync/recovery';\nimport { guardFile } from '../db/restore-guard';\nexport const x = [recoveryReport, guardFile];\n",
  ],
  [
    'the composition root wires the backups',
    'sync-server/src/allowed.ts',
    "import { BackupService } from './backup/service';\nexport const b = BackupService;\n",
  ],
  [
    'a test beside a repository drives it through the apply path',
    'sync-server/src/db/allowed.test.ts',
    "import { applyServerMutation } from '../sync/server-apply';\nexport const a = applyServerMutation;\n",
  ],
  [
    'a web test takes the shared test entities',
    'web/src/features/admin/allowed.test.ts',
    "import { aJob } from '@pilbara/shared-schema/testing';\nexport const job = aJob();\n",
  ],
  [
    'a server test takes the shared test entities',
    'sync-server/src/services/allowed.test.ts',
    "import { aJob } from '@pilbara/shared-schema/testing';\nexport const job = aJob();\n",
  ],
  [
    'a route calls the apply path',
    'sync-server/src/routes/staff/allowed.ts',
    "import { applyServerMutation } from '../../sync/server-apply';\nexport const apply = applyServerMutation;\n",
  ],
];

describe('lint enforces the layer boundaries', () => {
  it.each(VIOLATIONS)('fails when %s', async (_what, file, code, rule, message) => {
    const errors = await errorsOf(file, code);
    expect(errors).toContainEqual({ rule, message: expect.stringContaining(message) });
  });

  it.each(ALLOWED)('passes when %s', async (_what, file, code) => {
    expect(await errorsOf(file, code)).toEqual([]);
  });
});
