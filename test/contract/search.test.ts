import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { searchTerms } from '../../src/lib/search-text.js';
import type { NewArticle } from '../../src/db/repository.js';
import type { Repository } from '../../src/db/storage.js';
import { availableAdapters, type Store } from './adapters.js';

const AUTHOR = 'Dra. Helena Martins';
const EDITOR = 'Carlos Revisor';

/**
 * The fixture corpus: each query below meets it in the title of some articles, only in the description
 * of others, only in the body of others, with accents, plurals and inflections that differ from the
 * query. The day orders them inside each relevance group.
 */
const CORPUS: Array<[key: string, day: number, fields: Pick<NewArticle, 'titulo' | 'descricao' | 'conteudo'>]> = [
  ['titulo-prontuario', 1, { titulo: 'Prontuário eletrônico para clínicas', descricao: 'Menos papel na recepção.', conteudo: '<p>Um guia prático.</p>' }],
  ['titulo-prontuarios', 5, { titulo: 'Cinco PRONTUÁRIOS comparados', descricao: 'O que olhar antes de assinar.', conteudo: '<p>Tabela de preços.</p>' }],
  ['descricao-prontuario', 9, { titulo: 'Agenda sem faltas', descricao: 'Lembretes automáticos integrados ao prontuario.', conteudo: '<p>Confirmação por mensagem.</p>' }],
  ['corpo-prontuario', 12, { titulo: 'Rotina da recepção', descricao: 'Do check-in ao pagamento.', conteudo: '<p>Tudo fica no <strong>prontuário</strong> do paciente.</p>' }],
  ['titulo-consultorio', 3, { titulo: 'Consultório de bairro cresce com agenda on-line', descricao: 'Um caso real.', conteudo: '<p>Uma história.</p>' }],
  ['corpo-consultorios', 7, { titulo: 'Gestão financeira', descricao: 'Fluxo de caixa.', conteudo: '<p>Os consultórios pequenos lucram mais &amp; gastam menos.</p>' }],
  ['titulo-receita', 2, { titulo: 'Receita digital com assinatura', descricao: 'Validade nacional.', conteudo: '<p>Farmácias aceitam.</p>' }],
  ['descricao-receitas', 4, { titulo: 'Assinatura ICP-Brasil', descricao: 'Como emitir receitas e atestados.', conteudo: '<p>Certificado A3.</p>' }],
  ['corpo-receitando', 8, { titulo: 'Telemedicina', descricao: 'Consultas por vídeo.', conteudo: '<p>O médico receita pela plataforma.</p>' }],
  ['sem-relacao', 10, { titulo: 'LGPD na saúde', descricao: 'Dados sensíveis.', conteudo: '<p>Consentimento e <em>anonimização</em>.</p>' }],
];

const QUERIES: Array<[query: string, expected: string[][]]> = [
  ['prontuario', [['titulo-prontuarios', 'titulo-prontuario'], ['descricao-prontuario'], ['corpo-prontuario']]],
  ['Prontuários', [['titulo-prontuarios', 'titulo-prontuario'], ['descricao-prontuario'], ['corpo-prontuario']]],
  ['consultorios', [['titulo-consultorio'], [], ['corpo-consultorios']]],
  ['receitas', [['titulo-receita'], ['descricao-receitas'], ['corpo-receitando']]],
  ['receita assinatura', [['titulo-receita'], ['descricao-receitas'], []]],
  ['clínica', [['titulo-prontuario'], [], []]],
  ['clín', [[], [], []]],
  ['"prontuário" & <clínicas>', [['titulo-prontuario'], [], []]],
  ['anonimizacao', [[], [], ['sem-relacao']]],
  ['inexistente', [[], [], []]],
];

const DAY_MS = 86_400_000;
const START = Date.parse('2026-01-01T12:00:00.000Z');

function fixture(key: string, day: number, fields: Pick<NewArticle, 'titulo' | 'descricao' | 'conteudo'>): NewArticle {
  return { ...fields, titulo_url: key, keywords: '', autor: AUTHOR, data_publicacao: new Date(START + day * DAY_MS).toISOString() };
}

