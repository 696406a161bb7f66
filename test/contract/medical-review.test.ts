import { describe, expect, it } from 'vitest';
import { type NewArticle } from '../../src/db/repository.js';
import { ReviewRequiredError } from '../../src/workflow/review-required.js';
import { searchTerms } from '../../src/lib/search-text.js';
import { availableAdapters, storePerTest } from './adapters.js';

const REFERENCES = [{ texto: 'Diretriz de hipertensão, 2020', url: 'https://example.org/diretriz' }, { texto: 'Livro-texto de clínica médica' }];

function article(overrides: Partial<NewArticle> = {}): NewArticle {
  return {
    titulo: 'Pressão alta no consultório',
    titulo_url: 'pressao-alta-no-consultorio',
    descricao: 'O que medir e quando.',
    keywords: 'hipertensão',
    conteudo: '<p>Primeira versão.</p>',
    autor: 'Dra. Helena Martins',
    ...overrides,
  };
}

const edit = (titulo: string, extra: object = {}) => ({
  autor: 'Editor',
  acao: 'editado' as const,
  content: { titulo, titulo_url: 'pressao-alta-no-consultorio', descricao: 'O que medir e quando.', keywords: 'hipertensão', conteudo: '<p>Primeira versão.</p>', imagem: null },
  ...extra,
});

