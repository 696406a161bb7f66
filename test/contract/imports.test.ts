import { describe, expect, it } from 'vitest';
import { availableAdapters, storePerTest } from './adapters.js';
import { numberedArticle as article } from './numbered-article.js';

const job = { origem: 'wordpress', arquivo: 'blog.xml', sha256: 'a'.repeat(64), total: 3, autor: 'Admin', id_pessoa: null } as const;
const source = (id_origem: string, extra: { wp_id?: number; caminho_antigo?: string } = {}) => ({ fonte: 'https://blog.example', id_origem, wp_id: extra.wp_id ?? null, caminho_antigo: extra.caminho_antigo ?? null });

describe.each(availableAdapters())('contrato das importações: $name', (adapter) => {
  const { store, repo } = storePerTest(adapter);

  it('resumes the unfinished job of the same file, and opens a new one once it is done', async () => {
    const first = await repo.imports.openJob(job, '2026-11-27T10:00:00.000Z');
    expect(first).toMatchObject({ estado: 'em-andamento', total: 3, feitos: 0, criados: 0, recusados: 0, criada_em: '2026-11-27T10:00:00.000Z' });
    expect((await repo.imports.openJob(job, '2026-11-27T10:05:00.000Z')).id).toBe(first.id);
    await repo.imports.progress(first.id, { feitos: 3, recusados: 1 }, true, '2026-11-27T10:06:00.000Z');
    expect(await repo.imports.job(first.id)).toMatchObject({ estado: 'concluida', feitos: 3, recusados: 1, atualizada_em: '2026-11-27T10:06:00.000Z' });
    const second = await repo.imports.openJob(job, '2026-11-27T11:00:00.000Z');
    expect(second.id).not.toBe(first.id);
    expect((await repo.imports.recentJobs(5)).map((entry) => entry.id)).toEqual([second.id, first.id]);
  });

  it('creates an article with its source once: the same source again gives the same article and writes nothing', async () => {
    const { id: jobId } = await repo.imports.openJob(job, new Date().toISOString());
    const created = await repo.imports.createArticle(article({ conteudo: '<p>x</p>' }), source('123', { wp_id: 123, caminho_antigo: '/2024/05/agenda' }), jobId, (id) => `<p><img src="/assets/artigos/${id}/a.jpg" /></p>`);
    expect(created.created).toBe(true);
    const stored = (await repo.articles.get(created.id))!;
    expect(stored.conteudo).toBe(`<p><img src="/assets/artigos/${created.id}/a.jpg" /></p>`);
    expect((await repo.revisions.revision(created.id, 1))!.snapshot.conteudo).toBe(stored.conteudo);

    const again = await repo.imports.createArticle(article(), source('123'), jobId, () => '<p>y</p>');
    expect(again).toEqual({ id: created.id, created: false });
    expect(await repo.articles.count()).toBe(1);
    expect(await repo.imports.imported('https://blog.example', ['123', '999'])).toEqual(new Map([['123', created.id]]));
    await repo.imports.progress(jobId, { feitos: 1, recusados: 0 }, false, new Date().toISOString());
    expect((await repo.imports.job(jobId))!.criados).toBe(1);
  });

  it('two instances importing the same item at once create one article', async () => {
    const other = await store.open();
    try {
      const { id: jobId } = await repo.imports.openJob(job, new Date().toISOString());
      const results = await Promise.all([repo, other].map((instance) => instance.imports.createArticle(article(), source('7'), jobId, () => '<p>z</p>')));
      expect(results.filter((result) => result.created)).toHaveLength(1);
      expect(new Set(results.map((result) => result.id)).size).toBe(1);
      expect(await repo.articles.count()).toBe(1);
    } finally {
      await other.close();
    }
  });

  it('writes a batch in one transaction: every article with its source, or none of them', async () => {
    const { id: jobId } = await repo.imports.openJob(job, new Date().toISOString());
    const before = await repo.imports.createArticle(article(), source('2'), jobId, () => '<p>antes</p>');
    const entry = (id_origem: string, body: string) => ({ article: article(), source: source(id_origem), contentFor: () => body });
    const outcomes = await repo.imports.createArticles([entry('1', '<p>um</p>'), entry('2', '<p>de novo</p>'), entry('3', '<p>três</p>')], jobId);
    expect(outcomes.map((outcome) => outcome.created)).toEqual([true, false, true]);
    expect(outcomes[1]!.id).toBe(before.id);
    expect((await repo.articles.get(outcomes[2]!.id))!.conteudo).toBe('<p>três</p>');
    expect(await repo.articles.count()).toBe(3);
    expect((await repo.imports.articlesOf(jobId, 10)).map((row) => row.id)).toEqual([before.id, outcomes[0]!.id, outcomes[2]!.id]);
    expect(await repo.imports.articlesOf(jobId, 1)).toEqual([expect.objectContaining({ id: before.id, titulo_url: expect.any(String), status: 'publicado' })]);

    const failing = { article: article(), source: source('5'), contentFor: (): string => { throw new Error('corpo ilegível'); } };
    await expect(repo.imports.createArticles([entry('4', '<p>quatro</p>'), failing], jobId)).rejects.toThrow('corpo ilegível');
    expect(await repo.articles.count()).toBe(3);
    expect(await repo.imports.imported('https://blog.example', ['4', '5'])).toEqual(new Map());
  });

  it('two instances writing overlapping batches at once create each article once', async () => {
    const other = await store.open();
    try {
      const { id: jobId } = await repo.imports.openJob(job, new Date().toISOString());
      const batch = (ids: string[]) => ids.map((id_origem) => ({ article: article(), source: source(id_origem), contentFor: () => `<p>${id_origem}</p>` }));
      const [mine, theirs] = await Promise.all([repo.imports.createArticles(batch(['a', 'b', 'c']), jobId), other.imports.createArticles(batch(['c', 'b', 'd']), jobId)]);
      expect(await repo.articles.count()).toBe(4);
      expect(mine[2]!.id).toBe(theirs[0]!.id);
      expect(mine[1]!.id).toBe(theirs[1]!.id);
      expect([...mine, ...theirs].filter((outcome) => outcome.created)).toHaveLength(4);
    } finally {
      await other.close();
    }
  });

  it('finds public imported articles by WordPress id and old path, never a draft', async () => {
    const { id: jobId } = await repo.imports.openJob(job, new Date().toISOString());
    const published = await repo.imports.createArticle(article({ titulo_url: 'agenda', data_publicacao: '2024-05-10T12:30:00.000Z' }), source('123', { wp_id: 123, caminho_antigo: '/2024/05/agenda' }), jobId, () => '<p>a</p>');
    await repo.imports.createArticle(article({ status: 'rascunho' }), source('130', { wp_id: 130, caminho_antigo: '/rascunho' }), jobId, () => '<p>b</p>');
    const expected = { id: published.id, titulo_url: 'agenda', data_publicacao: '2024-05-10T12:30:00.000Z' };
    expect(await repo.imports.publicByWordPressId(123)).toEqual(expected);
    expect(await repo.imports.publicByOldPath('/2024/05/agenda')).toEqual(expected);
    expect(await repo.imports.publicByWordPressId(130)).toBeNull();
    expect(await repo.imports.publicByOldPath('/rascunho')).toBeNull();
    expect(await repo.imports.publicByOldPath('/nada')).toBeNull();
  });
});
