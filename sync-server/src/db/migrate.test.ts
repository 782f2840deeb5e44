import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase, type Db } from './connection';
import {
  MIGRATIONS_DIR,
  MigrationError,
  migrate,
  readMigrations,
  statementsChecksum,
} from './migrate';
import { REWORDED_MIGRATIONS } from './reworded-migrations';

/**
 * The checksum each migration had when this list was written: what every database that ran it
 * recorded. A migration that has run on deployed databases never changes its statements; a
 * reworded comment is listed in reworded-migrations.ts with the checksum it had here.
 */
const DEPLOYED_CHECKSUMS: Record<string, string> = {
  '0001_init': 'acf14747d17169df78f0b62accb328d2d57da6215159e453d9d968da0bd66c7a',
  '0002_sync': 'c33a8fad637b0c52878834c342850fbbcf40e34abf35a8ad828804d16f601b4c',
  '0003_billing': 'ff23455c030c01a0ca277113cd08636d4560b8b6c5a5f1fcb050d23a1aa31c96',
  '0004_notifier': 'c1c1a58c9d8decb69532be1276e126a43a08c4f519f5f184d076e89732559e4e',
  '0005_tracking_tokens': '8581f377cbfa7079b45752a365ea2262a949e5c2136225ecb6ce173ec14436c4',
  '0006_tax_invoices': '06b0c5a7608d7db5faf0a9aa8f65b58f3200c6fe288784a1935d533901793550',
  '0007_exactly_once': '5ce9e2147f10a9ab3c01d170b3843040e24e3a84e6518a2ed5ddb15b4d68af4a',
  '0008_change_log_types': '0a6de3d8b81b24a9076125bb35b69c61792c9146781a91a32246e2e3ba56d4b2',
  '0009_field_record': 'e691d442341c7e422fb40a69fe77be49549cca29e8f2b8995bf402dc6fc772e8',
  '0010_staff_roles': 'c88c0e578f04d9d35b712c19166a1e4856a240fc97f4b231f363108cbc5f043a',
  '0011_job_positions': 'fd29b8d90d74aa5ec2cf0c1bbc131a5ddb0ef163b033e377b31c02e0714d7b6c',
  '0012_keep_records': '645c4e813460a2e641c993a43f77138e83251ef4150e48d90b265edc4f8989c9',
  '0013_prestart_checks': '8c5861bee04007f62aa0abba2379cde92365dd28f7c8029040575c0d65fbdc75',
  '0014_push_and_reviews': 'c3236533a2ff26a86450b7af82ba0035e91484fc5b391bf5b3118b55ef0fd6cd',
  '0015_file_uploads': '1d6c18959ff5b9d68447954e489a83525fa10ab7532f14684061156a5f2282c6',
  '0017_registration_key': '22c33cf6b560d902d1212667afc519c7e8bc5b4e55cc85f7c94f1b02f07f105c',
  '0018_finished_uploads': 'ba714e81d1c6a95457fcb53acca9a55f9bd218779e425835ae3162184db8c37a',
  '0019_document_numbers': 'cd6fbf426b6da03de05f803584c34e8f5d83100106501b1f3b7de900e48f2cb6',
  '0020_refunds': '147058a6c1a6bb4a6115202b59c12f5eee6dc79733136a486b08da14f6eb0f83',
  '0021_merge_notices': '5396829608821e8569f1045cab462970632fc50c725ae07b09489f3750f3698e',
  '0022_sms': 'b2649b9dcb1785d89d068f585a677af7d5eb2a1eef86ec09ef3fd3fc17a70ec6',
};

const cleanups: (() => void)[] = [];
afterEach(() => {
  while (cleanups.length) cleanups.pop()?.();
});

function tempDb(): { db: Db; file: string } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pilbara-migrate-'));
  const file = path.join(dir, 'test.sqlite');
  const db = openDatabase(file);
  cleanups.push(() => {
    db.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });
  return { db, file };
}

function tempMigrations(files: Record<string, string>): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pilbara-migrations-'));
  for (const [name, sql] of Object.entries(files)) fs.writeFileSync(path.join(dir, name), sql);
  cleanups.push(() => fs.rmSync(dir, { recursive: true, force: true }));
  return dir;
}

