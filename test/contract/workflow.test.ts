import Database from 'better-sqlite3';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { VersionConflictError, ArticleNotFoundError, type ArticleContent, type NewArticle, type RepositoryEvent } from '../../src/db/repository.js';
import type { Repository } from '../../src/db/storage.js';
import { availableAdapters, storePerTest, type Store } from './adapters.js';

const AUTHOR = 'Dra. Helena Martins';
const EDITOR = 'Carlos Revisor';
const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 1, 2, 3]);

function article(overrides: Partial<NewArticle> = {}): NewArticle {
  return {
    titulo: 'Agenda do consultório sem papel',
    titulo_url: 'agenda-do-consultorio-sem-papel',
    descricao: 'Como migrar a agenda para o prontuário eletrônico.',
    keywords: 'agenda, consultório',
    conteudo: '<p>Primeira versão do texto.</p>',
    autor: AUTHOR,
    ...overrides,
  };
}

function content(overrides: Partial<ArticleContent> = {}): ArticleContent {
  return {
    titulo: 'Agenda do consultório sem papel (revisto)',
    titulo_url: 'agenda-do-consultorio-sem-papel-revisto',
    descricao: 'Descrição revista.',
    keywords: 'agenda',
    conteudo: '<p>Segunda versão do texto.</p>',
    imagem: { nome: 'capa.png', caption: 'Capa', width: 600, height: 545 },
    ...overrides,
  };
}

/** How many articles the database's planner believes there are (its statistics, not a count). */
async function plannerRowEstimate(store: Store): Promise<number> {
  if (store.path) {
    const db = new Database(store.path, { readonly: true });
    try {
      const row = db.prepare("SELECT stat FROM sqlite_stat1 WHERE idx = 'artigos_por_id'").get() as { stat: string } | undefined;
      return Number(row?.stat.split(' ')[0]);
    } finally {
      db.close();
    }
  }
  const client = new pg.Client({ connectionString: store.url });
  await client.connect();
  try {
    return Number((await client.query("SELECT reltuples FROM pg_class WHERE relname = 'artigos'")).rows[0].reltuples);
  } finally {
    await client.end();
  }
}

const inAMinute = () => new Date(Date.now() + 60_000).toISOString();
const aMinuteAgo = () => new Date(Date.now() - 60_000).toISOString();
const publicIds = async (repo: Repository) => (await repo.publicArticles.latest(1, 50)).items.map((item) => item.id);
const sitemapIds = async (repo: Repository) => (await repo.publicArticles.summaries({ offset: 0 }, 1000)).map((item) => item.id);

