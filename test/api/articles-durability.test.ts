import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { articleBody } from '../support/articles-api.js';
import { startSourceServer as startServer } from '../support/source-server.js';

const CONCURRENCY = 8;
const KILL_AFTER_ACKS = 150;

describe('durability of acknowledged articles (SQLite)', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'site-duravel-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('keeps every acknowledged article after kill -9 of the server and a restart', async () => {
    const first = await startServer(dataDir);
    const exited = new Promise((resolve) => first.child.once('exit', resolve));
    const acknowledged = new Map<number, string>();
    let attempts = 0;
    let killed = false;

    const writer = async () => {
      while (!killed) {
        const titulo = `Artigo durável ${attempts++}`;
        try {
          const response = await fetch(`${first.url}/api/artigos/novo`, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify(articleBody({ titulo })),
          });
          const body = (await response.json()) as { status: number; value: number };
          if (response.status === 200 && body.status === 1) acknowledged.set(body.value, titulo);
        } catch {
          // The request died with the server: it was never acknowledged, so it may or may not exist.
        }
        if (!killed && acknowledged.size >= KILL_AFTER_ACKS) {
          killed = true;
          first.child.kill('SIGKILL');
        }
      }
    };
    await Promise.all(Array.from({ length: CONCURRENCY }, writer));
    expect(await exited).toBeNull();

    const db = new Database(join(dataDir, 'site.db'));
    expect(db.pragma('integrity_check', { simple: true })).toBe('ok');
    db.close();

    const second = await startServer(dataDir);
    try {
      const missing: number[] = [];
      for (const [id, titulo] of acknowledged) {
        const response = await fetch(`${second.url}/api/artigos/${id}`);
        const body = (await response.json()) as { value: { titulo: string } | null };
        if (body.value?.titulo !== titulo) missing.push(id);
      }
      expect(acknowledged.size).toBeGreaterThanOrEqual(KILL_AFTER_ACKS);
      expect(missing).toEqual([]);
    } finally {
      second.child.kill('SIGKILL');
    }
  });
});
