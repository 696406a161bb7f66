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
});
