import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PeriodicTask } from '../../src/lib/periodic-task.js';
import type { Profile } from '../../src/people/credentials.js';
import type { Role } from '../../src/people/roles.js';
import { secretDigest } from '../../src/lib/secret-token.js';
import { DEV_ASSETS } from '../../src/ssr/assets.js';
import { NOTE_MESSAGES } from '../../src/workflow/note-messages.js';
import { startNoteMail } from '../../src/workflow/note-mail.js';
import { createTestApp, TEST_EDITOR_KEY, type TestApp } from '../support/app.js';
import { startMailInbox, type MailInbox } from '../support/mail-inbox.js';

const SITE_URL = 'https://www.prontivo.test';
/** Words that only the notes hold: none of them may reach a reader. */
const SECRET = 'zebrafantasma';

const settle = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const doctor = (nome_publico: string, slug: string, registro: string): Profile => ({
  nome_publico,
  slug,
  tratamento: 'Dr.',
  profissao: 'MÉDICO',
  bio: '',
  conselho: 'CRM',
  registro,
  uf: 'SP',
  especialidades: [],
});

/** Notes on drafts (issue 33): anchoring, replies, resolving, the approval they hold, their e-mails, and that readers never see them. */
describe('notas nos rascunhos', () => {
  let t: TestApp;
  let inbox: MailInbox;
  let mailTask: PeriodicTask | undefined;
  /** The mail task's clock: it starts in the past so that what it enqueues is due at once for the outbox. */
  let clock = new Date(Date.now() - 20 * 60_000);
  const keys: Record<string, string> = {};
  const ids: Record<string, number> = {};
  const emailOf = (name: string) => `${name.toLowerCase().replace(/\W+/g, '.')}@clinica.com.br`;

  async function person(name: string, papel: Role, profile?: Profile) {
    const invited = await t.repo.people.invite({ nome: name, email: emailOf(name), papel }, { token_hash: `convite-${name}`, expira_em: new Date(Date.now() + 86_400_000).toISOString() });
    if (profile) await t.repo.profiles.save(invited.id, profile, '2026-11-20T12:00:00.000Z');
    const key = `prv_teste_${name.replace(/\W+/g, '')}`;
    await t.repo.personalKeys.create(invited.id, 'testes', secretDigest(key), new Date().toISOString());
    keys[name] = key;
    ids[name] = invited.id;
  }

  const api = () => request(t.app);
  const as = (name: string, req: request.Test) => req.set('Authorization', `Bearer ${keys[name]}`);
  const article = (titulo_url: string, extra: object = {}) => ({
    titulo: `Hipertensão: ${titulo_url}`,
    titulo_url,
    descricao: 'O que a pressão alta pede no dia a dia do consultório.',
    keywords: 'hipertensão',
    conteudo: '<p>Medir a <strong>pressão</strong> com regularidade ajuda a ajustar o tratamento.</p><p>Anote os valores da manhã.</p>',
    ...extra,
  });
  const draft = async (slug: string, extra: object = {}) =>
    (await as('Ana Souza', api().post('/api/artigos/novo')).send(article(slug, { status: 'rascunho', clinico: true, ...extra })).expect(200)).body.value as number;
  const note = (name: string, id: number, body: object) => as(name, api().post(`/api/artigos/${id}/notas`)).send(body);
  const notes = async (id: number) => (await as('Edu Rocha', api().get(`/api/artigos/${id}/notas`)).expect(200)).body.value as Record<string, unknown>[];

  /** The messages about one article (the other tests' notes are announced too, once the task runs). */
  const about = (slug: string) => inbox.received.filter((mail) => mail.subject.includes(`“Hipertensão: ${slug}”`));
  async function mailAbout(slug: string, count: number) {
    const deadline = Date.now() + 10_000;
    while (about(slug).length < count) {
      if (Date.now() > deadline) throw new Error(`nenhuma mensagem nº ${count} sobre ${slug}`);
      await settle(50);
    }
    return about(slug)[count - 1]!;
  }

  beforeAll(async () => {
    inbox = await startMailInbox();
    t = await createTestApp({ assets: DEV_ASSETS, env: { SITE_URL, SMTP_URL: inbox.url, OUTBOX_INTERVAL_MS: '50' } });
    await person('Ana Souza', 'autor', doctor('Ana Souza', 'ana-souza', '123456'));
    await person('João Lima', 'revisor', doctor('João Lima', 'joao-lima', '654321'));
    await person('Edu Rocha', 'editor');
    await person('Carla Dias', 'colaborador');
  });
  afterAll(async () => {
    await mailTask?.stop();
    await t?.close();
    await inbox?.close();
  });

  it('anchors a note to the quoted passage of the current text, names the person and the time, and keeps replies, resolving and reopening in the audit log', async () => {
    const id = await draft('ancora');
    const created = await note('João Lima', id, { texto: 'Qual a frequência recomendada?', trecho: 'a pressão com\n regularidade' }).expect(200);
    expect(created.body.value).toMatchObject({ texto: 'Qual a frequência recomendada?', trecho: 'a pressão com regularidade', trecho_alterado: false, pessoa: { id: ids['João Lima'], nome: 'João Lima' }, resolvida: false, respostas: [] });
    expect(Date.parse(created.body.value.criada_em)).not.toBeNaN();
    const whole = await note('Edu Rocha', id, { texto: 'Falta uma conclusão.' }).expect(200);
    expect(whole.body.value.trecho).toBeNull();
    const missing = await note('João Lima', id, { texto: 'Isto não está lá.', trecho: 'pressão diastólica' }).expect(400);
    expect(missing.body.messages).toEqual([NOTE_MESSAGES.quoteNotFound]);
    await note('João Lima', id, { texto: '   ' }).expect(400);

    const noteId = created.body.value.id as number;
    const reply = await as('Ana Souza', api().post(`/api/artigos/${id}/notas/${noteId}/respostas`)).send({ texto: 'Duas vezes ao dia, por uma semana.' }).expect(200);
    expect(reply.body.value).toMatchObject({ texto: 'Duas vezes ao dia, por uma semana.', pessoa: { id: ids['Ana Souza'], nome: 'Ana Souza' } });
    await as('Ana Souza', api().post(`/api/artigos/${id}/notas/999999/respostas`)).send({ texto: 'Nenhuma.' }).expect(404);
    const resolved = await as('Ana Souza', api().patch(`/api/artigos/${id}/notas/${noteId}`)).send({ resolvida: true }).expect(200);
    expect(resolved.body.value).toMatchObject({ resolvida: true, resolvida_por: 'Ana Souza', respostas: [{ texto: 'Duas vezes ao dia, por uma semana.' }] });
    await as('João Lima', api().patch(`/api/artigos/${id}/notas/${noteId}`)).send({ resolvida: false }).expect(200);
    await as('João Lima', api().patch(`/api/artigos/${id}/notas/${noteId}`)).send({ resolvida: 'sim' }).expect(400);

    expect((await notes(id)).map((listed) => [listed.texto, listed.resolvida])).toEqual([
      ['Qual a frequência recomendada?', false],
      ['Falta uma conclusão.', false],
    ]);
    const audit = await t.repo.audit.list({ pageIndex: 0, pageSize: 50 });
    const actions = audit.items.filter((entry) => entry.id_artigo === id).map((entry) => entry.acao);
    expect(actions).toEqual(expect.arrayContaining(['criou-nota', 'respondeu-nota', 'resolveu-nota', 'reabriu-nota']));
  });

  it('marks "trecho alterado" once the quoted passage leaves the text, and still shows the quote', async () => {
    const id = await draft('trecho-alterado');
    await note('João Lima', id, { texto: 'Manhã e noite?', trecho: 'valores da manhã' }).expect(200);
    await note('João Lima', id, { texto: 'Ok.', trecho: 'Medir a pressão' }).expect(200);
    const read = (await as('Ana Souza', api().get(`/api/artigos/${id}`)).expect(200)).body.value as { versao: number };
    await as('Ana Souza', api().put(`/api/artigos/${id}`))
      .send({ ...article('trecho-alterado', { status: 'rascunho', clinico: true }), conteudo: '<p>Medir a pressão com regularidade ajuda.</p><p>Anote os valores da manhã e da noite.</p>', versao: read.versao })
      .expect(200);
    const [kept, changed] = [(await notes(id))[1]!, (await notes(id))[0]!];
    expect(kept).toMatchObject({ trecho: 'Medir a pressão', trecho_alterado: false });
    expect(changed).toMatchObject({ trecho: 'valores da manhã', trecho_alterado: false });
    const again = (await as('Ana Souza', api().get(`/api/artigos/${id}`)).expect(200)).body.value as { versao: number };
    await as('Ana Souza', api().put(`/api/artigos/${id}`))
      .send({ ...article('trecho-alterado', { status: 'rascunho', clinico: true }), conteudo: '<p>Medir a pressão com regularidade ajuda.</p><p>Anote os números de cada medida.</p>', versao: again.versao })
      .expect(200);
    expect((await notes(id))[0]).toMatchObject({ trecho: 'valores da manhã', trecho_alterado: true });
  });

  it('answers 409 to a note on a published article without a pending change, and takes one on its pending change', async () => {
    const id = await draft('publicado');
    await as('João Lima', api().post(`/api/artigos/${id}/revisao-medica`)).send({}).expect(200);
    await as('Edu Rocha', api().post(`/api/artigos/${id}/status`)).send({ status: 'publicado' }).expect(200);
    const refused = await note('João Lima', id, { texto: 'Tarde demais.' }).expect(409);
    expect(refused.body.messages).toEqual([NOTE_MESSAGES.published]);
    const read = (await as('Ana Souza', api().get(`/api/artigos/${id}`)).expect(200)).body.value as { versao: number };
    await as('Ana Souza', api().put(`/api/artigos/${id}`))
      .send({ ...article('publicado', { status: 'publicado', clinico: true }), conteudo: `<p>Medir a pressão em casa ${SECRET}inho ajuda.</p>`, versao: read.versao })
      .expect(200);
    await note('João Lima', id, { texto: 'Agora sim.', trecho: 'pressão em casa' }).expect(200);
  });

  it('refuses the approval of a clinical article while notes are open, naming how many, and approves once they are resolved', async () => {
    const id = await draft('aprovacao');
    const first = (await note('João Lima', id, { texto: 'Cite a diretriz.', trecho: 'ajustar o tratamento' }).expect(200)).body.value.id as number;
    const second = (await note('Edu Rocha', id, { texto: 'Revise o título.' }).expect(200)).body.value.id as number;
    const refused = await as('João Lima', api().post(`/api/artigos/${id}/revisao-medica`)).send({}).expect(409);
    expect(refused.body.messages).toEqual(['Este artigo tem 2 notas não resolvidas: resolva-as antes de aprovar a revisão médica.']);
    await as('Ana Souza', api().patch(`/api/artigos/${id}/notas/${first}`)).send({ resolvida: true }).expect(200);
    const one = await as('João Lima', api().post(`/api/artigos/${id}/revisao-medica`)).send({}).expect(409);
    expect(one.body.messages).toEqual(['Este artigo tem 1 nota não resolvida: resolva-a antes de aprovar a revisão médica.']);
    await as('Ana Souza', api().patch(`/api/artigos/${id}/notas/${second}`)).send({ resolvida: true }).expect(200);
    await as('João Lima', api().post(`/api/artigos/${id}/revisao-medica`)).send({}).expect(200);
  });

  it('asks for a credential, and a colaborador reads and writes notes only on their own articles', async () => {
    const id = await draft('acesso');
    await api().get(`/api/artigos/${id}/notas`).expect(403);
    await api().post(`/api/artigos/${id}/notas`).send({ texto: 'Anônimo.' }).expect(403);
    await note('Carla Dias', id, { texto: 'Posso?' }).expect(404);
    await as('Carla Dias', api().get(`/api/artigos/${id}/notas`)).expect(404);
    await note('Edu Rocha', id, { texto: 'Qualquer pessoa da equipe comenta.' }).expect(200);
    await request(t.app).post(`/api/artigos/${id}/notas`).set('Authorization', `Bearer ${TEST_EDITOR_KEY}`).send({ texto: 'A chave de editor também.' }).expect(200);
  });

  it('never shows notes to readers: not on the page, the feed, the search, the sitemap or the public API', async () => {
    const id = await draft('vazamento', { clinico: false, status: 'publicado' });
    const read = (await as('Ana Souza', api().get(`/api/artigos/${id}`)).expect(200)).body.value as { versao: number };
    const held = await as('Ana Souza', api().put(`/api/artigos/${id}`)).send({ ...article('vazamento', { status: 'rascunho', clinico: true }), versao: read.versao });
    expect(held.body.value).toEqual({ id, versao: 2 });
    await note('João Lima', id, { texto: `Nota secreta ${SECRET}`, trecho: 'Anote os valores' }).expect(200);
    await as('Edu Rocha', api().post(`/api/artigos/${id}/notas`)).send({ texto: `Outra ${SECRET}` }).expect(200);
    const notesOf = await notes(id);
    await as('Ana Souza', api().post(`/api/artigos/${id}/notas/${notesOf[0]!.id as number}/respostas`)).send({ texto: `Resposta ${SECRET}` }).expect(200);
    // Published again: what readers read now has a version whose notes exist.
    const now = (await as('Ana Souza', api().get(`/api/artigos/${id}`)).expect(200)).body.value as { versao: number };
    await as('Ana Souza', api().put(`/api/artigos/${id}`)).send({ ...article('vazamento', { status: 'publicado', clinico: false }), versao: now.versao }).expect(200);

    const page = await api().get(`/noticias/${id}`).redirects(1).expect(200);
    const answers = [
      page.text,
      (await api().get('/noticias/feed.xml').expect(200)).text,
      (await api().get('/noticias/busca').query({ q: 'pressão' }).expect(200)).text,
      JSON.stringify((await api().post('/api/artigos/busca').send({ q: 'pressão', pageIndex: 1, pageSize: 10 }).expect(200)).body),
      JSON.stringify((await api().get(`/api/artigos/${id}`).expect(200)).body),
      JSON.stringify((await api().post('/api/artigos/ultimas-noticias').send({ pageIndex: 1, pageSize: 10 }).expect(200)).body),
      (await api().get('/sitemap-noticias-1.xml').expect(200)).text,
    ];
    expect(page.text).toContain('Anote os valores');
    // Searching for words only the notes hold finds nothing (the search echoes the words, so only the count tells).
    expect((await api().post('/api/artigos/busca').send({ q: SECRET, pageIndex: 1, pageSize: 10 }).expect(200)).body.value.total).toBe(0);
    for (const answer of answers) expect(answer).not.toContain(SECRET);
    await api().get(`/api/artigos/${id}/notas`).expect(403);
  });

  it('lists the notes on the editor page without JavaScript, and its plain forms add, reply, resolve and reopen', async () => {
    const id = await draft('pagina');
    await note('João Lima', id, { texto: 'Cite a diretriz.', trecho: 'valores da manhã' }).expect(200);
    const signedIn = await api().post('/editor/entrar').set('Origin', SITE_URL).type('form').send({ chave: TEST_EDITOR_KEY, volta: '/editor' }).expect(303);
    const cookie = String(signedIn.headers['set-cookie']?.[0]).split(';')[0]!;
    const page = async () => (await api().get(`/editor/artigos/${id}`).set('Cookie', cookie).expect(200)).text;
    const post = (form: Record<string, string>) => api().post(`/editor/artigos/${id}`).set('Cookie', cookie).set('Origin', SITE_URL).type('form').send(form);

    const first = await page();
    expect(first).toContain('Notas (1 aberta de 1)');
    expect(first).toContain('valores da manhã');
    expect(first).toContain('Cite a diretriz.');
    const noteId = /name="nota" value="(\d+)"/.exec(first)![1]!;
    expect((await post({ acao: 'resposta', nota: noteId, texto: 'A de 2024.' }).expect(303)).headers.location).toBe(`/editor/artigos/${id}?nota=resposta#notas`);
    await post({ acao: 'nota', texto: 'Sobre o artigo todo.', trecho: '' }).expect(303);
    expect((await post({ acao: 'nota', texto: 'Não está lá.', trecho: 'pressão arterial sistólica' }).expect(400)).text).toContain(NOTE_MESSAGES.quoteNotFound);
    await post({ acao: 'resolver', nota: noteId }).expect(303);
    const after = await page();
    expect(after).toContain('Notas (1 aberta de 2)');
    expect(after).toContain('A de 2024.');
    expect(after).toContain('Resolvida por Editora de Teste');
    expect(after).toContain('>Reabrir</button>');
    await post({ acao: 'reabrir', nota: noteId }).expect(303);
    expect(await page()).toContain('Notas (2 abertas de 2)');
    await api().post(`/editor/artigos/${id}`).set('Cookie', cookie).set('Origin', 'https://outro.example').type('form').send({ acao: 'resolver', nota: noteId }).expect(403);
  });

  it('e-mails the authors the first new note at once and the next ones together after NOTE_MAIL_BATCH_MINUTES', async () => {
    const id = await draft('avisos', { autores: [ids['Ana Souza']] });
    mailTask = startNoteMail(t.repo, t.config.site, t.deps.logger, { batchMinutes: t.config.noteMailBatchMinutes, editorUrl: (article) => `${SITE_URL}/editor/artigos/${article}`, intervalMs: 50, now: () => clock });
    await note('João Lima', id, { texto: 'Primeira nota.', trecho: 'valores da manhã' }).expect(200);
    const first = await mailAbout('avisos', 1);
    expect(first.subject).toBe(`Nova nota em “Hipertensão: avisos”`);
    expect(first.text).toContain('• João Lima, sobre “valores da manhã”: Primeira nota.');
    expect(first.text).toContain(`${SITE_URL}/editor/artigos/${id}`);

    await note('João Lima', id, { texto: 'Segunda nota.' }).expect(200);
    await note('Edu Rocha', id, { texto: 'Terceira nota.' }).expect(200);
    await note('Ana Souza', id, { texto: 'Minha própria nota.' }).expect(200);
    clock = new Date(clock.getTime() + 9 * 60_000);
    await settle(500);
    expect(about('avisos')).toHaveLength(1);

    clock = new Date(clock.getTime() + 60_000);
    const batch = await mailAbout('avisos', 2);
    expect(batch.subject).toBe(`2 novas notas em “Hipertensão: avisos”`);
    expect(batch.text).toContain('• João Lima: Segunda nota.');
    expect(batch.text).toContain('• Edu Rocha: Terceira nota.');
    expect(batch.text).not.toContain('Minha própria nota.');
    await settle(500);
    expect(about('avisos')).toHaveLength(2);
    expect(about('avisos').every((mail) => mail.to.join() === emailOf('Ana Souza'))).toBe(true);
  });
});
