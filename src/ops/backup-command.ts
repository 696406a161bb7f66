import { mkdir } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import type { StorageConfig } from '../config.js';
import { writeChecksum } from './checksum-file.js';
import { OpsError } from './ops-error.js';
import { backupSqlite } from './sqlite-backup.js';

/** `backup <file>`: an online, consistent copy of the embedded database, with `<file>.sha256` beside it. */
export async function backupCommand(config: StorageConfig, file: string | undefined): Promise<string> {
  if (config.databaseUrl) {
    throw new OpsError('Com DATABASE_URL o banco é o PostgreSQL: faça o backup com pg_dump (README, "Backup e restauração").');
  }
  if (!file) throw new OpsError('Diga onde gravar o backup: npm run backup -- /caminho/backup.db');
  const target = resolve(file);
  if (target === resolve(config.sqlitePath)) throw new OpsError('O backup não pode ser gravado sobre o próprio banco (SQLITE_PATH).');
  await mkdir(dirname(target), { recursive: true });
  const started = performance.now();
  const { pages, bytes } = await backupSqlite(config.sqlitePath, target);
  const digest = await writeChecksum(target);
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  return `Backup de ${config.sqlitePath} gravado em ${target} (${pages} páginas, ${(bytes / 1_048_576).toFixed(1)} MB, ${seconds} s; imagens incluídas).\nSHA-256 ${digest} em ${target}.sha256`;
}
