import { execFile } from 'node:child_process';
import { copyFileSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBuiltServer, TEST_EDITOR_KEY, type RunningServer } from '../e2e/support/server.js';
import { photoJpeg } from '../support/stored-photo.js';
import { sha256Of } from '../../src/ops/checksum-file.js';
import { createArticleOver } from './support/api.js';

const run = promisify(execFile);

interface Outcome {
  code: number;
  stdout: string;
  stderr: string;
}

/** `npm run backup/restore/migrate` as an operator runs it in the container: the built command, production, only the database named. */
async function ops(sqlitePath: string, ...args: string[]): Promise<Outcome> {
  const env = { PATH: process.env.PATH, NODE_ENV: 'production', LOG_LEVEL: 'warn', SQLITE_PATH: sqlitePath, DATA_DIR: join(sqlitePath, '..') };
  try {
    const { stdout, stderr } = await run(process.execPath, ['dist/server/ops.js', ...args], { env });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

async function uploadPhoto(baseUrl: string, id: number, photo: Buffer): Promise<string> {
  const form = new FormData();
  form.set('file', new Blob([new Uint8Array(photo)], { type: 'image/jpeg' }), 'consultorio.jpg');
  form.set('filename', 'consultorio.jpg');
  form.set('id_artigo', String(id));
  form.set('key', TEST_EDITOR_KEY);
  const response = await fetch(`${baseUrl}/api/artigos/upload-imagem`, { method: 'POST', body: form });
  expect(response.status).toBe(200);
  return ((await response.json()) as { value: { nome: string } }).value.nome;
}

describe('backup online do SQLite e restauração numa instância nova', () => {
  const work = mkdtempSync(join(tmpdir(), 'site-backup-'));
  const backup = join(work, 'copia', 'site-backup.db');
  let source: RunningServer;
  let restored: RunningServer | undefined;
  const before: number[] = [];
  let photoName = '';
  let photoId = 0;

  beforeAll(async () => {
    source = await startBuiltServer({ SEED_SAMPLE_ARTICLES: 'false' });
    for (let n = 0; n < 40; n += 1) before.push(await createArticleOver(source.url, `Artigo ${n} antes do backup`));
    photoId = before[0]!;
    photoName = await uploadPhoto(source.url, photoId, await photoJpeg(3000, 2000, 7));
  });
  afterAll(async () => {
    await restored?.stop();
    await source?.stop();
    rmSync(work, { recursive: true, force: true });
  });

  it('copia o banco enquanto o site grava, e tudo o que foi confirmado antes do início está na cópia e é servido por uma instância restaurada', async () => {
    const sourceDb = join(source.dataDir, 'site.db');
    let writing = true;
    const during: number[] = [];
    const writer = (async () => {
      while (writing) during.push(await createArticleOver(source.url, `Artigo ${during.length} durante o backup`));
    })();
    // Writes are under way when the copy starts.
    while (during.length < 3) await new Promise((resolve) => setTimeout(resolve, 10));
    const acknowledgedAtStart = [...before, ...during];
    const copied = await ops(sourceDb, 'backup', backup);
    writing = false;
    await writer;
    expect(copied, copied.stderr).toMatchObject({ code: 0 });
    expect(copied.stdout).toMatch(/Backup de .* gravado em .*site-backup\.db .*imagens incluídas/);
    expect(during.length).toBeGreaterThan(3);
    expect(readFileSync(`${backup}.sha256`, 'utf8')).toBe(`${await sha256Of(backup)}  site-backup.db\n`);

    // Refused while the source instance runs on it: restore is for a stopped instance.
    const busy = await ops(sourceDb, 'restore', backup);
    expect(busy.code).toBe(1);
    expect(busy.stderr).toMatch(/Uma instância do site está com .* aberto: pare-a antes de restaurar/);

    const freshDir = join(work, 'nova');
    const restore = await ops(join(freshDir, 'site.db'), 'restore', backup);
    expect(restore, restore.stderr).toMatchObject({ code: 0 });
    restored = await startBuiltServer({ SEED_SAMPLE_ARTICLES: 'false' }, freshDir);

    for (const id of acknowledgedAtStart) {
      const page = await fetch(`${restored.url}/api/artigos/${id}`);
      expect(page.status, `artigo ${id}`).toBe(200);
    }
    const image = await fetch(`${restored.url}/assets/artigos/${photoId}/${photoName}`, { headers: { cookie: '' } });
    const original = await fetch(`${source.url}/assets/artigos/${photoId}/${photoName}`);
    expect(image.status).toBe(200);
    expect(Buffer.from(await image.arrayBuffer()).equals(Buffer.from(await original.arrayBuffer()))).toBe(true);
    expect(await fetch(`${restored.url}/noticias/${before[5]}`, { redirect: 'follow' }).then((response) => response.status)).toBe(200);
  });

  it('recusa um backup sem checksum, com checksum que não confere, ou de outra versão do banco', async () => {
    const target = join(work, 'recusas', 'site.db');
    const other = join(work, 'outra.db');
    copyFileSync(backup, other);
    const missing = await ops(target, 'restore', other);
    expect(missing.code).toBe(1);
    expect(missing.stderr).toMatch(/Falta .*outra\.db\.sha256/);

    writeFileSync(`${other}.sha256`, readFileSync(`${backup}.sha256`, 'utf8'));
    const db = new Database(other);
    db.prepare("INSERT INTO schema_migrations (version, name, applied_at) VALUES (999, 'do futuro', '2030-01-01T00:00:00.000Z')").run();
    db.close();
    const tampered = await ops(target, 'restore', other);
    expect(tampered.code).toBe(1);
    expect(tampered.stderr).toMatch(/não confere com .*outra\.db\.sha256/);

    writeFileSync(`${other}.sha256`, `${await sha256Of(other)}  outra.db\n`);
    const newer = await ops(target, 'restore', other);
    expect(newer.code).toBe(1);
    expect(newer.stderr).toMatch(/O backup está na versão 999 do banco e esta versão do site usa a \d+/);
    expect(existsSync(target)).toBe(false);
  });

  it('é o que `npm run backup` e `npm run migrate -- --dry-run` rodam, como o README manda', async () => {
    const env = { ...process.env, NODE_ENV: 'production', LOG_LEVEL: 'warn', SQLITE_PATH: join(source.dataDir, 'site.db'), DATA_DIR: source.dataDir };
    const copy = join(work, 'npm', 'site.db');
    const { stdout } = await run('npm', ['run', '--silent', 'backup', '--', copy], { env });
    expect(stdout).toMatch(/Backup de .* gravado em .*npm\/site\.db/);
    expect(readFileSync(`${copy}.sha256`, 'utf8')).toBe(`${await sha256Of(copy)}  site.db\n`);
    expect((await run('npm', ['run', '--silent', 'migrate', '--', '--dry-run'], { env })).stdout).toMatch(/Nenhuma migração pendente/);
  });

  it('lista as migrações pendentes sem aplicá-las, e depois as aplica', async () => {
    const empty = join(work, 'vazio', 'site.db');
    const dry = await ops(empty, 'migrate', '--dry-run');
    expect(dry.code).toBe(0);
    expect(dry.stdout).toMatch(/Migrações pendentes em .* na ordem em que rodariam:\n {2}001 artigos e imagens\n/);
    const again = await ops(empty, 'migrate', '--dry-run');
    expect(again.stdout).toBe(dry.stdout);
    const applied = await ops(empty, 'migrate');
    expect(applied.stdout).toMatch(/Migrações aplicadas em/);
    expect((await ops(empty, 'migrate', '--dry-run')).stdout).toMatch(/Nenhuma migração pendente .* o banco está na versão \d+\./);
  });
});