/** What a search finds, as fixture keys in relevance groups (title, description, body), newest first in each. */
async function groupsOf(repo: Repository, query: string): Promise<string[][]> {
  const terms = searchTerms(query);
  const { items, total } = await repo.search.search({ terms, pageIndex: 1, pageSize: 50 });
  expect(total).toBe(items.length);
  const groups: string[][] = [[], [], []];
  const folded = (text: string) => searchTerms(text);
  for (const item of items) {
    const inTitle = terms.every((term) => folded(item.titulo).includes(term));
    const inDescription = terms.every((term) => folded(`${item.titulo} ${item.descricao}`).includes(term));
    groups[inTitle ? 0 : inDescription ? 1 : 2]!.push(item.titulo_url);
  }
  // The groups come in order: flattening them gives back the order the database returned.
  expect(groups.flat()).toEqual(items.map((item) => item.titulo_url));
  return groups;
}

const results = new Map<string, Record<string, string[][]>>();

describe.each(availableAdapters())('contrato da busca em português: $name', (adapter) => {
  let store: Store;
  let repo: Repository;

  beforeAll(async () => {
    store = await adapter.createStore();
    repo = await store.open();
    await repo.articles.importArticles(CORPUS.slice(0, 5).map(([key, day, fields]) => fixture(key, day, fields)));
    for (const [key, day, fields] of CORPUS.slice(5)) await repo.articles.create(fixture(key, day, fields));
  });
  afterAll(async () => {
    await repo.close();
    await store.destroy();
  });

  it('finds accents, case, plurals and inflections, the title before the description before the body', async () => {
    const found: Record<string, string[][]> = {};
    for (const [query, expected] of QUERIES) {
      found[query] = await groupsOf(repo, query);
      expect(found[query], query).toEqual(expected);
    }
    results.set(adapter.name, found);
  });

  it('gives every database the same results in the same order', () => {
    const all = [...results.values()];
    for (const other of all.slice(1)) expect(other).toEqual(all[0]);
  });

  it('pages the results, and a page past the end is empty with the total', async () => {
    const terms = searchTerms('prontuario');
    expect((await repo.search.search({ terms, pageIndex: 2, pageSize: 3 })).items.map((item) => item.titulo_url)).toEqual(['corpo-prontuario']);
    expect(await repo.search.search({ terms, pageIndex: 9, pageSize: 3 })).toEqual({ items: [], total: 4 });
  });

  it('finds words by their beginning in the editors\' list, and only whole words in the public search', async () => {
    const listed = async (busca: string) => (await repo.articles.list({ pageIndex: 1, pageSize: 50, busca })).items.map((item) => item.titulo_url).sort();
    const prontuario = ['corpo-prontuario', 'descricao-prontuario', 'titulo-prontuario', 'titulo-prontuarios'];
    expect(await listed('prontu')).toEqual(prontuario);
    expect(await listed('PRONTUÁ')).toEqual(prontuario);
    expect(await listed('prontuários')).toEqual(prontuario);
    expect(await listed('clín')).toEqual(['titulo-prontuario']);
    expect(await listed('receit assin')).toEqual(['descricao-receitas', 'titulo-receita']);
    expect(await listed('anonimiz')).toEqual(['sem-relacao']);
    // Quotes, stars and operators are not words: they never reach either database's query syntax.
    expect(await listed('prontu* OR "clín" & !receit:*')).toEqual([]);
    expect((await repo.articles.list({ pageIndex: 1, pageSize: 50, busca: 'prontu' })).total).toBe(prontuario.length);
    expect((await repo.search.search({ terms: searchTerms('prontu'), pageIndex: 1, pageSize: 50 })).total).toBe(0);
  });

  it('never finds what is not public, and follows every write at once', async () => {
    const found = async (query: string) => (await repo.search.search({ terms: searchTerms(query), pageIndex: 1, pageSize: 50 })).items.map((item) => item.id);
    const draft = await repo.articles.create({ ...fixture('rascunho', 11, { titulo: 'Ortopedia pediátrica', descricao: '', conteudo: '<p>x</p>' }), status: 'rascunho' });
    const later = await repo.articles.create({
      ...fixture('agendado', 11, { titulo: 'Ortopedia esportiva', descricao: '', conteudo: '<p>x</p>' }),
      status: 'agendado',
      publicar_em: new Date(Date.now() + 60_000).toISOString(),
    });
    expect(await found('ortopedia')).toEqual([]);
    // The editors' list covers every state through the same index.
    expect((await repo.articles.list({ pageIndex: 1, pageSize: 10, busca: 'ortopédicas' })).items.map((item) => item.id).sort()).toEqual([draft, later].sort());

    await repo.articles.update(draft, { autor: EDITOR, acao: 'publicado', status: { status: 'publicado', publicar_em: null } });
    expect(await found('ortopedia')).toEqual([draft]);
    await repo.articles.update(draft, {
      autor: EDITOR,
      acao: 'editado',
      content: { titulo: 'Cardiologia pediátrica', titulo_url: 'rascunho', descricao: '', keywords: '', conteudo: '<p>Eletrocardiogramas.</p>' },
    });
    expect(await found('ortopedia')).toEqual([]);
    expect(await found('eletrocardiograma')).toEqual([draft]);
    await repo.articles.update(draft, { autor: EDITOR, acao: 'despublicado', status: { status: 'despublicado', publicar_em: null } });
    expect(await found('cardiologia')).toEqual([]);
    await repo.articles.update(draft, { autor: EDITOR, acao: 'publicado', status: { status: 'publicado', publicar_em: null } });
    expect(await found('cardiologia')).toEqual([draft]);
    await repo.articles.remove(draft);
    expect(await found('cardiologia')).toEqual([]);
    expect((await repo.articles.list({ pageIndex: 1, pageSize: 10, busca: 'cardiologia' })).total).toBe(0);
    await repo.articles.remove(later);
  });
});

