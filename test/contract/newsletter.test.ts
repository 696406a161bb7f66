import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { EditionArticle } from '../../src/db/edition-store.js';
import type { SignUp, SignUpMail } from '../../src/db/subscriber-store.js';
import { availableAdapters, storePerTest } from './adapters.js';

const at = (ms: number) => new Date(ms).toISOString();
const DAY = 86_400_000;
const T0 = Date.parse('2026-03-03T12:00:00.000Z');
const sha = (text: string) => createHash('sha256').update(text).digest('hex');

const consent = (em: string) => ({ texto: 'Quero receber os novos artigos por e-mail.', versao: 'boletim-1', em, pagina: '/noticias', endereco: '203.0.113.0' });
const signUp = (email: string, token: string, now: number, extra: Partial<SignUp> = {}): SignUp => ({
  email,
  temas: [],
  consentimento: consent(at(now)),
  tokenHash: sha(token),
  tokenExpiraEm: at(now + 7 * DAY),
  maxMailsPerDay: 3,
  ...extra,
});
const mail: SignUpMail = (outcome, subscriber) => ({
  kind: 'email',
  payload: { to: subscriber.email, subject: outcome, text: 't', html: '<p>t</p>' },
  reference: `inscrito:${subscriber.id}`,
});

const article = (id: number, temas: string[]): EditionArticle => ({
  id,
  titulo: `Artigo ${id}`,
  descricao: 'Resumo',
  url: `https://exemplo.com.br/noticias/${id}`,
  imagem: null,
  temas,
});

