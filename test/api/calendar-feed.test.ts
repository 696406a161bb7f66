import ical from 'node-ical';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Role } from '../../src/people/roles.js';
import { secretDigest } from '../../src/lib/secret-token.js';
import { CALENDAR_MESSAGES } from '../../src/workflow/calendar.js';
import { createTestApp, TEST_EDITOR_KEY, type TestApp } from '../support/app.js';
import { validateHtml } from '../support/vnu.js';

const SITE_URL = 'https://www.prontivo.test';

/** The editorial calendar's API and each person's iCalendar feed (issue 33). */
describe('calendário editorial: previsão dos rascunhos e o feed iCalendar de cada pessoa', () => {
  let t: TestApp;
  const keys: Record<string, string> = {};
  const ids: Record<string, number> = {};

  async function person(name: string, papel: Role) {
    const invited = await t.repo.people.invite({ nome: name, email: `${name.toLowerCase().replace(/\W+/g, '.')}@clinica.com.br`, papel }, { token_hash: `convite-${name}`, expira_em: new Date(Date.now() + 86_400_000).toISOString() });
    const key = `prv_teste_${name.replace(/\W+/g, '')}`;
    await t.repo.personalKeys.create(invited.id, 'testes', secretDigest(key), new Date().toISOString());
    keys[name] = key;
    ids[name] = invited.id;
  }

  const api = () => request(t.app);
  const as = (name: string, req: request.Test) => req.set('Authorization', `Bearer ${keys[name]}`);
  const asAdmin = (req: request.Test) => req.set('Authorization', `Bearer ${TEST_EDITOR_KEY}`);
  const inDays = (days: number) => new Date(Date.now() + days * 86_400_000);
  const day = (date: Date) => new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(date);
  const create = async (name: string, titulo: string) =>
    (
      await as(name, api().post('/api/artigos/novo'))
        .send({ titulo, titulo_url: 'calendario', descricao: 'Um texto.', keywords: 'agenda', conteudo: '<p>Texto.</p>', status: 'rascunho' })
        .expect(200)
    ).body.value as number;

  beforeAll(async () => {
    t = await createTestApp({ env: { SITE_URL } });
    await person('Ana Souza', 'autor');
    await person('Edu Rocha', 'editor');
  });
  afterAll(() => t.close());

  it('takes previsto_para and responsavel on novo and PUT, optional, refusing a bad one before anything is stored', async () => {
    const fields = { titulo_url: 'pauta', descricao: 'Um texto.', keywords: 'agenda', conteudo: '<p>Texto.</p>', status: 'rascunho' };
    const novo = (body: Record<string, unknown>) => as('Ana Souza', api().post('/api/artigos/novo')).send({ ...fields, ...body });
    const id = (await novo({ titulo: 'Pauta com data', previsto_para: '2031-03-05', responsavel: ids['Edu Rocha'] }).expect(200)).body.value as number;
    expect((await as('Ana Souza', api().get(`/api/artigos/${id}/previsao`)).expect(200)).body.value).toEqual({ previsto_para: '2031-03-05', responsavel: ids['Edu Rocha'] });
    expect((await novo({ titulo: 'Pauta com dia errado', previsto_para: '2031-02-30' }).expect(400)).body.messages).toEqual([CALENDAR_MESSAGES.dayInvalid]);
    expect((await novo({ titulo: 'Pauta sem ninguém', responsavel: 999_999 }).expect(400)).body.messages).toEqual([CALENDAR_MESSAGES.assigneeUnknown]);
    const titles = (await t.repo.articles.list({ pageIndex: 1, pageSize: 100, busca: 'Pauta' })).items.map((article) => article.titulo);
    expect(titles.filter((titulo) => titulo.startsWith('Pauta '))).toEqual(['Pauta com data']);

    const put = async (body: Record<string, unknown>, status: number) => {
      const { versao } = (await as('Ana Souza', api().get(`/api/artigos/${id}`)).expect(200)).body.value as { versao: number };
      return as('Ana Souza', api().put(`/api/artigos/${id}`)).send({ ...fields, titulo: 'Pauta com data', versao, ...body }).expect(status);
    };
    await put({}, 200);
    expect((await as('Ana Souza', api().get(`/api/artigos/${id}/previsao`)).expect(200)).body.value).toEqual({ previsto_para: '2031-03-05', responsavel: ids['Edu Rocha'] });
    await put({ previsto_para: '2031-03-09', responsavel: null }, 200);
    expect((await as('Ana Souza', api().get(`/api/artigos/${id}/previsao`)).expect(200)).body.value).toEqual({ previsto_para: '2031-03-09', responsavel: ids['Ana Souza'] });
    expect((await put({ previsto_para: '09/03/2031' }, 400)).body.messages).toEqual([CALENDAR_MESSAGES.dayInvalid]);
    await put({ previsto_para: null }, 200);
    expect((await as('Ana Souza', api().get(`/api/artigos/${id}/previsao`)).expect(200)).body.value.previsto_para).toBeNull();
  });

  it('plans a draft (the creator by default), validates the day and the assignee, and audits it', async () => {
    const id = await create('Ana Souza', 'Vacinas: guia');
    expect((await as('Ana Souza', api().get(`/api/artigos/${id}/previsao`)).expect(200)).body.value).toEqual({ previsto_para: null, responsavel: ids['Ana Souza'] });
    expect((await as('Ana Souza', api().patch(`/api/artigos/${id}/previsao`)).send({ previsto_para: '2031-02-10' }).expect(200)).body.value).toEqual({ previsto_para: '2031-02-10', responsavel: ids['Ana Souza'] });
    expect((await as('Edu Rocha', api().patch(`/api/artigos/${id}/previsao`)).send({ responsavel: ids['Edu Rocha'] }).expect(200)).body.value).toEqual({ previsto_para: '2031-02-10', responsavel: ids['Edu Rocha'] });
    for (const previsto_para of ['2031-02-30', '10/02/2031', 20310210]) {
      expect((await as('Edu Rocha', api().patch(`/api/artigos/${id}/previsao`)).send({ previsto_para }).expect(400)).body.messages).toEqual([CALENDAR_MESSAGES.dayInvalid]);
    }
    expect((await as('Edu Rocha', api().patch(`/api/artigos/${id}/previsao`)).send({ responsavel: 999_999 }).expect(400)).body.messages).toEqual([CALENDAR_MESSAGES.assigneeUnknown]);
    await asAdmin(api().patch('/api/artigos/999999/previsao')).send({ previsto_para: null }).expect(404);
    const audit = await t.repo.audit.list({ pageIndex: 1, pageSize: 10, acao: 'planejou' });
    expect(audit.items.filter((entry) => entry.id_artigo === id)).toHaveLength(2);
  });

  it("gives each person one feed URL, answered as text/calendar without a cookie, that a real parser reads; revoked, it is 404", async () => {
    const planned = await create('Ana Souza', 'Previsto; com vírgula, e acento');
    await as('Ana Souza', api().patch(`/api/artigos/${planned}/previsao`)).send({ previsto_para: day(inDays(5)) }).expect(200);
    const scheduledAt = new Date(Math.ceil(inDays(3).getTime() / 60_000) * 60_000).toISOString();
    const scheduled = await create('Ana Souza', 'Agendado');
    await as('Ana Souza', api().post(`/api/artigos/${scheduled}/status`)).send({ status: 'agendado', publicar_em: scheduledAt }).expect(200);
    const others = await create('Edu Rocha', 'De outra pessoa');
    await as('Edu Rocha', api().patch(`/api/artigos/${others}/previsao`)).send({ previsto_para: day(inDays(6)) }).expect(200);

    await api().get('/api/pessoas/eu/calendario').expect(403);
    const { url } = (await as('Ana Souza', api().get('/api/pessoas/eu/calendario')).expect(200)).body.value as { url: string };
    expect(url).toMatch(new RegExp(`^${SITE_URL}/editor/calendario/[A-Za-z0-9_-]{43}\\.ics$`));
    expect((await as('Ana Souza', api().get('/api/pessoas/eu/calendario')).expect(200)).body.value.url).toBe(url);

    const feed = await api().get(new URL(url).pathname).expect(200);
    expect(feed.headers['content-type']).toBe('text/calendar; charset=utf-8');
    expect(feed.headers['cache-control']).toBe('no-store');
    const events = Object.values(ical.sync.parseICS(feed.text)).filter((item): item is ical.VEvent => item?.type === 'VEVENT');
    const byTitle = new Map(events.map((event) => [String(event.summary), event]));
    expect([...byTitle.keys()].sort()).toEqual(['Previsto: Previsto; com vírgula, e acento', 'Publicação agendada: Agendado'].sort());
    const plannedEvent = byTitle.get('Previsto: Previsto; com vírgula, e acento')!;
    expect(plannedEvent.datetype).toBe('date');
    expect(String(plannedEvent.url)).toBe(`${SITE_URL}/editor/artigos/${planned}`);
    expect(byTitle.get('Publicação agendada: Agendado')!.start.toISOString()).toBe(scheduledAt);
    expect(String(byTitle.get('Publicação agendada: Agendado')!.url)).toBe(`${SITE_URL}/editor/artigos/${scheduled}`);

    await as('Ana Souza', api().delete('/api/pessoas/eu/calendario')).expect(200);
    await api().get(new URL(url).pathname).expect(404);
    const renewed = (await as('Ana Souza', api().get('/api/pessoas/eu/calendario')).expect(200)).body.value.url as string;
    expect(renewed).not.toBe(url);
    await api().get(new URL(renewed).pathname).expect(200);
    await api().get(`/editor/calendario/${'A'.repeat(43)}.ics`).expect(404);
  });

  it('shows the month with the four kinds, filters by person and topic, and moves a planned draft with its date field; valid HTML', async () => {
    const signedIn = await api().post('/editor/entrar').set('Origin', SITE_URL).type('form').send({ chave: TEST_EDITOR_KEY, volta: '/editor' }).expect(303);
    const cookie = String(signedIn.headers['set-cookie']?.[0]).split(';')[0]!;
    const planned = await create('Ana Souza', 'Planejado para março');
    await as('Ana Souza', api().patch(`/api/artigos/${planned}/previsao`)).send({ previsto_para: '2032-03-10' }).expect(200);
    const reviewed = await create('Edu Rocha', 'Revisão em março');
    await t.repo.reviewQueue.setNextReview(reviewed, '2032-03-20');

    const month = await api().get('/editor/calendario?mes=2032-03').set('Cookie', cookie).expect(200);
    expect(month.headers['cache-control']).toBe('no-store');
    expect(month.text).toContain('Calendário editorial: março de 2032');
    expect(month.text).toContain('Planejado para março');
    expect(month.text).toContain('Revisão médica vence');
    const onlyAna = await api().get(`/editor/calendario?mes=2032-03&pessoa=${ids['Ana Souza']}`).set('Cookie', cookie).expect(200);
    expect(onlyAna.text).toContain('Planejado para março');
    expect(onlyAna.text).not.toContain('Revisão em março');
    expect((await api().get('/editor/calendario?mes=2032-13').set('Cookie', cookie).expect(400)).text).toContain(CALENDAR_MESSAGES.monthInvalid);
    expect((await api().get('/editor/calendario?mes=2032-03&tema=inexistente').set('Cookie', cookie).expect(200)).text).not.toContain('Planejado para março');

    await api().post('/editor/calendario?mes=2032-03').set('Cookie', cookie).set('Origin', 'https://mal.example').type('form').send({ id: String(planned), previsto_para: '2032-03-12' }).expect(403);
    await api().post('/editor/calendario?mes=2032-03').set('Cookie', cookie).set('Origin', SITE_URL).type('form').send({ id: String(planned), previsto_para: '2032-03-12' }).expect(303);
    expect((await t.repo.calendar.planOf(planned))!.previsto_para).toBe('2032-03-12');
    expect(await validateHtml({ calendario: month.text })).toEqual({ calendario: [] });
  });
});