describe.each(availableAdapters())('contrato da revisão médica: $name', (adapter) => {
  const { repo } = storePerTest(adapter);

  it('stores authors, the clinical flag and references, and reads them back in every read', async () => {
    const id = await repo.articles.create(article({ autores: [7, 3], clinico: false, referencias: REFERENCES }));
    expect(await repo.articles.get(id)).toMatchObject({ autores: [7, 3], clinico: false, referencias: REFERENCES, revisao_medica: null });
    expect((await repo.articles.get(id))!.pendente).toBeUndefined();
    expect((await repo.publicArticles.latest(1, 10)).items[0]).toMatchObject({ autores: [7, 3], referencias: REFERENCES });
    const draft = await repo.articles.create(article({ status: 'rascunho', id_criador: null }));
    expect((await repo.articles.get(draft))!.autores).toEqual([]);
  });

  it('refuses to make public a clinical version no doctor approved, writing nothing', async () => {
    const id = await repo.articles.create(article({ status: 'rascunho', clinico: true }));
    await expect(repo.articles.update(id, { autor: 'Editor', acao: 'publicado', status: { status: 'publicado', publicar_em: null } })).rejects.toBeInstanceOf(ReviewRequiredError);
    expect(await repo.articles.get(id)).toMatchObject({ status: 'rascunho', versao: 1 });
    expect(await repo.revisions.revisions(id)).toHaveLength(1);

    const approved = await repo.articles.approveReview(id, { id_pessoa: 9, revisor: 'Dr. João Lima', proxima_revisao: '2027-11-27', expectedVersion: 1 });
    expect(approved.revisao_medica).toEqual({ id_pessoa: 9, revisor: 'Dr. João Lima', data: expect.any(String), versao: 1, digest: expect.stringMatching(/^v2:[0-9a-f]{64}$/), clinico: true });
    // A change of state keeps the approval: the text is the same.
    expect(await repo.articles.update(id, { autor: 'Editor', acao: 'publicado', status: { status: 'publicado', publicar_em: null } })).toMatchObject({ status: 'publicado', versao: 2 });
  });

  it('holds an edit of a public clinical article back from readers until it is approved, then publishes it', async () => {
    const id = await repo.articles.create(article({ status: 'rascunho', clinico: true }));
    await repo.articles.approveReview(id, { id_pessoa: 9, revisor: 'Dr. João Lima', proxima_revisao: '2027-11-27' });
    const published = await repo.articles.update(id, { autor: 'Editor', acao: 'publicado', status: { status: 'publicado', publicar_em: null } });

    const held = await repo.articles.update(id, edit('Pressão alta: metas novas', { expectedVersion: 2 }));
    expect(held).toMatchObject({ titulo: 'Pressão alta: metas novas', versao: 3, pendente: { relevante: true } });
    const stored = (await repo.articles.get(id))!;
    expect(stored).toMatchObject({ titulo: 'Pressão alta no consultório', versao: 3, data_atualizacao: published.data_atualizacao });
    expect(stored.pendente!.fields.titulo).toBe('Pressão alta: metas novas');
    expect((await repo.publicArticles.latest(1, 10)).items[0]!.titulo).toBe('Pressão alta no consultório');
    expect((await repo.revisions.revision(id, 3))!.snapshot.titulo).toBe('Pressão alta: metas novas');
    // Publishing it again without a review is refused.
    await expect(repo.articles.update(id, { autor: 'Editor', acao: 'publicado', status: { status: 'publicado', publicar_em: null } })).rejects.toBeInstanceOf(ReviewRequiredError);

    const live = await repo.articles.approveReview(id, { id_pessoa: 9, revisor: 'Dr. João Lima', proxima_revisao: '2027-11-27' });
    expect(live).toMatchObject({ titulo: 'Pressão alta: metas novas', pendente: null, revisao_medica: { versao: 3 } });
    const after = (await repo.articles.get(id))!;
    expect(after).toMatchObject({ titulo: 'Pressão alta: metas novas', versao: 3 });
    expect(after.pendente).toBeUndefined();
    expect(after.data_atualizacao > published.data_atualizacao).toBe(true);
    expect((await repo.publicArticles.latest(1, 10)).items[0]!.titulo).toBe('Pressão alta: metas novas');
  });

  it('moves data_atualizacao of a published article only for relevant edits', async () => {
    const id = await repo.articles.create(article());
    const created = (await repo.articles.get(id))!;
    const minor = await repo.articles.update(id, edit('Pressão alta no consultorio', { relevante: false }));
    expect(minor.data_atualizacao).toBe(created.data_atualizacao);
    const relevant = await repo.articles.update(id, edit('Pressão alta no consultório e em casa'));
    expect(relevant.data_atualizacao > created.data_atualizacao).toBe(true);
    expect((await repo.publicArticles.publicStats()).lastChange).toBe(relevant.data_atualizacao);
  });

  it('keeps the editors\' list review state in step with every write, and filters by it', async () => {
    const waiting = await repo.articles.create(article({ status: 'rascunho', clinico: true, titulo: 'Clínico à espera' }));
    const reviewed = await repo.articles.create(article({ status: 'rascunho', clinico: true, titulo: 'Clínico revisado' }));
    await repo.articles.create(article({ titulo: 'Notícia comum' }));
    await repo.articles.approveReview(reviewed, { id_pessoa: 9, revisor: 'Dr. João Lima', proxima_revisao: '2027-11-27' });
    const state = async () => Object.fromEntries((await repo.articles.list({ pageIndex: 1, pageSize: 10 })).items.map((item) => [item.titulo, [item.clinico, item.aguardando_revisao]]));
    expect(await state()).toEqual({ 'Clínico à espera': [true, true], 'Clínico revisado': [true, false], 'Notícia comum': [false, false] });
    expect((await repo.articles.list({ pageIndex: 1, pageSize: 10, revisao: 'aguardando' })).items.map((item) => item.id)).toEqual([waiting]);
    expect((await repo.articles.list({ pageIndex: 1, pageSize: 10, revisao: 'revisado' })).items.map((item) => item.id)).toEqual([reviewed]);
    // An edit of the approved text waits again.
    await repo.articles.update(reviewed, edit('Clínico revisado, agora mudado'));
    expect((await repo.articles.list({ pageIndex: 1, pageSize: 10, revisao: 'aguardando' })).total).toBe(2);
  });

  it('holds a change of references, image caption, keywords or authors of an approved article: every public read keeps the approved one', async () => {
    const image = { nome: 'pressao.jpg', caption: 'Aparelho de pressão', alt: 'Braçadeira no braço', width: 800, height: 600 };
    const id = await repo.articles.create(article({ status: 'rascunho', clinico: true, referencias: REFERENCES, autores: [7], imagem: image }));
    await repo.articles.approveReview(id, { id_pessoa: 9, revisor: 'Dr. João Lima', proxima_revisao: '2027-11-27' });
    await repo.articles.update(id, { autor: 'Editor', acao: 'publicado', status: { status: 'publicado', publicar_em: null } });
    const content = { ...edit('Pressão alta no consultório').content, keywords: 'metas', referencias: [{ texto: 'Fonte não revisada' }], autores: [7, 8], imagem: { ...image, caption: 'Legenda não revisada' } };
    const held = await repo.articles.update(id, { autor: 'Editor', acao: 'editado', content });
    expect(held).toMatchObject({ referencias: [{ texto: 'Fonte não revisada' }], imagem_caption: 'Legenda não revisada', autores: [7, 8], pendente: { relevante: true } });
    const approvedReads = { referencias: REFERENCES, imagem_caption: 'Aparelho de pressão', keywords: 'hipertensão', autores: [7] };
    expect(await repo.articles.get(id)).toMatchObject(approvedReads);
    expect((await repo.publicArticles.latest(1, 10)).items[0]).toMatchObject(approvedReads);
    expect((await repo.search.search({ terms: searchTerms('pressão'), pageIndex: 1, pageSize: 10 })).items[0]).toMatchObject(approvedReads);
    const live = await repo.articles.approveReview(id, { id_pessoa: 9, revisor: 'Dr. João Lima', proxima_revisao: '2027-11-27' });
    expect(live).toMatchObject({ referencias: [{ texto: 'Fonte não revisada' }], imagem_caption: 'Legenda não revisada', autores: [7, 8], pendente: null });
    expect((await repo.publicArticles.latest(1, 10)).items[0]).toMatchObject({ referencias: [{ texto: 'Fonte não revisada' }], autores: [7, 8] });
  });

  it('holds switching clinico off an approved article, with its new text, until a revisor approves it', async () => {
    const id = await repo.articles.create(article({ status: 'rascunho', clinico: true }));
    await repo.articles.approveReview(id, { id_pessoa: 9, revisor: 'Dr. João Lima', proxima_revisao: '2027-11-27' });
    await repo.articles.update(id, { autor: 'Editor', acao: 'publicado', status: { status: 'publicado', publicar_em: null } });
    await repo.articles.update(id, { ...edit('Texto sem revisão'), content: { ...edit('Texto sem revisão').content, clinico: false } });
    expect(await repo.articles.get(id)).toMatchObject({ titulo: 'Pressão alta no consultório', clinico: true, pendente: { fields: { clinico: false } } });
    await repo.articles.update(id, { ...edit('Texto sem revisão'), content: { ...edit('Texto sem revisão').content, clinico: true } });
    expect((await repo.articles.get(id))!.titulo).toBe('Pressão alta no consultório');
    expect((await repo.articles.list({ pageIndex: 1, pageSize: 10, revisao: 'aguardando' })).items.map((item) => item.id)).toEqual([id]);
  });

  it('keeps a record of everyone who saved a draft, however many autosaves follow in the same hour', async () => {
    const expira_em = new Date(Date.now() + 86_400_000).toISOString();
    const author = await repo.people.invite({ nome: 'Ana Souza', email: 'ana@clinica.com.br', papel: 'autor' }, { token_hash: 'a', expira_em });
    const reviewer = await repo.people.invite({ nome: 'João Lima', email: 'joao@clinica.com.br', papel: 'revisor' }, { token_hash: 'j', expira_em });
    const id = await repo.articles.create(article({ status: 'rascunho', clinico: true, id_criador: author.id }));
    await repo.articles.update(id, { ...edit('Versão do revisor'), id_pessoa: reviewer.id });
    for (let save = 0; save < 25; save += 1) await repo.articles.update(id, { ...edit(`Autosave ${save}`), id_pessoa: author.id });
    const revisions = await repo.revisions.revisions(id);
    expect(revisions.length).toBeLessThan(27);
    expect(revisions.filter((revision) => revision.id_pessoa === reviewer.id).map((revision) => revision.versao)).toEqual([2]);
  });
});