/**
 * A word most articles hold: the page of a large group is found walking the newest articles and
 * testing each in the index, a page deep in a group by gathering and sorting the group's matches. Both
 * must give what the small corpus above gives: the groups in order, newest first in each, and only what
 * is public, counted.
 */
describe.each(availableAdapters())('busca de uma palavra comum: $name', (adapter) => {
  const ARTICLES = 60;
  let store: Store;
  let repo: Repository;
  const expected: string[] = [];

  beforeAll(async () => {
    store = await adapter.createStore();
    repo = await store.open();
    const articles: NewArticle[] = [];
    const groups: string[][] = [[], [], []];
    for (let day = 1; day <= ARTICLES; day += 1) {
      const key = `artigo-${day}`;
      const inTitle = day % 2 === 0;
      const inDescription = day % 4 === 1;
      const inBody = day % 4 === 3 && day % 7 !== 0;
      articles.push(
        fixture(key, day, {
          titulo: inTitle ? `Agenda do consultório, dia ${day}` : `Rotina do consultório, dia ${day}`,
          descricao: inDescription ? 'Agendas sem faltas.' : 'Sem faltas.',
          conteudo: inBody ? '<p>Confirmações pela <strong>agenda</strong> on-line.</p>' : '<p>Confirmações por mensagem.</p>',
        }),
      );
      if (inTitle || inDescription || inBody) groups[inTitle ? 0 : inDescription ? 1 : 2]!.unshift(key);
    }
    expected.push(...groups.flat());
    await repo.articles.importArticles(articles);
    // Neither found nor counted: drafts with the word in each group and an article scheduled for later.
    // More in the title than the small groups after it hold: a page placed by the title's matches alone
    // would then start the next group at the wrong place.
    for (let draft = 0; draft < 20; draft += 1) {
      await repo.articles.create({ ...fixture(`rascunho-${draft}`, 70 + draft, { titulo: 'Agenda nova', descricao: '', conteudo: '<p>x</p>' }), status: 'rascunho' });
    }
    await repo.articles.create({ ...fixture('rascunho-descricao', 63, { titulo: 'Rotina nova', descricao: 'Agendas novas.', conteudo: '<p>x</p>' }), status: 'rascunho' });
    await repo.articles.create({ ...fixture('rascunho-corpo', 64, { titulo: 'Rotina antiga', descricao: '', conteudo: '<p>Uma agenda.</p>' }), status: 'rascunho' });
    await repo.articles.create({
      ...fixture('agendado', 62, { titulo: 'Agenda futura', descricao: '', conteudo: '<p>x</p>' }),
      status: 'agendado',
      publicar_em: new Date(Date.now() + 600_000).toISOString(),
    });
    // Public although still "agendado": its time has come.
    await repo.articles.create({
      ...fixture('agendado-vencido', 65, { titulo: 'Agenda de hoje', descricao: '', conteudo: '<p>x</p>' }),
      status: 'agendado',
      publicar_em: new Date(Date.now() - 60_000).toISOString(),
    });
    expected.unshift('agendado-vencido');
  });
  afterAll(async () => {
    await repo.close();
    await store.destroy();
  });

  it('gives every page in the order of the groups, with the total of public matches', async () => {
    const terms = searchTerms('agendas');
    for (const pageSize of [5, 7, 16, 24, 50]) {
      const seen: string[] = [];
      for (let pageIndex = 1; pageIndex <= Math.ceil(expected.length / pageSize) + 1; pageIndex += 1) {
        const page = await repo.search.search({ terms, pageIndex, pageSize });
        expect(page.total).toBe(expected.length);
        seen.push(...page.items.map((item) => item.titulo_url));
      }
      expect(seen, `páginas de ${pageSize}`).toEqual(expected);
    }
  });
});

