import request from 'supertest';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.js';
import { articlePath } from '../../src/routes/paths.js';
import { startPublishScheduler, type PublishScheduler } from '../../src/workflow/publish-scheduler.js';
import { createArticle, createTestApp, TEST_EDITOR_KEY, type TestApp } from '../support/app.js';
import { articleBody } from '../support/articles-api.js';

async function eventually(check: () => Promise<boolean>, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`condição não atingida em ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('agendador de publicação', () => {
  let t: TestApp;
  let scheduler: PublishScheduler | undefined;

  beforeEach(async () => {
    t = await createTestApp();
  });
  afterEach(async () => {
    await scheduler?.stop();
    await t.close();
  });

  it('publishes a scheduled article at its time, once, and the cached news list follows', async () => {
    // Far enough ahead that a busy machine still creates the article and renders the list before it is due.
    const at = new Date(Date.now() + 2_500);
    const res = await request(t.app)
      .post('/api/artigos/novo')
      .send(articleBody({ titulo: 'Publicada pelo agendador', publicar_em: at.toISOString() }))
      .expect(200);
    const id = res.body.value as number;
    // The list is rendered and cached before the article is due.
    expect((await request(t.app).get('/noticias').expect(200)).text).not.toContain('Publicada pelo agendador');

    scheduler = startPublishScheduler(t.repo, t.deps.logger, 50);
    await eventually(async () => (await t.repo.articles.get(id))?.status === 'publicado');
    const published = (await t.repo.articles.get(id))!;
    expect(published.data_publicacao).toBe(at.toISOString());
    expect((await request(t.app).get('/noticias').expect(200)).text).toContain('Publicada pelo agendador');
    await request(t.app).get(articlePath(published)).expect(200);

    await new Promise((resolve) => setTimeout(resolve, 200));
    const history = await request(t.app).get(`/api/artigos/${id}/revisoes`).set('Authorization', `Bearer ${TEST_EDITOR_KEY}`);
    expect(history.body.value.map((revision: { acao: string }) => revision.acao)).toEqual(['publicado', 'criado']);
  });

  it('keeps ticking after a failed claim', async () => {
    let calls = 0;
    const original = t.repo.scheduling.publishDue.bind(t.repo.scheduling);
    t.repo.scheduling.publishDue = async (now) => {
      calls += 1;
      if (calls === 1) throw new Error('banco fora do ar por um instante');
      return original(now);
    };
    const { id } = await createArticle(t.repo, { status: 'agendado', publicar_em: new Date().toISOString() });
    scheduler = startPublishScheduler(t.repo, t.deps.logger, 50);
    await eventually(async () => (await t.repo.articles.get(id))?.status === 'publicado');
    expect(calls).toBeGreaterThan(1);
  });

  it('reads its interval from SCHEDULER_INTERVAL_MS, at most a minute', () => {
    expect(loadConfig({ NODE_ENV: 'test' }).schedulerIntervalMs).toBe(15_000);
    expect(loadConfig({ NODE_ENV: 'test', SCHEDULER_INTERVAL_MS: '200' }).schedulerIntervalMs).toBe(200);
    expect(() => loadConfig({ NODE_ENV: 'test', SCHEDULER_INTERVAL_MS: '120000' })).toThrow(/SCHEDULER_INTERVAL_MS/);
  });
});
