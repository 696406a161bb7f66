import request from 'supertest';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ViewCount } from '../../src/db/stats-store.js';
import type { Grant } from '../../src/people/roles.js';
import { articlePath } from '../../src/routes/paths.js';
import { createArticle, createTestApp, TEST_EDITOR_KEY, type TestApp } from '../support/app.js';
import { viewCount } from '../support/view-count.js';

const PASSWORD = 'jabuticaba azul no telhado';
/** Noon in São Paulo, 10 June 2030: the clock of every test here. */
const NOW = new Date('2030-06-10T15:00:00Z');

const view = (caminho: string, visualizacoes: number, dia = '2030-06-01'): ViewCount => viewCount(dia, visualizacoes, { caminho });

/** The rows of "Atualizar primeiro" as a reader sees them: title, views, review. */
function updateFirstRows(html: string): string[][] | null {
  const section = /<section class="area-section area-update-first"[^>]*>(.*?)<\/section>/s.exec(html)?.[1];
  if (section === undefined) return null;
  return [...section.matchAll(/<li class="area-item">(.*?)<\/li><\/ul><\/li>/gs)].map((row) =>
    [...row[1]!.matchAll(/<(?:a|dd)[^>]*>([^<]*)/g)].map((cell) => cell[1]!.replace(/<!-- -->/g, '').trim()).filter(Boolean),
  );
}

/** "Atualizar primeiro" on /editor (issue 32): views in 30 days × the urgency of the medical review. */
describe('"Atualizar primeiro" no painel dos editores', () => {
  let t: TestApp;
  const emails: Record<string, string> = {};
  const api = () => request(t.app);
  const admin = (req: request.Test) => req.set('Authorization', `Bearer ${TEST_EDITOR_KEY}`);
  const cookieOf = (res: request.Response) => [res.headers['set-cookie']].flat()[0]!.split(';')[0]!;

  async function person(nome: string, email: string, papel: string, permissoes: Grant[] = []) {
    const { convite_url } = (await admin(api().post('/api/pessoas/convites')).send({ nome, email, papel }).expect(200)).body.value as { convite_url: string };
    await api().post(`/api/pessoas/convites/${new URL(convite_url).pathname.split('/').at(-1)}`).send({ senha: PASSWORD }).expect(200);
    if (permissoes.length > 0) await t.repo.people.update((await t.repo.people.findByEmail(email))!.id, { permissoes });
    emails[nome] = email;
  }
  /** /editor as `nome` sees it, signed in at the test's clock (a session opened years before would have expired). */
  async function dashboard(nome: string, query = '') {
    const cookie = cookieOf(await api().post('/api/sessao').send({ email: emails[nome], senha: PASSWORD }).expect(200));
    return (await api().get(`/editor${query}`).set('Cookie', cookie).expect(200)).text;
  }

  beforeAll(async () => {
    t = await createTestApp();
    await person('Edna Editora', 'edna@clinica.com.br', 'editor');
    await person('Ana Autora', 'ana@clinica.com.br', 'autor');
    await person('Vera Vendas', 'vera@clinica.com.br', 'colaborador', ['ver-estatisticas']);
  });
  afterEach(() => {
    vi.useRealTimers();
  });
  afterAll(async () => {
    await t.close();
  });

  it('says so when no published article is due for review within 60 days', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(NOW);
    const page = await dashboard('Edna Editora');
    expect(updateFirstRows(page)).toEqual([]);
    expect(page).toContain('Nenhum artigo publicado com a revisão médica vencida ou a vencer nos próximos 60 dias.');
    expect(page).toContain('ordenados por leitores nos últimos 30 dias e pela proximidade da revisão');
  });

  it('ranks by views in the last 30 days × urgency, at most 10, each with its review and its statistics; only for those who see the statistics', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(NOW);
    const due = async (titulo: string, proxima_revisao: string) => {
      const article = await createArticle(t.repo, { titulo, status: 'publicado', clinico: true });
      await t.repo.reviewQueue.setNextReview(article.id, proxima_revisao);
      return { ...article, proxima_revisao };
    };
    // Weights on 10 June: overdue since before 11 May 7 (×7), overdue 6, due by 25 June 5, by 10 July 4, by 25 July 3, by 9 August 2.
    const overdue = await due('Asma vencida', '2030-05-20');
    const soon = await due('Diabetes a vencer', '2030-06-20');
    const later = await due('Gota a vencer em julho', '2030-07-30');
    const old = await due('Sinusite vencida há tempo', '2030-04-01');
    const beyond = await due('Enxaqueca fora do horizonte', '2030-08-20');
    const fillers = await Promise.all(Array.from({ length: 9 }, (_, index) => due(`Sem leitores ${index + 1}`, `2030-07-${String(index + 11).padStart(2, '0')}`)));
    await t.repo.statistics.add({
      views: [
        view(articlePath(overdue), 10),
        view(articlePath(soon), 13),
        view(articlePath(later), 40),
        view(articlePath(old), 9),
        view(articlePath(old), 500, '2030-05-01'),
        view(articlePath(beyond), 1_000),
      ],
      searches: [],
      visitors: [],
    });

    const rows = updateFirstRows(await dashboard('Edna Editora'));
    // later 40 × 2 = 80, soon 13 × 5 = 65, old 9 × 7 = 63, overdue 10 × 6 = 60 (May's 500 views are older than 30 days), then unread by due day.
    expect(rows!.slice(0, 4)).toEqual([
      ['Gota a vencer em julho', '40', 'Revisão até 30/07/2030', 'Estatísticas'],
      ['Diabetes a vencer', '13', 'Revisão até 20/06/2030', 'Estatísticas'],
      ['Sinusite vencida há tempo', '9', 'Revisão vencida em 01/04/2030', 'Estatísticas'],
      ['Asma vencida', '10', 'Revisão vencida em 20/05/2030', 'Estatísticas'],
    ]);
    expect(rows!.slice(4).map((row) => row[0])).toEqual(fillers.slice(0, 6).map((article) => article.titulo));
    const page = await dashboard('Edna Editora');
    expect(page).toContain(`href="/editor/estatisticas?caminho=${encodeURIComponent(articlePath(later))}"`);
    expect(page).toContain(`href="/editor/artigos/${later.id}`);
    expect(page).not.toContain('Enxaqueca fora do horizonte</a></p>');

    // Whoever was granted the statistics sees it too; an autor does not, nor a filtered or later page.
    expect(updateFirstRows(await dashboard('Vera Vendas'))).toHaveLength(10);
    expect(updateFirstRows(await dashboard('Ana Autora'))).toBeNull();
    expect(updateFirstRows(await dashboard('Edna Editora', '?status=publicado'))).toBeNull();

    // A month later, the same views are gone from the last 30 days: all by due day, the most overdue first.
    vi.setSystemTime(new Date('2030-07-20T15:00:00Z'));
    expect((updateFirstRows(await dashboard('Edna Editora')) ?? []).slice(0, 3).map((row) => row.slice(0, 3))).toEqual([
      ['Sinusite vencida há tempo', '0', 'Revisão vencida em 01/04/2030'],
      ['Asma vencida', '0', 'Revisão vencida em 20/05/2030'],
      ['Diabetes a vencer', '0', 'Revisão vencida em 20/06/2030'],
    ]);
  });
});
