import { describe, expect, it } from 'vitest';
import { type NewArticle, type RepositoryEvent } from '../../src/db/repository.js';
import { availableAdapters, storePerTest } from './adapters.js';

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

const DAYS = { hoje: '2027-06-10', ate: '2027-07-10' };
const publish = { autor: 'Editor', acao: 'publicado' as const, status: { status: 'publicado' as const, publicar_em: null } };

/** Review due dates, the review queue and corrections (issue 33), the same on both databases. */
describe.each(availableAdapters())('contrato das datas de revisão, da fila e das correções: $name', (adapter) => {
  const { repo } = storePerTest(adapter);

  /** A clinical article approved with its review holding until `due`, published unless told otherwise. */
  async function reviewed(titulo: string, due: string, published = true) {
    const id = await repo.articles.create(article({ titulo, status: 'rascunho', clinico: true }));
    await repo.articles.approveReview(id, { id_pessoa: 9, revisor: 'Dr. João Lima', proxima_revisao: due });
    if (published) await repo.articles.update(id, publish);
    return id;
  }

  it('stores the due date with the approval, renews it on a re-approval without a new version, and lets it be set apart', async () => {
    const id = await reviewed('Aprovado', '2027-11-27');
    const approved = (await repo.articles.get(id))!;
    expect(approved.proxima_revisao).toBe('2027-11-27');
    const again = await repo.articles.approveReview(id, { id_pessoa: 9, revisor: 'Dr. João Lima', proxima_revisao: '2028-05-27' });
    expect(again).toMatchObject({ versao: approved.versao, proxima_revisao: '2028-05-27', data_atualizacao: approved.data_atualizacao });
    expect(again.revisao_medica!.data >= approved.revisao_medica!.data).toBe(true);
    const events: RepositoryEvent[] = [];
    repo.subscribe((event) => events.push(event));
    expect(await repo.reviewQueue.setNextReview(id, '2027-01-02')).toMatchObject({ proxima_revisao: '2027-01-02', versao: approved.versao });
    expect((await repo.articles.get(id))!.proxima_revisao).toBe('2027-01-02');
    expect(events).toEqual([{ type: 'article-changed', id, reach: 'body' }]);
    expect(await repo.reviewQueue.setNextReview(id, null)).toMatchObject({ proxima_revisao: null });
    expect(await repo.reviewQueue.setNextReview(999_999, '2027-01-02')).toBeNull();
  });

  it('lists overdue, due and pending reviews, each sortable, with their counts', async () => {
    const old = await reviewed('B vencido', '2027-06-09');
    const older = await reviewed('A vencido há mais tempo', '2027-01-15');
    const soon = await reviewed('Vence hoje', '2027-06-10');
    const last = await reviewed('Vence no último dia', '2027-07-10');
    await reviewed('Vence depois', '2027-07-11');
    await reviewed('Rascunho aprovado e vencido', '2027-01-01', false);
    const draft = await repo.articles.create(article({ titulo: 'Rascunho clínico', status: 'rascunho', clinico: true }));
    const held = await reviewed('Publicado com mudança à espera', '2028-01-01');
    await repo.articles.update(held, { autor: 'Editor', acao: 'editado', content: { ...article({ titulo: 'Mudança' }), imagem: null } });
    await repo.articles.create(article({ titulo: 'Não clínico' }));

    const list = async (situacao: 'vencida' | 'a-vencer' | 'pendente', ordem: 'data' | 'titulo' = 'data', desc = false) =>
      (await repo.reviewQueue.queue({ ...DAYS, situacao, ordem, desc, limit: 10 })).items.map((item) => item.id);
    expect(await list('vencida')).toEqual([older, old]);
    expect(await list('vencida', 'titulo', true)).toEqual([old, older]);
    expect(await list('a-vencer')).toEqual([soon, last]);
    expect(await list('a-vencer', 'data', true)).toEqual([last, soon]);
    expect((await list('pendente')).sort()).toEqual([draft, held].sort());
    expect(await repo.reviewQueue.counts(DAYS)).toEqual({ vencida: 2, 'a-vencer': 2, pendente: 2 });
    expect((await repo.reviewQueue.queue({ ...DAYS, situacao: 'vencida', ordem: 'data', desc: false, limit: 1 })).total).toBe(2);
  });

  it('shows a colaborador only what they created or sign', async () => {
    const expira_em = new Date(Date.now() + 86_400_000).toISOString();
    const carla = await repo.people.invite({ nome: 'Carla', email: 'carla@clinica.com.br', papel: 'colaborador' }, { token_hash: 'convite-carla', expira_em });
    const bia = await repo.people.invite({ nome: 'Bia', email: 'bia@clinica.com.br', papel: 'autor' }, { token_hash: 'convite-bia', expira_em });
    const theirs = await repo.articles.create(article({ titulo: 'Meu rascunho', status: 'rascunho', clinico: true, id_criador: carla.id }));
    const signed = await repo.articles.create(article({ titulo: 'Assinado junto', status: 'rascunho', clinico: true, id_criador: bia.id, autores: [bia.id, carla.id] }));
    await repo.articles.create(article({ titulo: 'De outra pessoa', status: 'rascunho', clinico: true, id_criador: bia.id }));
    const items = (await repo.reviewQueue.queue({ ...DAYS, situacao: 'pendente', ordem: 'titulo', desc: false, limit: 10, criadoOuAssinadoPor: carla.id })).items;
    expect(items.map((item) => item.id)).toEqual([signed, theirs]);
    expect(await repo.reviewQueue.counts(DAYS, { criadoOuAssinadoPor: carla.id })).toEqual({ vencida: 0, 'a-vencer': 0, pendente: 2 });
    expect((await repo.reviewQueue.counts(DAYS)).pendente).toBe(3);
  });

  it('ranks published articles due by a day by their views × the weight of their due day, old addresses added, bots and drafts left out', async () => {
    const path = (id: number, slug = 'pressao') => `/noticias/${id}/2027/01/02/${slug}`;
    const overdue = await reviewed('Vencido e pouco lido', '2027-05-01');
    const due = await reviewed('A vencer e muito lido', '2027-07-01');
    const renamed = await reviewed('Lido sob dois endereços', '2027-06-20');
    const unread = await reviewed('Vencido e sem leitores', '2027-06-01');
    const later = await reviewed('Vence depois do horizonte', '2027-08-01');
    const draft = await reviewed('Rascunho vencido', '2027-01-01', false);
    const view = (caminho: string, visualizacoes: number, dia = '2027-06-05', robo = false) => ({
      hora: `${dia}T12`,
      dia,
      caminho,
      origem: '',
      utm_source: '',
      utm_medium: '',
      utm_campaign: '',
      dispositivo: 'computador' as const,
      robo,
      visualizacoes,
    });
    await repo.statistics.add({
      views: [
        view(path(overdue), 10),
        view(path(due), 40),
        view(path(renamed), 9),
        view(path(renamed, 'titulo-antigo'), 6),
        view(path(renamed), 1_000, '2027-05-01'),
        view(path(unread), 500, '2027-06-05', true),
        view(path(later), 1_000),
        view(path(draft), 1_000),
        view('/noticias/busca', 1_000),
        view('/', 1_000),
      ],
      searches: [],
      visitors: [],
    });
    // Overdue before 06-10 weighs 6, due before 06-20 weighs 5, before 07-01 weighs 4, else 2.
    const pesos = [
      { antes: '2027-06-10', peso: 6 },
      { antes: '2027-06-20', peso: 5 },
      { antes: '2027-07-01', peso: 4 },
    ];
    const ranked = await repo.reviewQueue.updateFirst({ ate: '2027-07-10', prefixoDosArtigos: '/noticias/', visualizacoesDesde: '2027-05-15', pesos, pesoBase: 2, limit: 10 });
    // 10 × 6 = 60, 15 × 4 = 60 (the sooner due first), 40 × 2 = 80, unread last.
    expect(ranked.map((item) => [item.id, item.visualizacoes])).toEqual([
      [due, 40],
      [overdue, 10],
      [renamed, 15],
      [unread, 0],
    ]);
    expect(ranked[0]).toMatchObject({ titulo: 'A vencer e muito lido', titulo_url: 'pressao-alta-no-consultorio', proxima_revisao: '2027-07-01' });
    expect(ranked[0]!.data_publicacao).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    expect((await repo.reviewQueue.updateFirst({ ate: '2027-07-10', prefixoDosArtigos: '/noticias/', visualizacoesDesde: '2027-05-15', pesos, pesoBase: 2, limit: 2 })).map((item) => item.id)).toEqual([due, overdue]);
  });

  it('adds corrections to a published article only, newest first, moving its update date and telling its pages', async () => {
    const id = await repo.articles.create(article());
    const before = (await repo.articles.get(id))!;
    const events: RepositoryEvent[] = [];
    repo.subscribe((event) => events.push(event));
    const first = await repo.corrections.add(id, { texto: 'A dose era 50 mg, não 500 mg.', autor: 'Editor', id_pessoa: null }, '2030-01-01T10:00:00.000Z');
    const second = await repo.corrections.add(id, { texto: 'O intervalo era de 8 horas.', autor: 'Editor', id_pessoa: 3 }, '2030-01-02T10:00:00.000Z');
    expect(first).toEqual({ id: expect.any(Number), texto: 'A dose era 50 mg, não 500 mg.', data: '2030-01-01T10:00:00.000Z' });
    expect(await repo.corrections.list(id)).toEqual([second, first]);
    expect(await repo.articles.get(id)).toMatchObject({ data_atualizacao: '2030-01-02T10:00:00.000Z', versao: before.versao });
    expect(events).toEqual([
      { type: 'article-changed', id, reach: 'body' },
      { type: 'article-changed', id, reach: 'body' },
    ]);
    const draft = await repo.articles.create(article({ status: 'rascunho' }));
    expect(await repo.corrections.add(draft, { texto: 'Não deveria entrar.', autor: 'Editor', id_pessoa: null }, '2030-01-01T10:00:00.000Z')).toBeNull();
    expect(await repo.corrections.list(draft)).toEqual([]);
    expect(await repo.corrections.add(999_999, { texto: 'Artigo inexistente.', autor: 'Editor', id_pessoa: null }, '2030-01-01T10:00:00.000Z')).toBeNull();
  });
});