describe.each(availableAdapters())('contrato do boletim: $name', (adapter) => {
  const { repo } = storePerTest(adapter);
  const subscribers = () => repo.subscribers;

  it('a sign-up is normalised, pending with its consent proof, and enqueues the confirmation with it; confirming once works, twice is unknown', async () => {
    expect(await subscribers().signUp(signUp('  Ana@Clinica.COM.br ', 'tok-1', T0, { temas: ['cardiologia'] }), mail, at(T0))).toBe('confirmar');
    const record = await subscribers().findByEmail('ana@clinica.com.br');
    expect(record.subscriber).toMatchObject({ email: 'ana@clinica.com.br', estado: 'pendente', temas: ['cardiologia'], consentimento: consent(at(T0)), tokenExpiraEm: at(T0 + 7 * DAY) });
    expect(record.deliveries.map((delivery) => delivery.payload)).toEqual([{ to: 'ana@clinica.com.br', subject: 'confirmar', text: 't', html: '<p>t</p>' }]);
    expect(await subscribers().peekToken(sha('tok-1'), at(T0 + 1000))).toBe('valido');
    const confirmed = await subscribers().confirm(sha('tok-1'), at(T0 + 1000), '203.0.113.0');
    expect(confirmed).toMatchObject({ confirmed: { estado: 'confirmado', confirmadoEm: at(T0 + 1000) } });
    expect(await subscribers().confirm(sha('tok-1'), at(T0 + 2000), null)).toEqual({ unknown: true });
    expect((await subscribers().findByEmail('ANA@clinica.com.br')).proofs.map((proof) => proof.tipo)).toEqual(['inscricao', 'confirmacao']);
  });

  it('a confirmation link expires after its time; a new sign-up replaces it', async () => {
    await subscribers().signUp(signUp('bia@clinica.com.br', 'velho', T0), mail, at(T0));
    expect(await subscribers().peekToken(sha('velho'), at(T0 + 7 * DAY))).toBe('expirado');
    expect(await subscribers().confirm(sha('velho'), at(T0 + 7 * DAY), null)).toEqual({ expired: true });
    await subscribers().signUp(signUp('bia@clinica.com.br', 'novo', T0 + 8 * DAY), mail, at(T0 + 8 * DAY));
    expect(await subscribers().peekToken(sha('velho'), at(T0 + 8 * DAY))).toBe('desconhecido');
    expect(await subscribers().confirm(sha('novo'), at(T0 + 8 * DAY), null)).toHaveProperty('confirmed');
  });

  it('a confirmed address is told so and left as it is; an unsubscribed one gets a new confirmation; a few e-mails per day at most', async () => {
    await subscribers().signUp(signUp('caio@clinica.com.br', 'a', T0), mail, at(T0));
    await subscribers().confirm(sha('a'), at(T0), null);
    expect(await subscribers().signUp(signUp('caio@clinica.com.br', 'b', T0 + 1, { temas: ['outro'] }), mail, at(T0 + 1))).toBe('ja-confirmado');
    expect(await subscribers().peekToken(sha('b'), at(T0 + 2))).toBe('desconhecido');
    expect((await subscribers().findByEmail('caio@clinica.com.br')).subscriber).toMatchObject({ estado: 'confirmado', temas: [] });
    expect(await subscribers().signUp(signUp('caio@clinica.com.br', 'c', T0 + 2), mail, at(T0 + 2))).toBe('ja-confirmado');
    expect(await subscribers().signUp(signUp('caio@clinica.com.br', 'd', T0 + 3), mail, at(T0 + 3))).toBe('limite');
    const id = (await subscribers().findByEmail('caio@clinica.com.br')).subscriber!.id;
    expect(await subscribers().unsubscribe(id, 'cabecalho', at(T0 + DAY + 10))).toBe(true);
    expect(await subscribers().get(id)).toMatchObject({ estado: 'cancelado', canceladoComo: 'cabecalho', canceladoEm: at(T0 + DAY + 10) });
    expect(await subscribers().signUp(signUp('caio@clinica.com.br', 'e', T0 + DAY + 20), mail, at(T0 + DAY + 20))).toBe('confirmar');
    expect(await subscribers().confirm(sha('e'), at(T0 + DAY + 30), null)).toHaveProperty('confirmed');
    const record = await subscribers().findByEmail('caio@clinica.com.br');
    expect(record.deliveries).toHaveLength(4);
    expect(record.proofs.map((proof) => [proof.tipo, proof.modo])).toEqual([
      ['inscricao', null],
      ['confirmacao', null],
      ['cancelamento', 'cabecalho'],
      ['inscricao', null],
      ['confirmacao', null],
    ]);
  });

  it('three permanent failures make a confirmed address invalid, skipped by editions', async () => {
    await subscribers().signUp(signUp('duda@clinica.com.br', 'a', T0), mail, at(T0));
    const { confirmed } = (await subscribers().confirm(sha('a'), at(T0), null)) as { confirmed: { id: string } };
    await subscribers().recordPermanentFailure(confirmed.id, 3);
    await subscribers().recordPermanentFailure(confirmed.id, 3);
    expect(await subscribers().confirmedAfter(null, 10)).toEqual([{ id: confirmed.id, temas: [] }]);
    await subscribers().recordPermanentFailure(confirmed.id, 3);
    expect(await subscribers().get(confirmed.id)).toMatchObject({ estado: 'invalido', falhasPermanentes: 3 });
    expect(await subscribers().confirmedAfter(null, 10)).toEqual([]);
    expect(await subscribers().counts()).toEqual({ pendente: 0, confirmado: 0, cancelado: 0, invalido: 1 });
  });

  it('pending sign-ups older than the retention are deleted with their e-mails; their proofs stay with the digest only', async () => {
    await subscribers().signUp(signUp('velha@clinica.com.br', 'a', T0), mail, at(T0));
    await subscribers().signUp(signUp('nova@clinica.com.br', 'b', T0 + 20 * DAY), mail, at(T0 + 20 * DAY));
    expect(await subscribers().deleteUnconfirmedBefore(at(T0 + 10 * DAY))).toBe(1);
    const gone = await subscribers().findByEmail('velha@clinica.com.br');
    expect(gone.subscriber).toBeNull();
    expect(gone.deliveries).toEqual([]);
    expect(gone.proofs).toMatchObject([{ tipo: 'inscricao', emailSha256: sha('velha@clinica.com.br') }]);
    expect((await subscribers().findByEmail('nova@clinica.com.br')).subscriber?.estado).toBe('pendente');
  });

  it('erasing an address removes the subscriber and its deliveries and keeps the proofs under the digest', async () => {
    await subscribers().signUp(signUp('eva@clinica.com.br', 'a', T0), mail, at(T0));
    await subscribers().confirm(sha('a'), at(T0), null);
    const id = (await subscribers().findByEmail('eva@clinica.com.br')).subscriber!.id;
    await subscribers().unsubscribe(id, 'link', at(T0 + 5));
    expect(await subscribers().eraseByEmail(' EVA@clinica.com.br')).toBe(true);
    expect(await subscribers().eraseByEmail('eva@clinica.com.br')).toBe(false);
    const record = await subscribers().findByEmail('eva@clinica.com.br');
    expect(record.subscriber).toBeNull();
    expect(record.deliveries).toEqual([]);
    expect(record.proofs.map((proof) => proof.tipo)).toEqual(['inscricao', 'confirmacao', 'cancelamento']);
    expect(JSON.stringify(record.proofs)).not.toContain('eva@');
  });

  it('one edition per slot; a fan-out batch is written once, moves the cursor, and the last one marks the edition sent', async () => {
    const first = await repo.editions.createForSlot({ assunto: 'Semana', artigos: [article(1, ['a'])], vaga: at(T0), ate: at(T0) }, at(T0));
    expect(first).toMatchObject({ estado: 'preparando', vaga: at(T0), cursor: null });
    expect(await repo.editions.createForSlot({ assunto: 'Semana', artigos: [], vaga: at(T0), ate: at(T0) }, at(T0))).toBeNull();
    expect((await repo.editions.lastScheduled())?.id).toBe(first!.id);
    expect(await repo.editions.enqueueBatch(first!.id, null, { subscribers: ['s1', 's2'], cursor: 's3', last: false }, at(T0))).toBe(true);
    // Another instance that read the same cursor writes nothing.
    expect(await repo.editions.enqueueBatch(first!.id, null, { subscribers: ['s1', 's2'], cursor: 's3', last: false }, at(T0))).toBe(false);
    expect(await repo.editions.enqueueBatch(first!.id, 's3', { subscribers: ['s4'], cursor: 's4', last: true }, at(T0))).toBe(true);
    expect(await repo.editions.get(first!.id)).toMatchObject({ estado: 'enviada', destinatarios: 3, cursor: 's4' });
    expect(await repo.editions.preparing()).toEqual([]);
    const claimed = await repo.outbox.claim(at(T0), at(T0 + 60_000), 10, ['boletim']);
    expect(claimed.map((delivery) => delivery.payload)).toEqual(
      expect.arrayContaining([{ edicao: first!.id, inscrito: 's1' }, { edicao: first!.id, inscrito: 's2' }, { edicao: first!.id, inscrito: 's4' }]),
    );
    await repo.outbox.markFailed(claimed[0]!, '550 caixa inexistente');
    expect(await repo.editions.progress(first!.id, 10)).toEqual({
      porEstado: { pendente: 0, enviando: 2, entregue: 0, falhou: 1 },
      falhas: [{ entrega: claimed[0]!.id, tentativas: 1, ultimaResposta: '550 caixa inexistente' }],
    });
  });

  it('a manual edition is a draft until it starts sending, once', async () => {
    const draft = await repo.editions.createManual({ assunto: 'Especial', artigos: [article(2, [])], criadaPor: 'Maria' }, at(T0));
    expect(draft).toMatchObject({ estado: 'rascunho', vaga: null, criadaPor: 'Maria', artigos: [article(2, [])] });
    expect(await repo.editions.startSending(draft.id, at(T0 + 1))).toBe(true);
    expect(await repo.editions.startSending(draft.id, at(T0 + 2))).toBe(false);
    expect((await repo.editions.preparing()).map((edition) => edition.id)).toEqual([draft.id]);
    expect((await repo.editions.list(10)).map((edition) => edition.id)).toEqual([draft.id]);
  });
});
