import { describe, expect, it } from 'vitest';
import { type NewArticle } from '../../src/db/repository.js';
import type { NewShareLink } from '../../src/db/share-link-store.js';
import { availableAdapters, storePerTest } from './adapters.js';

function article(overrides: Partial<NewArticle> = {}): NewArticle {
  return {
    titulo: 'Vacinas na gestação',
    titulo_url: 'vacinas-na-gestacao',
    descricao: 'Quais e quando.',
    keywords: 'vacinas',
    conteudo: '<p>Primeira versão.</p>',
    autor: 'Dra. Helena Martins',
    ...overrides,
  };
}

const fields = (titulo: string) => ({
  titulo,
  titulo_url: 'vacinas-na-gestacao',
  conteudo: '<p>Fixada.</p>',
  descricao: 'Quais e quando.',
  keywords: 'vacinas',
  imagem_nome: null,
  imagem_caption: null,
  imagem_alt: null,
  imagem_width: null,
  imagem_height: null,
  autores: [],
  clinico: false,
  referencias: [],
});

/** Share links and the editorial calendar (issue 33), the same on both databases. */
describe.each(availableAdapters())('contrato das prévias compartilhadas e do calendário: $name', (adapter) => {
  const { repo } = storePerTest(adapter);

  const link = (id_artigo: number, token_hash: string, overrides: Partial<NewShareLink> = {}): NewShareLink => ({
    id_artigo,
    token_hash,
    pinned: { versao: 1, fields: fields('Versão fixada') },
    criado_em: '2027-03-01T12:00:00.000Z',
    expira_em: '2027-03-08T12:00:00.000Z',
    max_visualizacoes: null,
    autor: 'Editor',
    id_pessoa: null,
    ...overrides,
  });

  it('stores a link by the hash of its token, with the version it was made from, and lists it newest first', async () => {
    const id = await repo.articles.create(article({ status: 'rascunho' }));
    const first = await repo.shareLinks.create(link(id, 'a'.repeat(64)));
    const second = await repo.shareLinks.create(link(id, 'b'.repeat(64), { criado_em: '2027-03-02T12:00:00.000Z', max_visualizacoes: 3 }));
    expect(first).toEqual({ id: first.id, criado_em: '2027-03-01T12:00:00.000Z', expira_em: '2027-03-08T12:00:00.000Z', visualizacoes: 0, max_visualizacoes: null, revogado: false });
    expect((await repo.shareLinks.list(id)).map((item) => item.id)).toEqual([second.id, first.id]);
    expect(await repo.shareLinks.find('a'.repeat(64))).toMatchObject({ id: first.id, id_artigo: id, pinned: { versao: 1, fields: fields('Versão fixada') } });
    expect(await repo.shareLinks.find('c'.repeat(64))).toBeNull();
  });

  it('spends views only while the link is open, never past its maximum, and keeps the first revocation', async () => {
    const id = await repo.articles.create(article({ status: 'rascunho' }));
    const limited = await repo.shareLinks.create(link(id, 'a'.repeat(64), { max_visualizacoes: 2 }));
    const now = '2027-03-02T00:00:00.000Z';
    expect(await repo.shareLinks.spendView(limited.id, now)).toBe(true);
    expect(await repo.shareLinks.spendView(limited.id, now)).toBe(true);
    expect(await repo.shareLinks.spendView(limited.id, now)).toBe(false);
    expect((await repo.shareLinks.find('a'.repeat(64)))!.visualizacoes).toBe(2);

    const open = await repo.shareLinks.create(link(id, 'b'.repeat(64)));
    expect(await repo.shareLinks.spendView(open.id, '2027-03-08T12:00:00.000Z')).toBe(false);
    expect(await repo.shareLinks.revoke(id, open.id, now)).toBe(true);
    expect(await repo.shareLinks.revoke(id, open.id, '2027-03-03T00:00:00.000Z')).toBe(true);
    expect(await repo.shareLinks.spendView(open.id, now)).toBe(false);
    expect((await repo.shareLinks.list(id)).find((item) => item.id === open.id)).toMatchObject({ revogado: true, visualizacoes: 0 });
    const other = await repo.articles.create(article({ status: 'rascunho' }));
    expect(await repo.shareLinks.revoke(other, limited.id, now)).toBe(false);
  });

  it('plans drafts and shows the four kinds of dates of a month, by person and by topic', async () => {
    const expira_em = '2099-01-01T00:00:00.000Z';
    const ana = (await repo.people.invite({ nome: 'Ana Souza', email: 'ana@clinica.com.br', papel: 'autor' }, { token_hash: 'a', expira_em })).id;
    const bia = (await repo.people.invite({ nome: 'Bia Lima', email: 'bia@clinica.com.br', papel: 'autor' }, { token_hash: 'b', expira_em })).id;
    const planned = await repo.articles.create(article({ titulo: 'Previsto', status: 'rascunho', id_criador: ana, temas: ['Vacinas'] }));
    expect(await repo.calendar.planOf(planned)).toEqual({ previsto_para: null, id_responsavel: null, id_criador: ana });
    expect(await repo.calendar.plan(planned, { previsto_para: '2027-03-10' })).toBe(true);
    const other = await repo.articles.create(article({ titulo: 'Previsto de outra pessoa', status: 'rascunho', id_criador: ana }));
    await repo.calendar.plan(other, { previsto_para: '2027-03-31', id_responsavel: bia });
    const outside = await repo.articles.create(article({ titulo: 'Previsto para abril', status: 'rascunho' }));
    await repo.calendar.plan(outside, { previsto_para: '2027-04-01' });
    const scheduled = await repo.articles.create(article({ titulo: 'Agendado', status: 'agendado', publicar_em: '2027-03-15T13:00:00.000Z', id_criador: ana }));
    const published = await repo.articles.create(article({ titulo: 'Publicado', data_publicacao: '2027-03-05T10:00:00.000Z', id_criador: ana, temas: ['Vacinas'] }));
    const due = await repo.articles.create(article({ titulo: 'Revisão', status: 'rascunho', clinico: true, id_criador: bia }));
    await repo.articles.approveReview(due, { id_pessoa: 9, revisor: 'Dr. João Lima', proxima_revisao: '2027-03-20' });
    expect(await repo.calendar.plan(999_999, { previsto_para: '2027-03-01' })).toBe(false);

    const march = { desde: '2027-03-01', ate: '2027-04-01', desdeInstante: '2027-03-01T03:00:00.000Z', ateInstante: '2027-04-01T03:00:00.000Z' };
    const entries = await repo.calendar.entries(march);
    expect(entries.map(({ tipo, id, id_responsavel }) => ({ tipo, id, id_responsavel }))).toEqual([
      { tipo: 'publicado', id: published, id_responsavel: ana },
      { tipo: 'previsto', id: planned, id_responsavel: ana },
      { tipo: 'agendado', id: scheduled, id_responsavel: ana },
      { tipo: 'revisao', id: due, id_responsavel: bia },
      { tipo: 'previsto', id: other, id_responsavel: bia },
    ]);
    expect(entries.map((entry) => entry.quando.slice(0, 10))).toEqual(['2027-03-05', '2027-03-10', '2027-03-15', '2027-03-20', '2027-03-31']);
    expect((await repo.calendar.entries({ ...march, id_responsavel: bia })).map((entry) => entry.id)).toEqual([due, other]);
    const topic = await repo.topics.find('vacinas');
    expect((await repo.calendar.entries({ ...march, id_tema: (topic as { topic: { id: number } }).topic.id })).map((entry) => entry.id)).toEqual([published, planned]);
  });

  it('keeps one feed per person, found by the hash of its token, until it is revoked', async () => {
    expect(await repo.calendar.feedSeed(7)).toBeNull();
    expect(await repo.calendar.createFeed(7, { semente: 's1', token_hash: 'a'.repeat(64) }, '2027-03-01T00:00:00.000Z')).toBe('s1');
    expect(await repo.calendar.createFeed(7, { semente: 's2', token_hash: 'b'.repeat(64) }, '2027-03-01T00:00:00.000Z')).toBe('s1');
    expect(await repo.calendar.feedOwner('a'.repeat(64))).toBe(7);
    expect(await repo.calendar.feedOwner('b'.repeat(64))).toBeNull();
    await repo.calendar.revokeFeed(7);
    expect(await repo.calendar.feedOwner('a'.repeat(64))).toBeNull();
    expect(await repo.calendar.feedSeed(7)).toBeNull();
  });
});
