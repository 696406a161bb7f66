import { Writable } from 'node:stream';
import { pino } from 'pino';
import request from 'supertest';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DEV_ASSETS } from '../../src/ssr/assets.js';
import { createTestApp, type TestApp } from '../support/app.js';
import { articleBody } from '../support/articles-api.js';

describe('unexpected errors in the articles API', () => {
  let t: TestApp;
  let lines: Array<Record<string, unknown>>;

  beforeEach(async () => {
    lines = [];
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(JSON.parse(chunk.toString('utf8')) as Record<string, unknown>);
        done();
      },
    });
    t = await createTestApp({ assets: DEV_ASSETS, logger: pino({ level: 'error' }, sink) });
  });
  afterEach(() => t.close());

  it.each([
    ['GET /api/artigos/1', () => request(t.app).get('/api/artigos/1'), () => vi.spyOn(t.repo.articles, 'get')],
    ['POST /api/artigos/novo', () => request(t.app).post('/api/artigos/novo').send(articleBody()), () => vi.spyOn(t.repo.articles, 'create')],
    ['POST /api/artigos/ultimas-noticias', () => request(t.app).post('/api/artigos/ultimas-noticias').send({}), () => vi.spyOn(t.repo.publicArticles, 'latest')],
  ] as const)('%s answers 500 with a text/plain error id, and logs the stack under that id', async (_name, send, spy) => {
    spy().mockRejectedValue(new Error('disco cheio: /var/lib/segredo'));
    const response = await send();
    expect(response.status).toBe(500);
    expect(response.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(response.text).toMatch(/^[0-9a-f]{12}$/);
    expect(response.text).not.toContain('disco cheio');

    const logged = lines.find((line) => line.errorId === response.text);
    expect(logged).toBeDefined();
    expect((logged!.err as { stack: string }).stack).toContain('Error: disco cheio: /var/lib/segredo');
  });
});
