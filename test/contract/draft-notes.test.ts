import { describe, expect, it } from 'vitest';
import { type NewArticle } from '../../src/db/repository.js';
import type { NewDelivery } from '../../src/db/outbox-store.js';
import { placeNote } from '../../src/workflow/draft-notes.js';
import { availableAdapters, storePerTest } from './adapters.js';

function article(overrides: Partial<NewArticle> = {}): NewArticle {
  return {
    titulo: 'Pressão alta no consultório',
    titulo_url: 'pressao-alta-no-consultorio',
    descricao: 'O que medir e quando.',
    keywords: 'hipertensão',
    conteudo: '<p>Medir a <strong>pressão</strong> em casa ajuda.</p><p>Anote os valores da manhã.</p>',
    autor: 'Dra. Helena Martins',
    status: 'rascunho',
    ...overrides,
  };
}

const publish = { autor: 'Editor', acao: 'publicado' as const, status: { status: 'publicado' as const, publicar_em: null } };
const helena = { id_pessoa: 3, autor: 'Dra. Helena Martins' };
const mail = (to: string): NewDelivery => ({ kind: 'email', payload: { to }, idempotencyKey: `nota-teste:${to}` });

/** Notes on drafts (issue 33), the same on both databases. */
describe.each(availableAdapters())('contrato das notas nos rascunhos: $name', (adapter) => {
  const { repo, store } = storePerTest(adapter);

  it('anchors a note to the quote in the current text, across inline marks and paragraphs, or to the whole article', async () => {
    const id = await repo.articles.create(article());
    const quoted = await repo.notes.add(id, { texto: 'Cite a diretriz.', ...helena }, '2027-03-01T10:00:00.000Z', placeNote('a pressão em casa'));
    expect(quoted).toMatchObject({ note: { texto: 'Cite a diretriz.', anchor: { trecho: 'a pressão em casa', inicio: 6, fim: 23 }, autor: 'Dra. Helena Martins', id_pessoa: 3, resolvida: null, respostas: [] } });
    const across = await repo.notes.add(id, { texto: 'Junte os parágrafos.', ...helena }, '2027-03-01T10:01:00.000Z', placeNote('ajuda.\n\nAnote'));
    expect(across).toMatchObject({ note: { anchor: { trecho: 'ajuda. Anote' } } });
    const whole = await repo.notes.add(id, { texto: 'Falta uma conclusão.', ...helena }, '2027-03-01T10:02:00.000Z', placeNote(undefined));
    expect(whole).toMatchObject({ note: { anchor: null } });
    expect(await repo.notes.add(id, { texto: 'x', ...helena }, '2027-03-01T10:03:00.000Z', placeNote('não está no texto'))).toEqual({ refused: 'trecho' });
    expect(await repo.notes.add(999_999, { texto: 'x', ...helena }, '2027-03-01T10:03:00.000Z', placeNote(undefined))).toBeNull();
    expect((await repo.notes.list(id)).map((note) => note.texto)).toEqual(['Cite a diretriz.', 'Junte os parágrafos.', 'Falta uma conclusão.']);
    expect(await repo.notes.countOpen(id)).toBe(3);
  });

  it('refuses a note on a published article without a pending change', async () => {
    const id = await repo.articles.create(article());
    await repo.articles.update(id, publish);
    expect(await repo.notes.add(id, { texto: 'Tarde demais.', ...helena }, '2027-03-01T10:00:00.000Z', placeNote(undefined))).toEqual({ refused: 'publicado' });
    expect(await repo.notes.list(id)).toEqual([]);
  });

  it('keeps replies in order, resolves and reopens, and counts only the open notes', async () => {
    const id = await repo.articles.create(article());
    const added = await repo.notes.add(id, { texto: 'Cite a diretriz.', ...helena }, '2027-03-01T10:00:00.000Z', placeNote(undefined));
    const noteId = (added as { note: { id: number } }).note.id;
    const first = await repo.notes.reply(id, noteId, { texto: 'Qual delas?', id_pessoa: 4, autor: 'Ana Souza' }, '2027-03-01T11:00:00.000Z');
    expect(first).toEqual({ id: expect.any(Number), texto: 'Qual delas?', id_pessoa: 4, autor: 'Ana Souza', criada_em: '2027-03-01T11:00:00.000Z' });
    await repo.notes.reply(id, noteId, { texto: 'A de 2024.', ...helena }, '2027-03-01T12:00:00.000Z');
    expect(await repo.notes.reply(id + 1, noteId, { texto: 'Outro artigo.', ...helena }, '2027-03-01T12:00:00.000Z')).toBeNull();
    const resolved = await repo.notes.setResolved(id, noteId, { por: 'Ana Souza', em: '2027-03-01T13:00:00.000Z' });
    expect(resolved).toMatchObject({ resolvida: { por: 'Ana Souza', em: '2027-03-01T13:00:00.000Z' }, respostas: [{ texto: 'Qual delas?' }, { texto: 'A de 2024.' }] });
    expect(await repo.notes.countOpen(id)).toBe(0);
    expect(await repo.notes.setResolved(id, noteId, null)).toMatchObject({ resolvida: null });
    expect(await repo.notes.countOpen(id)).toBe(1);
    expect(await repo.notes.setResolved(id + 1, noteId, null)).toBeNull();
  });

  it('announces each note once: the first at once, later ones after the batch window, in one transaction with the mail', async () => {
    const id = await repo.articles.create(article());
    const add = (texto: string, now: string) => repo.notes.add(id, { texto, ...helena }, now, placeNote(undefined));
    await add('Primeira.', '2027-03-01T10:00:00.000Z');
    expect(await repo.notes.articlesToAnnounce()).toEqual([id]);
    const first = await repo.notes.announce(id, '2027-03-01T10:00:30.000Z', '2027-03-01T09:50:30.000Z', () => [mail('a@x.com.br')]);
    expect(first.map((note) => note.texto)).toEqual(['Primeira.']);
    expect(await repo.notes.articlesToAnnounce()).toEqual([]);
    await add('Segunda.', '2027-03-01T10:02:00.000Z');
    await add('Terceira.', '2027-03-01T10:05:00.000Z');
    expect(await repo.notes.announce(id, '2027-03-01T10:06:00.000Z', '2027-03-01T09:56:00.000Z', () => [mail('b@x.com.br')])).toEqual([]);
    const second = await repo.notes.announce(id, '2027-03-01T10:10:30.000Z', '2027-03-01T10:00:30.000Z', () => [mail('c@x.com.br')]);
    expect(second.map((note) => note.texto)).toEqual(['Segunda.', 'Terceira.']);
    expect(await repo.notes.announce(id, '2027-03-01T10:30:00.000Z', '2027-03-01T10:20:00.000Z', () => [mail('d@x.com.br')])).toEqual([]);
    const other = await store.open();
    try {
      const enqueued = await other.outbox.claim('2027-03-02T00:00:00.000Z', '2027-03-02T00:01:00.000Z', 10, ['email']);
      expect(enqueued.map((delivery) => delivery.payload)).toEqual([{ to: 'a@x.com.br' }, { to: 'c@x.com.br' }]);
    } finally {
      await other.close();
    }
  });

  it('lets one of two instances claim the same notes, so their e-mail is enqueued once', async () => {
    const id = await repo.articles.create(article());
    await repo.notes.add(id, { texto: 'Nota.', ...helena }, '2027-03-01T10:00:00.000Z', placeNote(undefined));
    const other = await store.open();
    try {
      const runs = await Promise.all(
        [repo, other].map((instance, index) => instance.notes.announce(id, '2027-03-01T10:00:10.000Z', '2027-03-01T09:50:10.000Z', () => [mail(`instancia-${index}@x.com.br`)])),
      );
      expect(runs.map((claimed) => claimed.length).sort()).toEqual([0, 1]);
      const enqueued = await other.outbox.claim('2027-03-02T00:00:00.000Z', '2027-03-02T00:01:00.000Z', 10, ['email']);
      expect(enqueued).toHaveLength(1);
    } finally {
      await other.close();
    }
  });

  it('drops an article’s notes and replies with the article', async () => {
    const id = await repo.articles.create(article());
    const added = await repo.notes.add(id, { texto: 'Nota.', ...helena }, '2027-03-01T10:00:00.000Z', placeNote(undefined));
    await repo.notes.reply(id, (added as { note: { id: number } }).note.id, { texto: 'Resposta.', ...helena }, '2027-03-01T10:01:00.000Z');
    await repo.articles.remove(id);
    expect(await repo.notes.list(id)).toEqual([]);
  });
});