describe('migrate', () => {
  it('applies every migration once and records it', () => {
    const { db } = tempDb();
    const applied = migrate(db);
    expect(applied).toEqual(readMigrations().map((m) => m.id));
    expect(applied[0]).toBe('0001_init');
    expect(migrate(db)).toEqual([]);
    const rows = db.prepare('SELECT id FROM schema_migrations ORDER BY id').all();
    expect(rows).toHaveLength(applied.length);
  });

  it('opens the database in WAL mode with foreign keys on', () => {
    const { db } = tempDb();
    expect(db.pragma('journal_mode', { simple: true })).toBe('wal');
    expect(db.pragma('foreign_keys', { simple: true })).toBe(1);
    expect(db.pragma('busy_timeout', { simple: true })).toBe(5000);
  });

  it('applies only the new migrations on a later start', () => {
    const { db } = tempDb();
    const dir = tempMigrations({ '0001_a.sql': 'CREATE TABLE a (id INTEGER PRIMARY KEY);' });
    expect(migrate(db, dir)).toEqual(['0001_a']);
    fs.writeFileSync(path.join(dir, '0002_b.sql'), 'CREATE TABLE b (id INTEGER PRIMARY KEY);');
    expect(migrate(db, dir)).toEqual(['0002_b']);
  });

  it('fails loudly when an applied migration is missing from the folder', () => {
    const { db } = tempDb();
    const dir = tempMigrations({
      '0001_a.sql': 'CREATE TABLE a (id INTEGER PRIMARY KEY);',
      '0002_b.sql': 'CREATE TABLE b (id INTEGER PRIMARY KEY);',
    });
    migrate(db, dir);
    fs.renameSync(path.join(dir, '0002_b.sql'), path.join(dir, '0002_renamed.sql'));
    expect(() => migrate(db, dir)).toThrow(MigrationError);
    expect(() => migrate(db, dir)).toThrow(/diverge/);
  });

  it('fails loudly when an applied migration was edited', () => {
    const { db } = tempDb();
    const dir = tempMigrations({ '0001_a.sql': 'CREATE TABLE a (id INTEGER PRIMARY KEY);' });
    migrate(db, dir);
    fs.writeFileSync(
      path.join(dir, '0001_a.sql'),
      'CREATE TABLE a (id INTEGER PRIMARY KEY, x TEXT);',
    );
    expect(() => migrate(db, dir)).toThrow(/edited/);
  });

  it('starts a database that ran a migration before its comments were reworded', () => {
    const { db } = tempDb();
    migrate(db);
    const [id, reworded] = Object.entries(REWORDED_MIGRATIONS)[0]!;
    const current = readMigrations().find((m) => m.id === id)!;
    // What a server that ran the earlier wording recorded.
    db.prepare('UPDATE schema_migrations SET checksum = ? WHERE id = ?').run(
      reworded.earlier[0],
      id,
    );
    expect(migrate(db)).toEqual([]);
    expect(db.prepare('SELECT checksum FROM schema_migrations WHERE id = ?').get(id)).toEqual({
      checksum: current.checksum,
    });
  });

  it('still refuses a reworded migration whose statements changed', () => {
    const { db } = tempDb();
    const [id, reworded] = Object.entries(REWORDED_MIGRATIONS)[0]!;
    const files = Object.fromEntries(readMigrations().map((m) => [`${m.id}.sql`, m.sql]));
    const dir = tempMigrations(files);
    migrate(db, dir);
    db.prepare('UPDATE schema_migrations SET checksum = ? WHERE id = ?').run(
      reworded.earlier[0],
      id,
    );
    fs.appendFileSync(path.join(dir, `${id}.sql`), '\nCREATE TABLE sneaked_in (id INTEGER);\n');
    expect(() => migrate(db, dir)).toThrow(/edited/);
  });

  it('keeps every migration that has run on deployed databases as it was, but for comments', () => {
    const onDisk = new Map(readMigrations().map((m) => [m.id, m]));
    for (const [id, deployed] of Object.entries(DEPLOYED_CHECKSUMS)) {
      const migration = onDisk.get(id);
      expect(migration, `${id} is still in the folder`).toBeDefined();
      if (migration!.checksum === deployed) continue;
      const reworded = REWORDED_MIGRATIONS[id];
      expect(
        reworded?.earlier ?? [],
        `${id} changed: add a new migration, or, when only comments changed, list its earlier checksum in reworded-migrations.ts`,
      ).toContain(deployed);
      expect(statementsChecksum(migration!.sql), `${id}'s statements are unchanged`).toBe(
        reworded!.statements,
      );
    }
  });

  it('rolls back a failing migration and records nothing for it', () => {
    const { db } = tempDb();
    const dir = tempMigrations({
      '0001_a.sql': 'CREATE TABLE a (id INTEGER PRIMARY KEY);',
      '0002_bad.sql': 'CREATE TABLE c (id INTEGER PRIMARY KEY); THIS IS NOT SQL;',
    });
    expect(() => migrate(db, dir)).toThrow();
    const ids = db.prepare('SELECT id FROM schema_migrations').all();
    expect(ids).toEqual([{ id: '0001_a' }]);
    expect(db.prepare("SELECT name FROM sqlite_master WHERE name = 'c'").get()).toBeUndefined();
  });

  it('rejects badly named migration files', () => {
    const dir = tempMigrations({ 'init.sql': 'SELECT 1;' });
    expect(() => readMigrations(dir)).toThrow(/NNNN_name/);
  });

  it('ships numbered migrations only', () => {
    expect(() => readMigrations(MIGRATIONS_DIR)).not.toThrow();
  });
});
