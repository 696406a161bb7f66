import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import type { StorageConfig } from '../config.js';
import { SQLITE_MIGRATIONS } from '../db/migrations/sqlite/index.js';
import { checksumMatches } from './checksum-file.js';
import { OpsError } from './ops-error.js';
import { fileSchemaVersion, inUse, integrityProblems, replaceDatabase } from './sqlite-backup.js';

const RELEASE_VERSION = Math.max(...SQLITE_MIGRATIONS.map((migration) => migration.version));

/**
 * `restore <file>`: puts a backup in place of SQLITE_PATH for an instance that is stopped. Refuses a
 * file without its checksum or whose checksum does not match, a damaged file, one of another schema
 * version than this release's, and a database that a running instance has open.
 */
export async function restoreCommand(config: StorageConfig, file: string | undefined, now = new Date()): Promise<string> {
  if (config.databaseUrl) {
    throw new OpsError('Com DATABASE_URL o banco é o PostgreSQL: restaure com pg_restore (README, "Backup e restauração").');
  }
  if (!file) throw new OpsError('Diga qual backup restaurar: npm run restore -- /caminho/backup.db');
  const backup = resolve(file);
  if (!existsSync(backup)) throw new OpsError(`Backup não encontrado: ${backup}`);
  const checksum = await checksumMatches(backup);
  if (checksum === undefined) throw new OpsError(`Falta ${backup}.sha256, gravado junto com o backup: sem ele não há como saber se o arquivo está inteiro.`);
  if (!checksum) throw new OpsError(`O SHA-256 de ${backup} não confere com ${backup}.sha256: o arquivo mudou ou está incompleto. Nada foi restaurado.`);
  const problems = integrityProblems(backup);
  if (problems.length > 0) throw new OpsError(`O SQLite encontrou problemas em ${backup}: ${problems.slice(0, 3).join('; ')}. Nada foi restaurado.`);
  const version = fileSchemaVersion(backup);
  if (version !== RELEASE_VERSION) {
    throw new OpsError(
      `O backup está na versão ${version} do banco e esta versão do site usa a ${RELEASE_VERSION}: restaure-o com a versão do site que o gravou (README, "Atualizar e voltar atrás"). Nada foi restaurado.`,
    );
  }
  const target = resolve(config.sqlitePath);
  if (inUse(target)) throw new OpsError(`Uma instância do site está com ${target} aberto: pare-a antes de restaurar. Nada foi restaurado.`);
  const previous = await replaceDatabase(backup, target, now);
  return [`Backup ${backup} restaurado em ${target} (versão ${version} do banco).`, previous ? `O banco anterior foi guardado em ${previous}.` : '']
    .filter(Boolean)
    .join('\n');
}