describe.each(availableAdapters())('contrato do fluxo editorial: $name', (adapter) => {
  const { store, repo } = storePerTest(adapter);

  describe('estados', () => {
    it('creates published by default, with one criado revision', async () => {
      const id = await repo.articles.create(article());
      expect(await repo.articles.get(id)).toMatchObject({ status: 'publicado', versao: 1, publicar_em: null, ja_publicado: true });
      expect(await repo.revisions.revisions(id)).toEqual([
        { versao: 1, autor: AUTHOR, id_pessoa: null, data: expect.any(String), acao: 'criado', titulo: article().titulo },
      ]);
      expect(await publicIds(repo)).toEqual([id]);
    });

    it('keeps drafts and future schedules out of every public read', async () => {
      const draft = await repo.articles.create(article({ status: 'rascunho' }));
      const later = await repo.articles.create(article({ status: 'agendado', publicar_em: inAMinute() }));
      const due = await repo.articles.create(article({ status: 'agendado', publicar_em: aMinuteAgo() }));
      const live = await repo.articles.create(article());
      expect(await repo.articles.get(draft)).toMatchObject({ status: 'rascunho', ja_publicado: false });
      expect(await repo.articles.get(later)).toMatchObject({ status: 'agendado', ja_publicado: false });
      // A scheduled article whose time came is public even before the scheduler claims it.
      expect(await publicIds(repo)).toEqual([live, due]);
      expect((await repo.publicArticles.latest(1, 50)).total).toBe(2);
      expect((await sitemapIds(repo)).sort()).toEqual([due, live].sort());
      expect(await repo.articles.count()).toBe(4);
    });

    it('dates a draft when it is first published and keeps that date on later edits', async () => {
      const id = await repo.articles.create(article({ status: 'rascunho' }));
      await new Promise((resolve) => setTimeout(resolve, 15));
      const published = await repo.articles.update(id, { autor: EDITOR, acao: 'publicado', status: { status: 'publicado', publicar_em: null } });
      const created = (await repo.revisions.revisions(id)).at(-1)!.data;
      expect(published.data_publicacao > created).toBe(true);
      expect(published.data_atualizacao).toBe(published.data_publicacao);
      await new Promise((resolve) => setTimeout(resolve, 15));
      const edited = await repo.articles.update(id, { autor: EDITOR, acao: 'editado', content: content() });
      expect(edited.data_publicacao).toBe(published.data_publicacao);
      expect(edited.data_atualizacao > published.data_atualizacao).toBe(true);
      expect(await repo.articles.get(id)).toEqual(edited);
      // Unpublishing and publishing again keeps the canonical date too.
      await repo.articles.update(id, { autor: EDITOR, acao: 'despublicado', status: { status: 'despublicado', publicar_em: null } });
      const again = await repo.articles.update(id, { autor: EDITOR, acao: 'publicado', status: { status: 'publicado', publicar_em: null } });
      expect(again.data_publicacao).toBe(published.data_publicacao);
    });

    it('dates a scheduled article by its publication time', async () => {
      const when = inAMinute();
      const id = await repo.articles.create(article({ status: 'agendado', publicar_em: when }));
      expect(await repo.articles.get(id)).toMatchObject({ publicar_em: when, data_publicacao: when });
    });

    it('takes an unpublished article out of public reads and remembers it was public', async () => {
      const id = await repo.articles.create(article());
      const changed = await repo.articles.update(id, { autor: EDITOR, acao: 'despublicado', status: { status: 'despublicado', publicar_em: null } });
      expect(changed).toMatchObject({ status: 'despublicado', versao: 2, ja_publicado: true });
      expect(await publicIds(repo)).toEqual([]);
      expect(await sitemapIds(repo)).toEqual([]);
    });

    it('counts the public articles right through every change of state', async () => {
      const totalIsRight = async () => {
        const { items } = await repo.publicArticles.latest(1, 1000);
        expect((await repo.publicArticles.latest(1, 1)).total).toBe(items.length);
        expect((await repo.publicArticles.publicStats()).total).toBe(items.length);
      };
      const published = await repo.articles.create(article());
      const draft = await repo.articles.create(article({ status: 'rascunho' }));
      await repo.articles.create(article({ status: 'agendado', publicar_em: inAMinute() }));
      await repo.articles.create(article({ status: 'agendado', publicar_em: aMinuteAgo() }));
      await totalIsRight();
      await repo.articles.update(draft, { autor: EDITOR, acao: 'publicado', status: { status: 'publicado', publicar_em: null } });
      await totalIsRight();
      await repo.articles.update(published, { autor: EDITOR, acao: 'despublicado', status: { status: 'despublicado', publicar_em: null } });
      await totalIsRight();
      await repo.articles.update(published, { autor: EDITOR, acao: 'publicado', status: { status: 'publicado', publicar_em: null } });
      await repo.articles.update(published, { autor: EDITOR, acao: 'editado', content: content() });
      await totalIsRight();
      await repo.scheduling.publishDue(new Date().toISOString());
      await totalIsRight();
      await repo.articles.remove(draft);
      await repo.articles.importArticles([article(), article({ status: 'rascunho' }), article({ status: 'agendado', publicar_em: aMinuteAgo() })]);
      await totalIsRight();
      expect((await repo.publicArticles.latest(1, 1)).total).toBe(4);
    });
  });

  describe('versões', () => {
    it('saves content as the next version with a revision holding the full snapshot', async () => {
      const id = await repo.articles.create(article());
      const saved = await repo.articles.update(id, { autor: EDITOR, acao: 'editado', expectedVersion: 1, content: content() });
      const { imagem: _imagem, ...fields } = content();
      expect(saved).toMatchObject({ versao: 2, ...fields, imagem_nome: 'capa.png', imagem_width: 600, autor: AUTHOR });
      const revisions = await repo.revisions.revisions(id);
      expect(revisions.map((revision) => [revision.versao, revision.acao, revision.autor])).toEqual([
        [2, 'editado', EDITOR],
        [1, 'criado', AUTHOR],
      ]);
      expect(revisions[0]!.titulo).toBe(content().titulo);
      const first = await repo.revisions.revision(id, 1);
      expect(first?.snapshot).toEqual({
        titulo: article().titulo,
        titulo_url: article().titulo_url,
        conteudo: article().conteudo,
        descricao: article().descricao,
        keywords: article().keywords,
        imagem_nome: null,
        imagem_caption: null,
        imagem_alt: null,
        imagem_width: null,
        imagem_height: null,
        status: 'publicado',
        publicar_em: null,
        temas: [],
      });
      expect((await repo.revisions.revision(id, 2))?.snapshot).toMatchObject({ conteudo: content().conteudo, imagem_nome: 'capa.png' });
      expect(await repo.revisions.revision(id, 3)).toBeNull();
    });

    it('keeps the body of a long article compressed, and restores it whole', async () => {
      const body = `<p>${'O prontuário eletrônico reúne o histórico do paciente. '.repeat(800)}</p>`;
      const id = await repo.articles.create(article({ conteudo: body }));
      expect((await repo.revisions.revision(id, 1))?.snapshot.conteudo).toBe(body);
    });

    it('thins the autosaves of a draft to the newest 20 (and one per hour before), keeping every published version', async () => {
      const id = await repo.articles.create(article({ status: 'rascunho' }));
      for (let versao = 1; versao <= 25; versao += 1) {
        await repo.articles.update(id, { autor: EDITOR, acao: 'editado', expectedVersion: versao, content: content({ conteudo: `<p>Rascunho ${versao}</p>` }) });
      }
      await repo.articles.update(id, { autor: EDITOR, acao: 'publicado', status: { status: 'publicado', publicar_em: null } });
      for (let versao = 27; versao <= 31; versao += 1) {
        await repo.articles.update(id, { autor: EDITOR, acao: 'editado', expectedVersion: versao, content: content({ conteudo: `<p>Publicado ${versao}</p>` }) });
      }
      const versions = (await repo.revisions.revisions(id)).map((revision) => revision.versao);
      // Published: the publication (27) and its edits (28 to 32); autosaves 2 to 26: the newest 20 (7 to 26)
      // and the last of each hour before (one, or two if this test crosses an hour); the creation.
      expect(versions.slice(0, 26)).toEqual(Array.from({ length: 26 }, (_, i) => 32 - i));
      expect(versions.at(-1)).toBe(1);
      expect(versions.length).toBeGreaterThanOrEqual(28);
      expect(versions.length).toBeLessThanOrEqual(29);
    });

    it('refuses a stale version and changes nothing', async () => {
      const id = await repo.articles.create(article());
      await repo.articles.update(id, { autor: EDITOR, acao: 'editado', expectedVersion: 1, content: content() });
      const before = await repo.articles.get(id);
      const stale = repo.articles.update(id, { autor: 'Outra aba', acao: 'editado', expectedVersion: 1, content: content({ titulo: 'Perdido' }) });
      await expect(stale).rejects.toBeInstanceOf(VersionConflictError);
      await expect(stale).rejects.toMatchObject({ currentVersion: 2 });
      expect(await repo.articles.get(id)).toEqual(before);
      expect(await repo.revisions.revisions(id)).toHaveLength(2);
    });

    it('lets exactly one of two concurrent saves at the same version win', async () => {
      const id = await repo.articles.create(article());
      const results = await Promise.allSettled(
        ['Aba A', 'Aba B'].map((autor) =>
          repo.articles.update(id, { autor, acao: 'editado', expectedVersion: 1, content: content({ titulo: autor }) }),
        ),
      );
      expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(1);
      const rejected = results.find((result) => result.status === 'rejected') as PromiseRejectedResult;
      expect(rejected.reason).toBeInstanceOf(VersionConflictError);
      expect(await repo.revisions.revisions(id)).toHaveLength(2);
    });

    it('fails on a missing article', async () => {
      await expect(repo.articles.update(404, { autor: EDITOR, acao: 'editado', content: content() })).rejects.toBeInstanceOf(ArticleNotFoundError);
    });
  });

  describe('remoção', () => {
    it('removes the article with its images and revisions, leaving a tombstone only when it was public', async () => {
      const live = await repo.articles.create(article());
      const draft = await repo.articles.create(article({ status: 'rascunho' }));
      await repo.images.saveImage({ id_artigo: live, nome: 'capa.png', content_type: 'image/png', bytes: png });
      expect(await repo.articles.remove(live)).toBe(true);
      expect(await repo.articles.remove(draft)).toBe(true);
      expect(await repo.articles.remove(live)).toBe(false);
      expect(await repo.articles.get(live)).toBeNull();
      expect(await repo.images.getImage(live, 'capa.png')).toBeNull();
      expect(await repo.revisions.revisions(live)).toEqual([]);
      expect(await repo.articles.wasRemoved(live)).toBe(true);
      expect(await repo.articles.wasRemoved(draft)).toBe(false);
      expect(await repo.articles.nextId()).toBe(draft + 1);
    });
  });

  describe('lista do editor', () => {
    it('lists every state, most recently changed first, filtered by state and by words', async () => {
      const a = await repo.articles.create(article({ titulo: 'Receita digital com assinatura', titulo_url: 'receita-digital' }));
      const b = await repo.articles.create(article({ titulo: 'Prontuário 100% online', titulo_url: 'prontuario-online', status: 'rascunho' }));
      const c = await repo.articles.create(article({ titulo: 'Agenda e lembretes', titulo_url: 'agenda', status: 'agendado', publicar_em: inAMinute() }));
      await new Promise((resolve) => setTimeout(resolve, 5));
      await repo.articles.update(a, { autor: EDITOR, acao: 'editado', content: content({ titulo: 'Receita digital com assinatura', titulo_url: 'receita-digital' }) });

      const all = await repo.articles.list({ pageIndex: 1, pageSize: 10 });
      expect(all.total).toBe(3);
      expect(all.items.map((item) => item.id)).toEqual([a, c, b]);
      expect(all.items[0]).toEqual({
        id: a,
        titulo: 'Receita digital com assinatura',
        titulo_url: 'receita-digital',
        status: 'publicado',
        autor: AUTHOR,
        data_atualizacao: expect.any(String),
        publicar_em: null,
        versao: 2,
        clinico: false,
        aguardando_revisao: false,
      });
      expect((await repo.articles.list({ pageIndex: 2, pageSize: 2 })).items.map((item) => item.id)).toEqual([b]);
      expect((await repo.articles.list({ pageIndex: 1, pageSize: 10, status: 'rascunho' })).items.map((item) => item.id)).toEqual([b]);
      expect((await repo.articles.list({ pageIndex: 1, pageSize: 10, busca: 'RECEITA' })).items.map((item) => item.id)).toEqual([a]);
      // Accents typed or not.
      expect((await repo.articles.list({ pageIndex: 1, pageSize: 10, busca: 'prontuario online' })).items.map((item) => item.id)).toEqual([b]);
      // LIKE wildcards in the search are plain characters.
      expect((await repo.articles.list({ pageIndex: 1, pageSize: 10, busca: '100%' })).items.map((item) => item.id)).toEqual([b]);
      expect(await repo.articles.list({ pageIndex: 1, pageSize: 10, busca: '%' })).toMatchObject({ total: 1 });
      expect(await repo.articles.list({ pageIndex: 1, pageSize: 10, status: 'despublicado' })).toEqual({ items: [], total: 0 });
    });

    it('finds words through the search index, in any inflection, kept in step with every change', async () => {
      const id = await repo.articles.create(article({ titulo: 'Prescrição eletrônica na clínica', titulo_url: 'prescricao', descricao: 'Sem papel.' }));
      const found = async (busca: string) => (await repo.articles.list({ pageIndex: 1, pageSize: 10, busca })).items.map((item) => item.id);
      expect(await found('prescricao eletronica')).toEqual([id]);
      expect(await found('PRESCRIÇÃO clínicas')).toEqual([id]);
      expect(await found('eletrônicos')).toEqual([id]);
      // A word being typed finds the words it begins; one or two letters only a whole word.
      expect(await found('eletr')).toEqual([id]);
      expect(await found('el')).toEqual([]);
      expect(await found('prescrição agenda')).toEqual([]);
      await repo.articles.update(id, { autor: EDITOR, acao: 'editado', content: content({ titulo: 'Agenda on-line do consultório' }) });
      expect(await found('prescricao')).toEqual([]);
      expect(await found('agenda consultorio')).toEqual([id]);
      await repo.articles.importArticles([article({ titulo: 'Agenda compartilhada' })]);
      expect(await found('agenda')).toHaveLength(2);
      await repo.articles.remove(id);
      expect(await found('consultorio')).toEqual([]);
    });
    it('pages many matches and few matches in the same order (the list reads them by two ways past 2,000)', async () => {
      const start = Date.parse('2026-01-01T00:00:00.000Z');
      // Every third pair shares its minute, so the order's tie on id is exercised as well.
      const ids = await repo.articles.importArticles(
        Array.from({ length: 2_101 }, (_, index) =>
          article({
            titulo: `Consulta ${index % 7 === 0 ? 'rara' : 'comum'} número ${index}`,
            titulo_url: `consulta-${index}`,
            data_publicacao: new Date(start + Math.floor(index / 2) * 60_000).toISOString(),
          }),
        ),
      );
      const expected = (filter: (index: number) => boolean) =>
        ids
          .map((id, index) => ({ id, index, minute: Math.floor(index / 2) }))
          .filter(({ index }) => filter(index))
          .sort((x, y) => y.minute - x.minute || y.id - x.id)
          .map(({ id }) => id);
      const page = async (busca: string, pageIndex: number) => repo.articles.list({ pageIndex, pageSize: 20, busca });

      const many = expected(() => true);
      expect(await page('consulta', 1)).toEqual({ total: 2_101, items: expect.any(Array) });
      for (const pageIndex of [1, 2, 50, 106]) {
        expect((await page('consulta', pageIndex)).items.map((item) => item.id)).toEqual(many.slice((pageIndex - 1) * 20, pageIndex * 20));
      }
      const few = expected((index) => index % 7 === 0);
      expect((await page('rara', 1)).total).toBe(few.length);
      for (const pageIndex of [1, 4, 16]) {
        expect((await page('rara', pageIndex)).items.map((item) => item.id)).toEqual(few.slice((pageIndex - 1) * 20, pageIndex * 20));
      }      // The import left the planner knowing the table's size, not the empty table's statistics.
      expect(await plannerRowEstimate(store)).toBe(2_101);
    });
  });

  describe('agendamento', () => {
    it('publishes due articles once, with one publicado revision, and leaves the others', async () => {
      const events: RepositoryEvent[] = [];
      const when = aMinuteAgo();
      const due = await repo.articles.create(article({ status: 'agendado', publicar_em: when }));
      const later = await repo.articles.create(article({ status: 'agendado', publicar_em: inAMinute() }));
      await repo.articles.update(due, { autor: EDITOR, acao: 'agendado', status: { status: 'agendado', publicar_em: when } });
      repo.subscribe((event) => events.push(event));

      expect(await repo.scheduling.publishDue(new Date().toISOString())).toEqual([due]);
      expect(await repo.scheduling.publishDue(new Date().toISOString())).toEqual([]);
      expect(await repo.articles.get(due)).toMatchObject({ status: 'publicado', ja_publicado: true, versao: 3, data_publicacao: when });
      expect(await repo.articles.get(later)).toMatchObject({ status: 'agendado', versao: 1 });
      const history = await repo.revisions.revisions(due);
      expect(history.map((revision) => [revision.acao, revision.autor])).toEqual([
        ['publicado', EDITOR],
        ['agendado', EDITOR],
        ['criado', AUTHOR],
      ]);
      expect(events).toEqual([{ type: 'article-changed', id: due, reach: 'placement' }]);
    });

    it('gives each due article to exactly one of many concurrent claimers', async () => {
      const ids = await Promise.all(
        Array.from({ length: 12 }, (_, i) => repo.articles.create(article({ titulo: `Agendado ${i}`, status: 'agendado', publicar_em: aMinuteAgo() }))),
      );
      const others = await Promise.all(Array.from({ length: 3 }, () => store.open()));
      try {
        const now = new Date().toISOString();
        const claims = await Promise.all([repo, ...others, repo, ...others].map((claimer) => claimer.scheduling.publishDue(now)));
        expect(claims.flat().sort((x, y) => x - y)).toEqual([...ids].sort((x, y) => x - y));
        for (const id of ids) {
          expect((await repo.revisions.revisions(id)).filter((revision) => revision.acao === 'publicado')).toHaveLength(1);
        }
      } finally {
        await Promise.all(others.map((other) => other.close()));
      }
    });
  });

  describe('sessões', () => {
    const later = (ms: number) => new Date(Date.now() + ms).toISOString();
    const opened = { metodo: 'chave', endereco: null, navegador: null } as const;

    it('finds a live session, slides its expiry, and forgets it once deleted', async () => {
      await repo.sessions.create({ id: 'digest-1', autor: EDITOR, id_pessoa: null, expira_em: later(60_000), ...opened });
      expect(await repo.sessions.touch('digest-1', new Date().toISOString(), later(120_000))).toEqual({ autor: EDITOR, id_pessoa: null });
      // The slide held: at a moment past the first expiry the session is still alive.
      expect(await repo.sessions.touch('digest-1', later(90_000), later(180_000))).toEqual({ autor: EDITOR, id_pessoa: null });
      expect(await repo.sessions.touch('outra', new Date().toISOString(), later(60_000))).toBeNull();
      await repo.sessions.delete('digest-1');
      expect(await repo.sessions.touch('digest-1', new Date().toISOString(), later(60_000))).toBeNull();
    });

    it('refuses an expired session and does not revive it', async () => {
      await repo.sessions.create({ id: 'velha', autor: EDITOR, id_pessoa: null, expira_em: later(-1_000), ...opened });
      expect(await repo.sessions.touch('velha', new Date().toISOString(), later(60_000))).toBeNull();
      expect(await repo.sessions.touch('velha', new Date().toISOString(), later(60_000))).toBeNull();
    });

    it('is shared by every instance on the same store', async () => {
      const other = await store.open();
      try {
        await repo.sessions.create({ id: 'compartilhada', autor: EDITOR, id_pessoa: null, expira_em: later(60_000), ...opened });
        expect(await other.sessions.touch('compartilhada', new Date().toISOString(), later(60_000))).toEqual({ autor: EDITOR, id_pessoa: null });
      } finally {
        await other.close();
      }
    });
  });
});
