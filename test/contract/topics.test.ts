import { describe, expect, it } from 'vitest';
import { TopicNameTakenError } from '../../src/db/topic-store.js';
import { availableAdapters, storePerTest } from './adapters.js';
import { numberedArticle as article } from './numbered-article.js';

const editor = { autor: 'Editora', id_pessoa: null } as const;

describe.each(availableAdapters())('contrato dos temas: $name', (adapter) => {
  const { repo } = storePerTest(adapter);

  const counts = async (onlyPublic = false) => (await repo.topics.list(onlyPublic)).map(({ nome, slug, total }) => ({ nome, slug, total }));

  it('creates topics from names, reuses them by slug, and keeps each article\'s order', async () => {
    const a = await repo.articles.create(article({ temas: ['Telemedicina', 'Ética médica'] }));
    const b = await repo.articles.create(article({ temas: ['ética médica', 'LGPD'] }));
    const topics = await repo.topics.ofArticles([a, b, 999]);
    expect(topics.get(a)!.map((topic) => topic.slug)).toEqual(['telemedicina', 'etica-medica']);
    expect(topics.get(b)!.map((topic) => topic.nome)).toEqual(['Ética médica', 'LGPD']);
    expect(topics.has(999)).toBe(false);
    expect(await counts()).toEqual([
      { nome: 'Ética médica', slug: 'etica-medica', total: 2 },
      { nome: 'LGPD', slug: 'lgpd', total: 1 },
      { nome: 'Telemedicina', slug: 'telemedicina', total: 1 },
    ]);
  });

  it('counts only public articles, following publication, unpublication, scheduling and removal', async () => {
    const draft = await repo.articles.create(article({ status: 'rascunho', temas: ['Gestão'] }));
    const published = await repo.articles.create(article({ temas: ['Gestão'] }));
    const future = new Date(Date.now() + 3_600_000).toISOString();
    await repo.articles.create(article({ status: 'agendado', publicar_em: future, temas: ['Gestão'] }));
    const due = await repo.articles.create(article({ status: 'agendado', publicar_em: new Date(Date.now() - 1000).toISOString(), temas: ['Gestão'] }));
    expect(await counts()).toEqual([{ nome: 'Gestão', slug: 'gestao', total: 2 }]);
    const topic = (await repo.topics.find('gestao')) as { topic: { id: number } };
    expect((await repo.publicArticles.publicByTopic(topic.topic.id, 1, 12)).items.map((item) => item.id).sort()).toEqual([published, due].sort());

    await repo.articles.update(draft, { ...editor, acao: 'publicado', status: { status: 'publicado', publicar_em: null } });
    expect((await counts())[0]!.total).toBe(3);
    await repo.articles.update(published, { ...editor, acao: 'despublicado', status: { status: 'despublicado', publicar_em: null } });
    expect((await counts())[0]!.total).toBe(2);
    await repo.scheduling.publishDue(new Date().toISOString());
    expect((await counts())[0]!.total).toBe(2);
    await repo.articles.remove(due);
    expect((await counts())[0]!.total).toBe(1);
    await repo.articles.remove(draft);
    expect(await counts()).toEqual([{ nome: 'Gestão', slug: 'gestao', total: 0 }]);
    expect(await counts(true)).toEqual([]);
  });

  it('pages a topic\'s public articles newest first, with their total', async () => {
    const ids: number[] = [];
    for (let day = 1; day <= 5; day += 1) {
      ids.push(await repo.articles.create(article({ data_publicacao: `2026-01-0${day}T12:00:00.000Z`, temas: ['Receitas'] })));
    }
    await repo.articles.create(article({ data_publicacao: '2026-01-09T12:00:00.000Z', temas: ['Outro'] }));
    await repo.articles.create(article({ status: 'rascunho', temas: ['Receitas'] }));
    const { topic } = (await repo.topics.find('receitas')) as { topic: { id: number } };
    expect(await repo.publicArticles.publicByTopic(topic.id, 1, 2)).toMatchObject({ total: 5, items: [{ id: ids[4] }, { id: ids[3] }] });
    expect((await repo.publicArticles.publicByTopic(topic.id, 3, 2)).items.map((item) => item.id)).toEqual([ids[0]]);
    expect(await repo.publicArticles.publicByTopic(topic.id, 4, 2)).toEqual({ items: [], total: 5 });
    expect((await repo.publicArticles.publicTopics()).map((row) => row.slug)).toEqual(['outro', 'receitas']);
  });

  it('replaces an article\'s topics on an edit and leaves them when the edit does not name them', async () => {
    const id = await repo.articles.create(article({ temas: ['A', 'B'] }));
    const content = { titulo: 'Novo', titulo_url: 'novo', descricao: 'D.', keywords: '', conteudo: '<p>x</p>' };
    await repo.articles.update(id, { ...editor, acao: 'editado', content });
    expect((await repo.topics.ofArticles([id])).get(id)!.map((topic) => topic.slug)).toEqual(['a', 'b']);
    const events: string[] = [];
    repo.subscribe((event) => events.push(event.type === 'article-changed' ? event.reach : event.type));
    await repo.articles.update(id, { ...editor, acao: 'editado', content: { ...content, temas: ['C', 'A'] } });
    expect((await repo.topics.ofArticles([id])).get(id)!.map((topic) => topic.slug)).toEqual(['c', 'a']);
    expect(events).toEqual(['placement']);
    expect(await counts(true)).toEqual([
      { nome: 'A', slug: 'a', total: 1 },
      { nome: 'C', slug: 'c', total: 1 },
    ]);
  });

  it('renames a topic keeping its old slug, which later names reuse, and refuses another topic\'s slug', async () => {
    const id = await repo.articles.create(article({ temas: ['Prontuario'] }));
    await repo.articles.create(article({ temas: ['LGPD'] }));
    const { topic } = (await repo.topics.find('prontuario')) as { topic: { id: number } };
    const events: string[] = [];
    repo.subscribe((event) => events.push(event.type));
    expect(await repo.topics.rename(topic.id, 'Prontuário eletrônico')).toEqual({ id: topic.id, nome: 'Prontuário eletrônico', slug: 'prontuario-eletronico' });
    expect(events).toEqual(['topic-changed']);
    expect(await repo.topics.find('prontuario')).toEqual({ renamedTo: 'prontuario-eletronico' });
    const again = await repo.articles.create(article({ temas: ['Prontuário'] }));
    expect((await repo.topics.ofArticles([again])).get(again)![0]!.id).toBe(topic.id);
    await expect(repo.topics.rename(topic.id, 'lgpd')).rejects.toBeInstanceOf(TopicNameTakenError);
    // Back to the first name: the slug is its own again and no longer a redirect.
    await repo.topics.rename(topic.id, 'Prontuario');
    expect(await repo.topics.find('prontuario')).toEqual({ topic: { id: topic.id, nome: 'Prontuario', slug: 'prontuario' } });
    expect(await repo.topics.find('prontuario-eletronico')).toEqual({ renamedTo: 'prontuario' });
    expect(await repo.topics.rename(9999, 'X')).toBeNull();
    expect((await repo.topics.ofArticles([id])).get(id)!.map((t) => t.slug)).toEqual(['prontuario']);
  });

  it('suggests public articles sharing the most topics first, never itself nor a draft, filling with the newest', async () => {
    const self = await repo.articles.create(article({ temas: ['A', 'B', 'C'] }));
    const two = await repo.articles.create(article({ data_publicacao: '2026-01-01T00:00:00.000Z', temas: ['A', 'B'] }));
    const one = await repo.articles.create(article({ data_publicacao: '2026-01-02T00:00:00.000Z', temas: ['C'] }));
    const three = await repo.articles.create(article({ data_publicacao: '2025-01-01T00:00:00.000Z', temas: ['A', 'B', 'C'] }));
    await repo.articles.create(article({ status: 'rascunho', temas: ['A', 'B', 'C'] }));
    const none = await repo.articles.create(article({ data_publicacao: '2026-02-01T00:00:00.000Z' }));
    const found = await repo.publicArticles.relatedCandidates(self, 10);
    expect(found.map(({ article, shared }) => [article.id, shared])).toEqual([
      [three, 3],
      [two, 2],
      [one, 1],
      [none, 0],
    ]);
    expect((await repo.publicArticles.relatedCandidates(self, 2)).map(({ article }) => article.id)).toEqual([three, two]);
  });

  it('records the topics in every revision, as stored (a name reusing a topic by slug takes its name)', async () => {
    await repo.articles.create(article({ temas: ['Ética médica'] }));
    const id = await repo.articles.create(article({ temas: ['ética médica', 'LGPD'] }));
    const topicsAt = async (versao: number) => (await repo.revisions.revision(id, versao))?.snapshot.temas;
    expect(await topicsAt(1)).toEqual(['Ética médica', 'LGPD']);
    const content = { titulo: 'Novo', titulo_url: 'novo', descricao: 'D.', keywords: '', conteudo: '<p>x</p>' };
    await repo.articles.update(id, { ...editor, acao: 'editado', content: { ...content, temas: ['Agenda', 'LGPD'] } });
    expect(await topicsAt(2)).toEqual(['Agenda', 'LGPD']);
    // An edit that does not name them keeps them, and so does its revision.
    await repo.articles.update(id, { ...editor, acao: 'editado', content });
    expect(await topicsAt(3)).toEqual(['Agenda', 'LGPD']);
    await repo.articles.update(id, { ...editor, acao: 'despublicado', status: { status: 'despublicado', publicar_em: null } });
    expect(await topicsAt(4)).toEqual(['Agenda', 'LGPD']);
    const scheduled = await repo.articles.create(article({ status: 'agendado', publicar_em: new Date(Date.now() - 1000).toISOString(), temas: ['Telemedicina'] }));
    expect(await repo.scheduling.publishDue(new Date().toISOString())).toEqual([scheduled]);
    expect((await repo.revisions.revision(scheduled, 2))?.snapshot).toMatchObject({ status: 'publicado', temas: ['Telemedicina'] });
    const [imported, bare] = await repo.articles.importArticles([article({ temas: ['lgpd', 'Nutrição'] }), article()]);
    expect((await repo.revisions.revision(imported!, 1))?.snapshot.temas).toEqual(['LGPD', 'Nutrição']);
    expect((await repo.revisions.revision(bare!, 1))?.snapshot.temas).toEqual([]);
  });
});
