import { describe, expect, it } from 'vitest';
import { availableAdapters, storePerTest } from './adapters.js';
import { numberedArticle as article } from './numbered-article.js';

/** An author page lists what a person signs (autores), on both databases, whatever path wrote the list. */
describe.each(availableAdapters())('contrato das páginas de autor: $name', (adapter) => {
  const { repo } = storePerTest(adapter);

  const signedBy = async (id_pessoa: number) => {
    const { items, total } = await repo.publicArticles.publicByAuthor(id_pessoa, 1, 12);
    return { titles: items.map((item) => item.titulo), total };
  };

  it('lists the public articles each author signs, newest first, and follows edits, bulk imports and deletions', async () => {
    const shared = await repo.articles.create(article({ titulo: 'A dois', autores: [1, 2], data_publicacao: '2026-03-01T12:00:00.000Z' }));
    await repo.articles.create(article({ titulo: 'Só da um', autores: [1], data_publicacao: '2026-02-01T12:00:00.000Z' }));
    await repo.articles.create(article({ titulo: 'Rascunho a dois', autores: [1, 2], status: 'rascunho' }));
    await repo.articles.importArticles([article({ titulo: 'Importado da dois', autores: [2], data_publicacao: '2026-01-01T12:00:00.000Z' })]);
    expect(await signedBy(1)).toEqual({ titles: ['A dois', 'Só da um'], total: 2 });
    expect(await signedBy(2)).toEqual({ titles: ['A dois', 'Importado da dois'], total: 2 });

    const current = (await repo.articles.get(shared))!;
    const { titulo, titulo_url, descricao, keywords, conteudo } = current;
    await repo.articles.update(shared, { content: { titulo, titulo_url, descricao, keywords, conteudo, autores: [1] }, acao: 'editado', autor: 'Editora' });
    expect(await signedBy(2)).toEqual({ titles: ['Importado da dois'], total: 1 });

    await repo.articles.remove(shared);
    expect(await signedBy(1)).toEqual({ titles: ['Só da um'], total: 1 });
  });

  const reviewedBy = async (id_pessoa: number, pageIndex = 1, pageSize = 12) => {
    const { items, total } = await repo.publicArticles.publicByReviewer(id_pessoa, pageIndex, pageSize);
    return { titles: items.map((item) => item.titulo), total };
  };
  const publish = (id: number) => repo.articles.update(id, { autor: 'Editora', acao: 'publicado', status: { status: 'publicado', publicar_em: null } });
  const approve = (id: number, id_pessoa: number) => repo.articles.approveReview(id, { id_pessoa, revisor: `Revisor ${id_pessoa}`, proxima_revisao: '2027-11-27' });

  it('lists the public clinical articles each reviewer approved, newest first, a page at a time, and keeps one held for a new review', async () => {
    const older = await repo.articles.create(article({ titulo: 'Aprovado antes', status: 'rascunho', clinico: true, data_publicacao: '2026-01-01T12:00:00.000Z' }));
    const newer = await repo.articles.create(article({ titulo: 'Aprovado depois', status: 'rascunho', clinico: true, data_publicacao: '2026-02-01T12:00:00.000Z' }));
    const draft = await repo.articles.create(article({ titulo: 'Aprovado e ainda rascunho', status: 'rascunho', clinico: true }));
    const other = await repo.articles.create(article({ titulo: 'De outro revisor', status: 'rascunho', clinico: true }));
    for (const id of [older, newer, draft]) await approve(id, 9);
    await approve(other, 19);
    for (const id of [older, newer, other]) await publish(id);

    expect(await reviewedBy(9)).toEqual({ titles: ['Aprovado depois', 'Aprovado antes'], total: 2 });
    expect(await reviewedBy(9, 2, 1)).toEqual({ titles: ['Aprovado antes'], total: 2 });
    expect(await reviewedBy(19)).toEqual({ titles: ['De outro revisor'], total: 1 });
    expect(await reviewedBy(1)).toEqual({ titles: [], total: 0 });

    // An edit waiting for review leaves readers the approved text, and its reviewer named.
    const current = (await repo.articles.get(newer))!;
    const { titulo_url, descricao, keywords, conteudo } = current;
    await repo.articles.update(newer, { content: { titulo: 'Aprovado depois, editado', titulo_url, descricao, keywords, conteudo }, acao: 'editado', autor: 'Editora' });
    expect(await reviewedBy(9)).toEqual({ titles: ['Aprovado depois', 'Aprovado antes'], total: 2 });

    await repo.articles.remove(older);
    expect(await reviewedBy(9)).toEqual({ titles: ['Aprovado depois'], total: 1 });
  });
});
