import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { startBuiltServer, TEST_EDITOR_KEY } from '../e2e/support/server.js';

const ATTEMPTS = 400;
const CONCURRENCY = 16;
const KILL_AFTER_ACKS = 120;

describe('kill -9 durante uma rajada de criações (SQLite)', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'site-kill-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('mantém todo artigo confirmado e o arquivo íntegro', async () => {
    const env = { SEED_SAMPLE_ARTICLES: 'false' };
    const first = await startBuiltServer(env, dataDir);
    const acknowledged = new Map<number, string>();
    let killed = false;
    let next = 0;

    const worker = async () => {
      while (next < ATTEMPTS) {
        const n = next++;
        const titulo = `Artigo da rajada ${n}`;
        try {
          const response = await fetch(`${first.url}/api/artigos/novo`, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({
              key: TEST_EDITOR_KEY,
              titulo,
              titulo_url: `artigo-da-rajada-${n}`,
              descricao: 'Criado durante a rajada.',
              keywords: 'rajada',
              conteudo: `<p>Conteúdo ${n}</p>`,
            }),
          });
          const body = (await response.json()) as { status: number; value: number };
          if (response.status === 200 && body.status === 1) acknowledged.set(body.value, titulo);
        } catch {
          // The server was killed under this request: it was never acknowledged.
        }
        if (!killed && acknowledged.size >= KILL_AFTER_ACKS) {
          killed = true;
          first.child.kill('SIGKILL');
        }
      }
    };
    await Promise.all(Array.from({ length: CONCURRENCY }, worker));
    expect(killed).toBe(true);
    await first.stop();

    const db = new Database(join(dataDir, 'site.db'), { readonly: true });
    const integrity = db.pragma('integrity_check', { simple: true });
    db.close();
    expect(integrity).toBe('ok');

    const second = await startBuiltServer(env, dataDir);
    try {
      const missing: number[] = [];
      for (const [id, titulo] of acknowledged) {
        const response = await fetch(`${second.url}/api/artigos/${id}`);
        const body = (await response.json()) as { value?: { titulo: string } };
        if (response.status !== 200 || body.value?.titulo !== titulo) missing.push(id);
      }
      expect(acknowledged.size).toBeGreaterThanOrEqual(KILL_AFTER_ACKS);
      expect(missing).toEqual([]);
    } finally {
      await second.stop();
    }
  });
});