/**
 * The editors' list of a word being typed that more than 2,000 articles hold: its page is found walking
 * the order of last change and testing each article in the index. A prefix that begins a few terms
 * (`pront`: "prontos", "prontuário") is asked as those terms, one that begins many (`con`) as a prefix;
 * both must list every match, in the list's order, and count them.
 */
describe.each(availableAdapters())('lista do editor, prefixo comum: $name', (adapter) => {
  const ARTICLES = 2_700;
  const CON_WORDS = ['Consulta', 'Contrato', 'Convênio', 'Confirmação', 'Conta'];
  let store: Store;
  let repo: Repository;
  let inListOrder: Array<{ titulo_url: string; titulo: string }>;

  beforeAll(async () => {
    store = await adapter.createStore();
    repo = await store.open();
    const articles: NewArticle[] = [];
    for (let day = 1; day <= ARTICLES; day += 1) {
      const word = day % 6 === 0 ? 'Rotina' : day % 2 === 0 ? 'Prontuário' : 'Pacientes prontos';
      articles.push(fixture(`lista-${day}`, day, { titulo: `${word} ${CON_WORDS[day % CON_WORDS.length]} ${day}`, descricao: '', conteudo: '<p>x</p>' }));
    }
    for (let first = 0; first < ARTICLES; first += 1_000) await repo.articles.importArticles(articles.slice(first, first + 1_000));
    inListOrder = (await repo.articles.list({ pageIndex: 1, pageSize: ARTICLES })).items;
  }, 120_000);
  afterAll(async () => {
    await repo.close();
    await store.destroy();
  });

  it.each([
    ['pront', (titulo: string) => /pront/i.test(titulo)],
    ['con', () => true],
  ])('lists "%s" page by page in the order of last change, with the total', async (busca, holds) => {
    const expected = inListOrder.filter((item) => holds(item.titulo)).map((item) => item.titulo_url);
    expect(expected.length).toBeGreaterThan(2_000);
    for (const pageIndex of [1, 2, 50]) {
      const page = await repo.articles.list({ pageIndex, pageSize: 20, busca });
      expect(page.total).toBe(expected.length);
      expect(page.items.map((item) => item.titulo_url)).toEqual(expected.slice((pageIndex - 1) * 20, pageIndex * 20));
    }
  });
});
