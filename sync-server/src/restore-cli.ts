/**
 * `npm run restore -- <backup>`: restores a backup into DATA_DIR (backup/restore.ts), then says
 * what happens next. `npm run restore -- --list` lists the backups on this machine and at the
 * off-machine destinations. The server must be stopped.
 */
import { loadConfig } from './config';
import { configuredDestinations } from './backup/destinations';
import { restoreBackup } from './backup/restore';
import { RestoreError } from './backup/stage';
import { readSets } from './backup/sets';
import { BackupCryptoError } from './backup/crypto';

async function list(): Promise<void> {
  const config = loadConfig(process.env);
  const local = await readSets(config.backup.dir);
  console.log(`On this machine (${config.backup.dir}):`);
  for (const set of local) console.log(`  ${set.manifest.id}  (${set.manifest.trigger})`);
  if (local.length === 0) console.log('  none');
  for (const destination of configuredDestinations(config)) {
    const ids = [
      ...new Set(
        (await destination.list('sets/'))
          .filter((key) => key.endsWith('/manifest.json.enc'))
          .map((key) => key.split('/')[1]),
      ),
    ].sort();
    console.log(`At ${destination.name}:`);
    for (const id of ids) console.log(`  ${id}`);
    if (ids.length === 0) console.log('  none');
  }
}

async function main(): Promise<void> {
  const args = process.argv.slice(2).filter((arg) => arg !== '--');
  if (args[0] === '--list') return list();
  const source = args[0];
  if (!source || args.length > 1) {
    console.error(
      'Usage: npm run restore -- <backup>\n' +
        '  <backup>: latest, a backup id (npm run restore -- --list), the folder of a backup set,\n' +
        '  a copy of a whole data folder, or a .sqlite file. The server must be stopped.',
    );
    process.exit(2);
  }
  const config = loadConfig(process.env);
  const result = await restoreBackup({ config, source, say: (line) => console.log(line) });
  console.log(
    [
      `Restored ${result.kind} into ${config.dataDir}`,
      result.backupTakenAt ? `  taken at ${result.backupTakenAt}` : '  time of the copy unknown',
      `  ${result.files} stored files`,
      result.replacedTo ? `  what was there before is in ${result.replacedTo}` : null,
      'Start the server (npm start). Devices that saved changes after the copy send them back as',
      'they come online; the admin panel lists anything none of them could give back.',
    ]
      .filter(Boolean)
      .join('\n'),
  );
}

main().catch((error: unknown) => {
  if (error instanceof RestoreError || error instanceof BackupCryptoError) {
    console.error(`Restore failed: ${error.message}`);
  } else {
    console.error(error);
  }
  process.exit(1);
});
