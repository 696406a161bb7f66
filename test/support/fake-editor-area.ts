import type { Request } from 'express';
import { failedKeyLimiter } from '../../src/api/failed-key-limiter.js';
import type { AppDeps } from '../../src/app-deps.js';
import type { ArticleState } from '../../src/content/article-states.js';
import type { ArticleListItem, EditorAreaPorts, ListQuery, RevisionArticle, RevisionEntry } from '../../src/editor-area/ports.js';

export const FAKE_KEY = 'chave-de-teste-123';
export const FAKE_AUTHOR = 'Editora de Teste';
const COOKIE = 'sessao_editor';

interface FakeArticle {
  item: ArticleListItem;
  revisions: { entry: RevisionEntry; article: RevisionArticle }[];
}

function cookieOf(req: Request): string | undefined {
  return req.headers.cookie
    ?.split(';')
    .map((part) => part.trim().split('='))
    .find(([name]) => name === COOKIE)?.[1];
}

/** In-memory sessions and articles with the shapes of the workflow server, for the area's page tests. */
export function createFakeEditorArea({ config, logger }: Pick<AppDeps, 'config' | 'logger'>) {
  const sessions = new Map<string, string>();
  const articles = new Map<number, FakeArticle>();
  const listCalls: ListQuery[] = [];
  let sessionSeq = 0;

  function addArticle(id: number, titulo: string, status: ArticleState, data: string, conteudo = '<p>Texto.</p>'): void {
    const article: RevisionArticle = {
      titulo,
      titulo_url: titulo.toLowerCase().replace(/\W+/g, '-'),
      descricao: `Descrição de ${titulo}`,
      keywords: 'saúde, consultório',
      conteudo,
      imagem_nome: null,
      imagem_caption: null,
      imagem_width: null,
      imagem_height: null,
    };
    articles.set(id, {
      item: { id, titulo, titulo_url: article.titulo_url, status, autor: FAKE_AUTHOR, data_atualizacao: data, publicar_em: null, versao: 1 },
      revisions: [{ entry: { versao: 1, autor: FAKE_AUTHOR, data, acao: 'criado', titulo }, article }],
    });
  }

  function edit(id: number, titulo: string, data: string): void {
    const found = articles.get(id)!;
    const versao = found.item.versao + 1;
    const previous = found.revisions.at(-1)!.article;
    found.revisions.push({ entry: { versao, autor: 'Outro Editor', data, acao: 'editado', titulo }, article: { ...previous, titulo } });
    found.item = { ...found.item, titulo, versao, data_atualizacao: data };
  }

  const ports: EditorAreaPorts = {
    limitFailedKeys: failedKeyLimiter(config, logger),
    sessions: {
      async read(req) {
        const id = cookieOf(req);
        const autor = id ? sessions.get(id) : undefined;
        return autor ? { autor } : null;
      },
      async open(_req, res, key) {
        if (key.trim() !== FAKE_KEY) return { ok: false };
        const id = `s${++sessionSeq}`;
        sessions.set(id, FAKE_AUTHOR);
        res.cookie(COOKIE, id, { httpOnly: true, sameSite: 'strict' });
        return { ok: true, session: { autor: FAKE_AUTHOR } };
      },
      async close(req, res) {
        const id = cookieOf(req);
        if (id) sessions.delete(id);
        res.clearCookie(COOKIE);
      },
    },
    articles: {
      async list(query) {
        listCalls.push(query);
        const matching = [...articles.values()]
          .map((article) => article.item)
          .filter((item) => !query.status || item.status === query.status)
          .filter((item) => !query.busca || item.titulo.toLowerCase().includes(query.busca.toLowerCase()))
          .sort((a, b) => b.data_atualizacao.localeCompare(a.data_atualizacao));
        const start = (query.pageIndex - 1) * query.pageSize;
        return { items: matching.slice(start, start + query.pageSize), total: matching.length };
      },
      async heading(id) {
        const item = articles.get(id)?.item;
        return item ? { id: item.id, titulo: item.titulo, status: item.status, versao: item.versao } : null;
      },
      async revisions(id) {
        return (articles.get(id)?.revisions ?? []).map((revision) => revision.entry);
      },
      async revision(id, versao) {
        return articles.get(id)?.revisions.find((revision) => revision.entry.versao === versao)?.article ?? null;
      },
      async restore({ id, versao, autor, expectedVersao }) {
        const found = articles.get(id);
        const source = found?.revisions.find((revision) => revision.entry.versao === versao);
        if (!found || !source) return { ok: false, status: 404, message: 'Versão do artigo não encontrada.' };
        if (expectedVersao !== undefined && expectedVersao !== found.item.versao) {
          return { ok: false, status: 409, message: `Este artigo foi alterado (agora está na versão ${found.item.versao}).` };
        }
        const next = found.item.versao + 1;
        const data = new Date().toISOString();
        found.revisions.push({ entry: { versao: next, autor, data, acao: 'restaurado', titulo: source.article.titulo }, article: source.article });
        found.item = { ...found.item, titulo: source.article.titulo, versao: next, data_atualizacao: data };
        return { ok: true, id, versao: next };
      },
    },
  };
  return { ports, sessions, addArticle, edit, listCalls };
}
