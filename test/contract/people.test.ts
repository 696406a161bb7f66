import { describe, expect, it } from 'vitest';
import { AUDIT_RETENTION_FLOOR_DAYS } from '../../src/config.js';
import { EmailTakenError, LastAdministratorError } from '../../src/db/people-store.js';
import { SlugTakenError } from '../../src/db/profile-store.js';
import type { EncodedImageInput } from '../../src/images/image-set.js';
import { hashedFile } from '../../src/images/image-set-files.js';
import { runRawSql } from '../support/raw-sql.js';
import { availableAdapters, storePerTest } from './adapters.js';

const inADay = () => new Date(Date.now() + 86_400_000).toISOString();
const now = () => new Date().toISOString();
const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString();

describe.each(availableAdapters())('contrato das pessoas e da auditoria: $name', (adapter) => {
  const { store, repo, reopen } = storePerTest(adapter);

  it('invites a person by e-mail (one account per address, whatever its case) and lists them', async () => {
    const ana = await repo.people.invite({ nome: 'Ana Lima', email: 'Ana@Clinica.com.br', papel: 'autor' }, { token_hash: 'a1', expira_em: inADay() });
    expect(ana).toMatchObject({ nome: 'Ana Lima', email: 'ana@clinica.com.br', papel: 'autor', ativo: true });
    await expect(repo.people.invite({ nome: 'Outra Ana', email: 'ANA@clinica.com.br', papel: 'editor' }, { token_hash: 'a2', expira_em: inADay() })).rejects.toBeInstanceOf(
      EmailTakenError,
    );
    expect((await repo.people.list()).map((person) => person.email)).toEqual(['ana@clinica.com.br']);
    expect(await repo.people.findByEmail(' ANA@clinica.com.br ')).toMatchObject({ id: ana.id, senha_hash: null });
  });

  it('accepts an invitation once, while it is valid', async () => {
    const ana = await repo.people.invite({ nome: 'Ana Lima', email: 'ana@clinica.com.br', papel: 'autor' }, { token_hash: 'valido', expira_em: inADay() });
    await repo.people.invite({ nome: 'Bruno', email: 'bruno@clinica.com.br', papel: 'autor' }, { token_hash: 'vencido', expira_em: new Date(Date.now() - 1).toISOString() });
    const outcomes = await Promise.all([repo.people.acceptInvitation('valido', 'hash-1', now()), repo.people.acceptInvitation('valido', 'hash-2', now())]);
    expect(outcomes.filter((outcome) => 'accepted' in outcome)).toHaveLength(1);
    expect(outcomes.filter((outcome) => 'refused' in outcome)).toEqual([{ refused: 'used' }]);
    expect((await repo.people.findByEmail('ana@clinica.com.br'))?.senha_hash).toMatch(/^hash-[12]$/);
    expect(await repo.people.acceptInvitation('vencido', 'x', now())).toEqual({ refused: 'expired' });
    expect(await repo.people.acceptInvitation('nenhum', 'x', now())).toEqual({ refused: 'unknown' });
    expect((await repo.people.get(ana.id))?.ativo).toBe(true);
  });

  it('lists the invitations not yet accepted and sends one again: a new link, the earlier ones unknown, the message enqueued with it', async () => {
    const ana = await repo.people.invite({ nome: 'Ana Lima', email: 'ana@clinica.com.br', papel: 'revisor' }, { token_hash: 'primeiro', expira_em: daysAgo(1) });
    const bruno = await repo.people.invite({ nome: 'Bruno', email: 'bruno@clinica.com.br', papel: 'autor' }, { token_hash: 'bruno', expira_em: inADay() });
    await repo.people.acceptInvitation('bruno', 'hash', now());
    expect(await repo.people.pendingInvitations()).toEqual([{ id_pessoa: ana.id, expira_em: expect.any(String) }]);

    const later = new Date(Date.now() + 7 * 86_400_000).toISOString();
    const resent = await repo.people.resendInvitation(ana.id, { token_hash: 'segundo', expira_em: later }, (person) => ({ kind: 'email', payload: { to: person.email }, reference: `pessoa:${person.id}` }));
    expect(resent).toEqual({ person: expect.objectContaining({ id: ana.id, email: 'ana@clinica.com.br' }) });
    expect(await repo.people.invitation('primeiro', now())).toEqual({ refused: 'unknown' });
    expect(await repo.people.invitation('segundo', now())).toMatchObject({ person: { id: ana.id } });
    const [pending] = await repo.people.pendingInvitations();
    expect(new Date(pending!.expira_em).toISOString()).toBe(later);
    expect((await repo.outbox.listByReference(`pessoa:${ana.id}`)).map((delivery) => delivery.payload)).toEqual([{ to: 'ana@clinica.com.br' }]);

    expect(await repo.people.resendInvitation(bruno.id, { token_hash: 'outro', expira_em: later })).toEqual({ refused: 'accepted' });
    expect(await repo.people.resendInvitation(9999, { token_hash: 'mais-um', expira_em: later })).toEqual({ refused: 'absent' });
    expect(await repo.people.invitation('outro', now())).toEqual({ refused: 'unknown' });
    expect(await repo.people.acceptInvitation('bruno', 'hash-2', now())).toEqual({ refused: 'used' });
  });

  it('tells whom an invitation is for while it can be used, and why not afterwards', async () => {
    const ana = await repo.people.invite({ nome: 'Ana Lima', email: 'ana@clinica.com.br', papel: 'autor' }, { token_hash: 'valido', expira_em: inADay() });
    await repo.people.invite({ nome: 'Bruno', email: 'bruno@clinica.com.br', papel: 'autor' }, { token_hash: 'vencido', expira_em: new Date(Date.now() - 1).toISOString() });
    expect(await repo.people.invitation('valido', now())).toEqual({ person: ana });
    expect(await repo.people.invitation('vencido', now())).toEqual({ refused: 'expired' });
    expect(await repo.people.invitation('nenhum', now())).toEqual({ refused: 'unknown' });
    await repo.people.acceptInvitation('valido', 'hash', now());
    expect(await repo.people.invitation('valido', now())).toEqual({ refused: 'used' });
  });

  it('stores a password reset link only for an active person, whatever the case of the address, and sweeps expired ones', async () => {
    const ana = await repo.people.invite({ nome: 'Ana Lima', email: 'ana@clinica.com.br', papel: 'autor' }, { token_hash: 'c1', expira_em: inADay() });
    const admin = await repo.people.invite({ nome: 'Admin', email: 'admin@clinica.com.br', papel: 'administrador' }, { token_hash: 'c2', expira_em: inADay() });
    const saiu = await repo.people.invite({ nome: 'Saiu', email: 'saiu@clinica.com.br', papel: 'autor' }, { token_hash: 'c3', expira_em: inADay() });
    await repo.people.update(saiu.id, { ativo: false });
    const anHourAgo = new Date(Date.now() - 3_600_000).toISOString();

    expect(await repo.people.requestPasswordReset(' ANA@Clinica.com.br ', { token_hash: 'r1', expira_em: inADay() }, now())).toEqual(ana);
    expect(await repo.people.requestPasswordReset('ninguem@clinica.com.br', { token_hash: 'r2', expira_em: inADay() }, now())).toBeNull();
    expect(await repo.people.requestPasswordReset('saiu@clinica.com.br', { token_hash: 'r3', expira_em: inADay() }, now())).toBeNull();
    expect(await repo.people.issuePasswordReset(saiu.id, { token_hash: 'r5', expira_em: inADay() }, now())).toBeNull();
    expect(await repo.people.issuePasswordReset(999_999, { token_hash: 'r6', expira_em: inADay() }, now())).toBeNull();
    expect(await repo.people.issuePasswordReset(admin.id, { token_hash: 'r4', expira_em: anHourAgo }, now())).toEqual(admin);

    expect(await repo.people.passwordReset('r1', now())).toEqual({ person: ana });
    for (const stored of ['r2', 'r3', 'r5', 'r6']) expect(await repo.people.passwordReset(stored, now())).toEqual({ refused: 'unknown' });
    expect(await repo.people.passwordReset('r4', now())).toEqual({ refused: 'expired' });
    // The next request sweeps the expired link away.
    await repo.people.requestPasswordReset('ninguem@clinica.com.br', { token_hash: 'r7', expira_em: inADay() }, now());
    expect(await repo.people.passwordReset('r4', now())).toEqual({ refused: 'unknown' });
    expect(await repo.people.passwordReset('r1', now())).toEqual({ person: ana });
  });

  it('sets the new password once, ends the person’s sessions and the other links, and refuses a deactivated person', async () => {
    const ana = await repo.people.invite({ nome: 'Ana Lima', email: 'ana@clinica.com.br', papel: 'autor' }, { token_hash: 'c1', expira_em: inADay() });
    const bia = await repo.people.invite({ nome: 'Bia Souza', email: 'bia@clinica.com.br', papel: 'autor' }, { token_hash: 'c2', expira_em: inADay() });
    for (const token_hash of ['novo', 'antigo']) await repo.people.requestPasswordReset('ana@clinica.com.br', { token_hash, expira_em: inADay() }, now());
    await repo.people.requestPasswordReset('bia@clinica.com.br', { token_hash: 'da-bia', expira_em: inADay() }, now());
    await repo.sessions.create({ id: 'sessao-ana', autor: 'Ana Lima', id_pessoa: ana.id, expira_em: inADay(), metodo: 'senha', endereco: null, navegador: null });
    await repo.sessions.create({ id: 'sessao-bia', autor: 'Bia Souza', id_pessoa: bia.id, expira_em: inADay(), metodo: 'senha', endereco: null, navegador: null });

    const outcomes = await Promise.all([repo.people.completePasswordReset('novo', 'hash-1', now()), repo.people.completePasswordReset('novo', 'hash-2', now())]);
    expect(outcomes.filter((outcome) => 'person' in outcome)).toEqual([{ person: ana, revokedKeys: [] }]);
    expect(outcomes.filter((outcome) => 'refused' in outcome)).toEqual([{ refused: 'used' }]);
    expect((await repo.people.findByEmail('ana@clinica.com.br'))?.senha_hash).toMatch(/^hash-[12]$/);
    expect(await repo.sessions.touch('sessao-ana', now(), inADay())).toBeNull();
    expect(await repo.sessions.touch('sessao-bia', now(), inADay())).toEqual({ autor: 'Bia Souza', id_pessoa: bia.id });
    expect(await repo.people.completePasswordReset('antigo', 'hash-3', now())).toEqual({ refused: 'used' });
    expect(await repo.people.completePasswordReset('nenhum', 'hash-3', now())).toEqual({ refused: 'unknown' });
    expect(await repo.people.completePasswordReset('da-bia', 'hash-4', new Date(Date.now() + 2 * 86_400_000).toISOString())).toEqual({ refused: 'expired' });

    await repo.people.update(bia.id, { ativo: false });
    expect(await repo.people.completePasswordReset('da-bia', 'hash-4', now())).toEqual({ refused: 'unknown' });
    expect((await repo.people.findByEmail('bia@clinica.com.br'))?.senha_hash).toBeNull();
  });

  it('changes roles and deactivates, but never leaves no active administrator among the people', async () => {
    const admin = await repo.people.invite({ nome: 'Admin', email: 'admin@clinica.com.br', papel: 'administrador' }, { token_hash: 't1', expira_em: inADay() });
    await expect(repo.people.update(admin.id, { papel: 'editor' })).rejects.toBeInstanceOf(LastAdministratorError);
    await expect(repo.people.update(admin.id, { ativo: false })).rejects.toBeInstanceOf(LastAdministratorError);
    const second = await repo.people.invite({ nome: 'Outra', email: 'outra@clinica.com.br', papel: 'administrador' }, { token_hash: 't2', expira_em: inADay() });
    expect(await repo.people.update(admin.id, { ativo: false })).toMatchObject({ ativo: false, papel: 'administrador' });
    await expect(repo.people.update(second.id, { papel: 'revisor' })).rejects.toBeInstanceOf(LastAdministratorError);
    expect(await repo.people.update(999_999, { ativo: false })).toBeNull();
  });

  it('grants and withdraws rights beside the role, kept through role changes and read wherever the person is read', async () => {
    const vera = await repo.people.invite({ nome: 'Vera Vendas', email: 'vera@clinica.com.br', papel: 'colaborador' }, { token_hash: 'g1', expira_em: inADay() });
    expect(vera.permissoes).toEqual([]);
    expect(await repo.people.update(vera.id, { permissoes: ['ver-contatos', 'ver-contatos'] })).toMatchObject({ papel: 'colaborador', permissoes: ['ver-contatos'] });
    expect(await repo.people.update(vera.id, { papel: 'autor' })).toMatchObject({ papel: 'autor', permissoes: ['ver-contatos'] });
    expect((await repo.people.get(vera.id))?.permissoes).toEqual(['ver-contatos']);
    expect((await repo.people.list()).find((person) => person.id === vera.id)?.permissoes).toEqual(['ver-contatos']);
    expect((await repo.people.findByEmail('vera@clinica.com.br'))?.permissoes).toEqual(['ver-contatos']);
    await repo.personalKeys.create(vera.id, 'CRM', 'd1', now());
    expect((await repo.personalKeys.use('d1', now()))?.permissoes).toEqual(['ver-contatos']);
    expect(await repo.people.update(vera.id, { permissoes: [] })).toMatchObject({ permissoes: [] });
    expect((await repo.people.get(vera.id))?.permissoes).toEqual([]);
  });

  it('records who created, last changed and published an article, and names the person in each revision', async () => {
    const ana = await repo.people.invite({ nome: 'Ana Lima', email: 'ana@clinica.com.br', papel: 'colaborador' }, { token_hash: 'w1', expira_em: inADay() });
    const bia = await repo.people.invite({ nome: 'Bia Souza', email: 'bia@clinica.com.br', papel: 'editor' }, { token_hash: 'w2', expira_em: inADay() });
    const draft = { titulo: 'Receita digital', titulo_url: 'receita-digital', descricao: 'Como emitir.', keywords: 'receita', conteudo: '<p>Texto.</p>' };
    const id = await repo.articles.create({ ...draft, autor: 'Ana Lima', status: 'rascunho', id_criador: ana.id });
    expect(await repo.articles.get(id)).toMatchObject({ id_criador: ana.id, id_ultimo_editor: ana.id, id_publicador: null });
    await repo.articles.update(id, { autor: 'Bia Souza', id_pessoa: bia.id, acao: 'editado', content: { ...draft, titulo: 'Receita digital (revista)', imagem: null } });
    expect(await repo.articles.get(id)).toMatchObject({ id_criador: ana.id, id_ultimo_editor: bia.id, id_publicador: null });
    await repo.articles.update(id, { autor: 'Chave: Redação', id_pessoa: null, acao: 'agendado', status: { status: 'agendado', publicar_em: new Date(Date.now() - 1000).toISOString() } });
    expect(await repo.articles.get(id)).toMatchObject({ id_ultimo_editor: null, id_publicador: null });
    await repo.articles.update(id, { autor: 'Bia Souza', id_pessoa: bia.id, acao: 'editado', content: { ...draft, imagem: null } });
    await repo.articles.update(id, { autor: 'Bia Souza', id_pessoa: bia.id, acao: 'agendado', status: { status: 'agendado', publicar_em: new Date(Date.now() - 1000).toISOString() } });
    expect(await repo.scheduling.publishDue(now())).toEqual([id]);
    expect(await repo.articles.get(id)).toMatchObject({ status: 'publicado', id_criador: ana.id, id_ultimo_editor: bia.id, id_publicador: bia.id });
    expect((await repo.revisions.revisions(id)).map(({ acao, id_pessoa }) => [acao, id_pessoa])).toEqual([
      ['publicado', bia.id],
      ['agendado', bia.id],
      ['editado', bia.id],
      ['agendado', null],
      ['editado', bia.id],
      ['criado', ana.id],
    ]);
    expect((await repo.revisions.revision(id, 1))?.id_pessoa).toBe(ana.id);
  });

  it('keeps personal keys as digests, finds their active person, and revokes only the owner’s', async () => {
    const ana = await repo.people.invite({ nome: 'Ana Lima', email: 'ana@clinica.com.br', papel: 'autor' }, { token_hash: 'k1', expira_em: inADay() });
    const bia = await repo.people.invite({ nome: 'Bia', email: 'bia@clinica.com.br', papel: 'administrador' }, { token_hash: 'k2', expira_em: inADay() });
    const key = await repo.personalKeys.create(ana.id, 'Agenda', 'digest-da-ana', '2026-11-24T12:00:00.000Z');
    expect(key).toEqual({ id: expect.any(Number), nome: 'Agenda', criada_em: '2026-11-24T12:00:00.000Z', usada_em: null, revogada_em: null, revogada_por: null });
    expect(await repo.personalKeys.use('digest-da-ana', '2026-11-24T12:05:00.000Z')).toMatchObject({ id: ana.id, papel: 'autor', ativo: true });
    // Uses within a minute keep the first recorded time: a script calling every second writes once a minute.
    await repo.personalKeys.use('digest-da-ana', '2026-11-24T12:05:30.000Z');
    expect((await repo.personalKeys.list(ana.id))[0]?.usada_em).toBe('2026-11-24T12:05:00.000Z');
    await repo.personalKeys.use('digest-da-ana', '2026-11-24T12:06:00.000Z');
    expect((await repo.personalKeys.list(ana.id))[0]?.usada_em).toBe('2026-11-24T12:06:00.000Z');
    expect(await repo.personalKeys.use('desconhecida', now())).toBeNull();
    expect(await repo.personalKeys.remove(bia.id, key.id)).toBe(false);
    await repo.people.update(ana.id, { ativo: false });
    expect(await repo.personalKeys.use('digest-da-ana', now())).toBeNull();
    // A reactivation revives nothing: the deactivation revoked the key, and its owner sees why.
    await repo.people.update(ana.id, { ativo: true });
    expect(await repo.personalKeys.use('digest-da-ana', now())).toBeNull();
    expect(await repo.personalKeys.list(ana.id)).toEqual([{ ...key, usada_em: '2026-11-24T12:06:00.000Z', revogada_em: expect.any(String), revogada_por: 'desativacao' }]);
    expect(await repo.personalKeys.remove(ana.id, key.id)).toBe(true);
    expect(await repo.personalKeys.use('digest-da-ana', now())).toBeNull();
    expect(await repo.personalKeys.list(ana.id)).toEqual([]);
  });

  it('changes a password with the other sessions ended and the keys made until then revoked, in one transaction', async () => {
    const ana = await repo.people.invite({ nome: 'Ana Lima', email: 'ana@clinica.com.br', papel: 'autor' }, { token_hash: 't1', expira_em: inADay() });
    const bia = await repo.people.invite({ nome: 'Bia Souza', email: 'bia@clinica.com.br', papel: 'autor' }, { token_hash: 't2', expira_em: inADay() });
    for (const [id, id_pessoa] of [['esta', ana.id], ['outra', ana.id], ['da-bia', bia.id]] as const) {
      await repo.sessions.create({ id, autor: 'x', id_pessoa, expira_em: inADay(), metodo: 'senha', endereco: null, navegador: null });
    }
    const before = await repo.personalKeys.create(ana.id, 'Antes', 'digest-antes', '2026-11-24T12:00:00.000Z');
    const after = await repo.personalKeys.create(ana.id, 'Depois', 'digest-depois', '2026-11-24T13:00:00.000Z');
    await repo.personalKeys.create(bia.id, 'Da Bia', 'digest-bia', '2026-11-24T12:00:00.000Z');

    const revoked = await repo.people.setPassword(ana.id, 'hash-novo', { now: '2026-11-24T12:30:00.000Z', keepSession: 'esta' });
    expect(revoked).toEqual([{ ...before, revogada_em: '2026-11-24T12:30:00.000Z', revogada_por: 'troca-de-senha' }]);
    expect((await repo.people.findByEmail('ana@clinica.com.br'))?.senha_hash).toBe('hash-novo');
    expect(await repo.sessions.touch('esta', now(), inADay())).not.toBeNull();
    expect(await repo.sessions.touch('outra', now(), inADay())).toBeNull();
    expect(await repo.sessions.touch('da-bia', now(), inADay())).not.toBeNull();
    expect(await repo.personalKeys.use('digest-antes', now())).toBeNull();
    expect(await repo.personalKeys.use('digest-depois', now())).toMatchObject({ id: ana.id });
    expect(await repo.personalKeys.use('digest-bia', now())).toMatchObject({ id: bia.id });
    expect((await repo.personalKeys.list(ana.id)).map((key) => [key.id, key.revogada_por])).toEqual([
      [after.id, null],
      [before.id, 'troca-de-senha'],
    ]);
  });

  it('lists a person’s live sessions, newest first, and ends only the owner’s', async () => {
    const ana = await repo.people.invite({ nome: 'Ana Lima', email: 'ana@clinica.com.br', papel: 'autor' }, { token_hash: 's1', expira_em: inADay() });
    const later = (ms: number) => new Date(Date.now() + ms).toISOString();
    const session = (id: string, expira_em: string, id_pessoa: number | null = ana.id) =>
      repo.sessions.create({ id, autor: 'Ana Lima', id_pessoa, expira_em, metodo: 'passkey', endereco: '203.0.113.9', navegador: 'Firefox' });
    await session('viva', later(60_000));
    await session('vencida', later(-1_000));
    await session('da-chave', later(60_000), null);
    expect(await repo.sessions.listFor(ana.id, now())).toEqual([
      { id: 'viva', metodo: 'passkey', endereco: '203.0.113.9', navegador: 'Firefox', criada_em: expect.any(String), expira_em: expect.any(String) },
    ]);
    expect(await repo.sessions.deleteFor(ana.id, 'da-chave')).toBe(false);
    expect(await repo.sessions.deleteFor(ana.id, 'viva')).toBe(true);
    expect(await repo.sessions.touch('viva', now(), later(60_000))).toBeNull();
    expect(await repo.sessions.touch('da-chave', now(), later(60_000))).not.toBeNull();
  });

  it('keeps one public profile per person, with a slug no one else has', async () => {
    const ana = await repo.people.invite({ nome: 'Ana Souza', email: 'ana@clinica.com.br', papel: 'autor' }, { token_hash: 'p1', expira_em: inADay() });
    const bia = await repo.people.invite({ nome: 'Bia Melo', email: 'bia@clinica.com.br', papel: 'autor' }, { token_hash: 'p2', expira_em: inADay() });
    const profile = {
      nome_publico: 'Ana Souza',
      slug: 'ana-souza',
      tratamento: 'Dra.' as const,
      profissao: 'MÉDICA',
      bio: 'Dermatologista.',
      conselho: 'CRM' as const,
      registro: '123456',
      uf: 'SP' as const,
      especialidades: [{ nome: 'Dermatologia', rqe: '7890' }],
    };
    expect(await repo.profiles.get(ana.id)).toBeNull();
    expect(await repo.profiles.save(ana.id, profile, '2026-11-24T12:00:00.000Z')).toEqual({ id_pessoa: ana.id, ...profile, atualizado_em: '2026-11-24T12:00:00.000Z', foto: null });
    await repo.profiles.save(ana.id, { ...profile, bio: 'Dermatologista em São Paulo.', especialidades: [] }, '2026-11-25T12:00:00.000Z');
    expect(await repo.profiles.bySlug('ana-souza')).toMatchObject({ id_pessoa: ana.id, bio: 'Dermatologista em São Paulo.', especialidades: [], atualizado_em: '2026-11-25T12:00:00.000Z' });
    await expect(repo.profiles.save(bia.id, { ...profile, nome_publico: 'Bia Melo' }, now())).rejects.toBeInstanceOf(SlugTakenError);
    expect(await repo.profiles.bySlug('nenhum')).toBeNull();
  });

  it('gives whoever has no profile one of their name, under a slug made of it that no one else has', async () => {
    const invite = (nome: string, email: string) => repo.people.invite({ nome, email, papel: 'autor' }, { token_hash: email, expira_em: inADay() });
    const jose = await invite('José Araújo', 'jose@clinica.com.br');
    const namesake = await invite('José Araújo', 'jose.araujo@clinica.com.br');
    const heard: unknown[] = [];
    repo.subscribe((event) => heard.push(event));
    expect(await repo.profiles.ensure(jose.id, 'José Araújo', '2026-11-24T12:00:00.000Z')).toEqual({
      id_pessoa: jose.id,
      nome_publico: 'José Araújo',
      slug: 'jose-araujo',
      tratamento: null,
      profissao: '',
      bio: '',
      conselho: null,
      registro: null,
      uf: null,
      especialidades: [],
      atualizado_em: '2026-11-24T12:00:00.000Z',
      foto: null,
    });
    expect(heard).toEqual([{ type: 'profile-changed', id_pessoa: jose.id }]);
    expect((await repo.profiles.ensure(namesake.id, 'José Araújo', now())).slug).toBe('jose-araujo-2');
    expect((await repo.profiles.bySlug('jose-araujo-2'))?.id_pessoa).toBe(namesake.id);

    // A profile the person has, saved or made, stays as it is.
    const { id_pessoa: _id, atualizado_em: _changed, foto: _photo, ...made } = (await repo.profiles.get(jose.id))!;
    await repo.profiles.save(jose.id, { ...made, nome_publico: 'José A.', slug: 'jose-a' }, now());
    const announced = heard.length;
    expect(await repo.profiles.ensure(jose.id, 'José Araújo', now())).toMatchObject({ nome_publico: 'José A.', slug: 'jose-a' });
    expect(heard).toHaveLength(announced);

    // Namesakes at once still get a slug each; a name without letters or digits still gets one.
    const more = await Promise.all(['a', 'b', 'c'].map((letter) => invite('José Araújo', `${letter}@clinica.com.br`)));
    const slugs = await Promise.all(more.map(async (person) => (await repo.profiles.ensure(person.id, 'José Araújo', now())).slug));
    expect(slugs.sort()).toEqual(['jose-araujo', 'jose-araujo-3', 'jose-araujo-4']);
    const symbols = await invite('⚕︎', 'simbolo@clinica.com.br');
    expect((await repo.profiles.ensure(symbols.id, '⚕︎', now())).slug).toBe('autor');
  });

  it('gives a profile of their name to the people who had none before the migration that lists them, at the next start', async () => {
    const ana = await repo.people.invite({ nome: 'Ana Lima', email: 'ana@clinica.com.br', papel: 'autor' }, { token_hash: 'm1', expira_em: inADay() });
    const homonym = await repo.people.invite({ nome: 'Ana Lima', email: 'ana.lima@clinica.com.br', papel: 'autor' }, { token_hash: 'm2', expira_em: inADay() });
    const bia = await repo.people.invite({ nome: 'Bia Melo', email: 'bia@clinica.com.br', papel: 'autor' }, { token_hash: 'm3', expira_em: inADay() });
    await repo.profiles.save(bia.id, { nome_publico: 'Bia Melo', slug: 'ana-lima', tratamento: null, profissao: '', bio: '', conselho: null, registro: null, uf: null, especialidades: [] }, now());
    // The database as it was before the migration: these people have no profile.
    await reopen(async () => {
      await runRawSql(store, `DELETE FROM perfis WHERE id_pessoa <> ${bia.id}`);
      await runRawSql(store, 'DROP TABLE perfis_pendentes');
      await runRawSql(store, "DELETE FROM schema_migrations WHERE name = 'perfis de quem ainda não tinha'");
    });
    expect((await repo.profiles.get(ana.id))?.slug).toBe('ana-lima-2');
    expect((await repo.profiles.get(homonym.id))?.slug).toBe('ana-lima-3');
    expect((await repo.profiles.get(ana.id))?.nome_publico).toBe('Ana Lima');
    expect((await repo.profiles.get(bia.id))?.slug).toBe('ana-lima');
    // Given once: a later start finds no one waiting.
    await reopen();
    expect((await repo.profiles.get(homonym.id))?.slug).toBe('ana-lima-3');
  });

  it('keeps one photo per person: its variants replaced all at once, announced, read by name', async () => {
    const ana = await repo.people.invite({ nome: 'Ana Souza', email: 'ana@clinica.com.br', papel: 'autor' }, { token_hash: 'f1', expira_em: inADay() });
    const file = (side: number, format: 'avif' | 'jpeg', fill: number): EncodedImageInput => {
      const bytes = Buffer.alloc(side, fill);
      return hashedFile('foto', `${side}w`, { format, width: side, height: side, bytes });
    };
    const first = [file(96, 'jpeg', 1), file(400, 'jpeg', 2), file(96, 'avif', 3)];
    const events: string[] = [];
    repo.subscribe((event) => events.push(event.type));
    // A person may have a photo before a profile: it shows once the profile is saved.
    const original = { bytes: Buffer.from('original'), width: 1600, height: 1200 };
    await repo.profiles.savePhoto(ana.id, first, '2026-11-24T12:00:00.000Z', original);
    expect(events).toContain('profile-changed');
    await repo.profiles.save(ana.id, { nome_publico: 'Ana Souza', slug: 'ana-souza', tratamento: null, profissao: '', bio: '', conselho: null, registro: null, uf: null, especialidades: [] }, now());
    const foto = (await repo.profiles.bySlug('ana-souza'))!.foto!;
    expect(foto.masterUrl).toBe(`/assets/perfis/${ana.id}/${first[1]!.arquivo}`);
    expect([foto.width, foto.height]).toEqual([400, 400]);
    expect(foto.variants.map((variant) => [variant.format, variant.width, variant.bytes])).toEqual([
      ['avif', 96, 96],
      ['jpeg', 96, 96],
      ['jpeg', 400, 400],
    ]);
    const stored = await repo.profiles.photoFile(ana.id, first[0]!.arquivo);
    expect(stored).toMatchObject({ nome: first[0]!.arquivo, content_type: 'image/jpeg', updated_at: '2026-11-24T12:00:00.000Z' });
    expect(Buffer.from(stored!.bytes).equals(first[0]!.bytes)).toBe(true);
    expect(stored!.etag).toMatch(/^[0-9a-f]{64}$/);

    const second = [file(192, 'jpeg', 4)];
    await repo.profiles.savePhoto(ana.id, second, now(), original);
    expect(await repo.profiles.photoFile(ana.id, first[0]!.arquivo)).toBeNull();
    expect((await repo.profiles.get(ana.id))!.foto!.variants).toHaveLength(1);

    // A focal point: the original kept, new variants cut around it, all at once.
    const kept = (await repo.profiles.photoOriginal(ana.id))!;
    expect({ ...kept, photo: { ...kept.photo, bytes: Buffer.from(kept.photo.bytes).toString() } }).toEqual({ photo: { bytes: 'original', width: 1600, height: 1200 }, foco: null });
    const third = [file(400, 'jpeg', 5)];
    expect(await repo.profiles.reframePhoto(ana.id, { x: 0.875, y: 0.125 }, third, now())).toBe(true);
    expect((await repo.profiles.photoOriginal(ana.id))!.foco).toEqual({ x: 0.875, y: 0.125 });
    expect(await repo.profiles.photoFile(ana.id, second[0]!.arquivo)).toBeNull();
    expect((await repo.profiles.get(ana.id))!.foto!.masterUrl).toBe(`/assets/perfis/${ana.id}/${third[0]!.arquivo}`);
    expect(await repo.profiles.reframePhoto(ana.id + 1000, { x: 0.5, y: 0.5 }, third, now())).toBe(false);
    expect((await repo.profiles.get(ana.id))!.atualizado_em).not.toBe('2026-11-24T12:00:00.000Z');
    expect(await repo.profiles.removePhoto(ana.id, '2026-11-26T12:00:00.000Z')).toBe(true);
    expect(await repo.profiles.removePhoto(ana.id, now())).toBe(false);
    expect(await repo.profiles.photoOriginal(ana.id)).toBeNull();
    expect((await repo.profiles.get(ana.id))!).toMatchObject({ foto: null, atualizado_em: '2026-11-26T12:00:00.000Z' });
  });

  it('keeps an audit log, newest first, filtered by person and action', async () => {
    const entry = (acao: string, minute: number, id_pessoa: number | null) => ({
      quando: new Date(Date.UTC(2026, 10, 24, 12, minute)).toISOString(),
      quem: id_pessoa ? 'Ana Lima' : 'Chave: Redação',
      id_pessoa,
      acao,
      id_artigo: 7,
      endereco: '203.0.113.9',
      detalhes: null,
    });
    await repo.audit.append(entry('entrou', 1, 3));
    await repo.audit.append(entry('publicou', 2, 3));
    await repo.audit.append(entry('publicou', 3, null));
    const all = await repo.audit.list({ pageIndex: 1, pageSize: 10 });
    expect([all.total, all.items.map((item) => item.acao)]).toEqual([3, ['publicou', 'publicou', 'entrou']]);
    expect((await repo.audit.list({ pageIndex: 1, pageSize: 10, id_pessoa: 3, acao: 'publicou' })).items).toEqual([{ id: expect.any(Number), ...entry('publicou', 2, 3) }]);
  });

  it('refuses in the database itself any change or removal of the audit log, an insert over an existing row included', async () => {
    await repo.audit.append({ quando: now(), quem: 'Ana', id_pessoa: null, acao: 'entrou', id_artigo: null, endereco: null, detalhes: null });
    const { id } = (await repo.audit.list({ pageIndex: 1, pageSize: 1 })).items[0]!;
    const over = `(id, quando, quem, acao) VALUES (${id}, '${now()}', 'outra', 'entrou')`;
    const statements = [
      "UPDATE auditoria SET quem = 'outra'",
      'DELETE FROM auditoria',
      // An insert that replaces the row it collides with is a change by another name.
      ...(store.url
        ? ['TRUNCATE auditoria', `INSERT INTO auditoria ${over} ON CONFLICT (id) DO UPDATE SET quem = excluded.quem`]
        : [`REPLACE INTO auditoria ${over}`, `INSERT OR REPLACE INTO auditoria ${over}`, `INSERT INTO auditoria ${over} ON CONFLICT (id) DO UPDATE SET quem = excluded.quem`]),
    ];
    for (const statement of statements) {
      await expect(runRawSql(store, statement), statement).rejects.toThrow(/só aceita acréscimos/);
    }
    expect((await repo.audit.list({ pageIndex: 1, pageSize: 10 })).items.map((item) => item.quem)).toEqual(['Ana']);
  });

  it('prunes the audit log past its retention period; the database lets go of nothing younger than six months', async () => {
    const entry = (quem: string, quando: string) => ({ quando, quem, id_pessoa: null, acao: 'entrou', id_artigo: null, endereco: '2001:db8:85a3:8d3:1319:8a2e:370:7348', detalhes: null });
    await repo.audit.append(entry('antiga', daysAgo(400)));
    await repo.audit.append(entry('na retenção', daysAgo(AUDIT_RETENTION_FLOOR_DAYS + 20)));
    await repo.audit.append(entry('quase seis meses', daysAgo(AUDIT_RETENTION_FLOOR_DAYS - 1)));
    await repo.audit.append(entry('recente', now()));
    const names = async () => (await repo.audit.list({ pageIndex: 1, pageSize: 10 })).items.map((item) => item.quem);

    expect(await repo.audit.prune(daysAgo(365))).toBe(1);
    expect(await names()).toEqual(['recente', 'quase seis meses', 'na retenção']);
    // The audit log keeps whole addresses: they are its point.
    expect((await repo.audit.list({ pageIndex: 1, pageSize: 1 })).items[0]?.endereco).toBe('2001:db8:85a3:8d3:1319:8a2e:370:7348');

    // A prune reaching into the last six months is refused whole: not even the older rows it covers go.
    await expect(repo.audit.prune(now())).rejects.toThrow(/só aceita acréscimos/);
    expect(await names()).toEqual(['recente', 'quase seis meses', 'na retenção']);

    for (const statement of [
      "DELETE FROM auditoria WHERE quem = 'recente'",
      "DELETE FROM auditoria WHERE quem = 'quase seis meses'",
      "UPDATE auditoria SET quem = 'outra' WHERE quem = 'na retenção'",
    ]) {
      await expect(runRawSql(store, statement), statement).rejects.toThrow(/só aceita acréscimos/);
    }
    await runRawSql(store, "DELETE FROM auditoria WHERE quem = 'na retenção'");
    expect(await names()).toEqual(['recente', 'quase seis meses']);
  });
});
