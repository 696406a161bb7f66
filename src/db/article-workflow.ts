import type { ExpressionBuilder } from 'kysely';
import {
  PENDING_FIELDS,
  type ArticleChange,
  type ArticleImageInput,
  type ChangeReach,
  type NewArticle,
  type PendingVersion,
  type ArticleSnapshot,
  type StoredArticle,
} from './repository.js';
import type { Schema } from './schema.js';

/**
 * The state rules both adapters apply, kept pure so that SQLite and PostgreSQL cannot drift apart.
 * Dates are ISO 8601 UTC strings, so string order is time order.
 */

/**
 * The one rule of what readers may see at `now`: published, or scheduled and due. `isPublic` applies it
 * to an article in hand and `publicAt` writes it as the condition of every query of public articles, in
 * either dialect; a test runs both on the same rows and holds them together.
 */
export function isPublic(article: Pick<StoredArticle, 'status' | 'publicar_em'>, now: string): boolean {
  if (article.status === 'publicado') return true;
  return article.status === 'agendado' && article.publicar_em !== null && article.publicar_em <= now;
}

export function publicAt(now: string) {
  return (eb: ExpressionBuilder<Schema, 'artigos'>) =>
    eb.or([eb('status', '=', 'publicado'), eb.and([eb('status', '=', 'agendado'), eb('publicar_em', '<=', now)])]);
}

/** The main image as the columns that store it (all null without an image). */
export function imageColumns(imagem: ArticleImageInput | null | undefined) {
  return {
    imagem_nome: imagem?.nome ?? null,
    imagem_caption: imagem?.caption ?? null,
    imagem_alt: imagem?.alt ?? null,
    imagem_width: imagem?.width ?? null,
    imagem_height: imagem?.height ?? null,
  };
}

/** The row a creation stores (everything but the id). */
export function newArticleRow(article: NewArticle, now: string) {
  const status = article.status ?? 'publicado';
  const publicar_em = status === 'agendado' ? (article.publicar_em ?? now) : null;
  // A scheduled article's URL carries the day it goes out; a draft's date is provisional until then.
  const data_publicacao = article.data_publicacao ?? publicar_em ?? now;
  return {
    titulo: article.titulo,
    titulo_url: article.titulo_url,
    conteudo: article.conteudo,
    descricao: article.descricao,
    keywords: article.keywords,
    autor: article.autor,
    ...imageColumns(article.imagem),
    status,
    publicar_em,
    data_publicacao,
    data_atualizacao: article.data_publicacao ?? now,
    ja_publicado: status === 'publicado',
    id_criador: article.id_criador ?? null,
    id_ultimo_editor: article.id_criador ?? null,
    id_publicador: status === 'rascunho' ? null : (article.id_criador ?? null),
    autores: article.autores ?? (article.id_criador ? [article.id_criador] : []),
    clinico: article.clinico ?? false,
    referencias: article.referencias ?? [],
    revisao_medica: null,
    proxima_revisao: null,
  };
}

/** The article after `change`, one version later. data_publicacao is fixed by the first publication and kept. */
export function applyChange(current: StoredArticle, change: ArticleChange, now: string): StoredArticle {
  // A minor edit of a published article (a typo) does not pretend the article is new.
  const minor = change.relevante === false && current.status === 'publicado' && !change.status;
  const next: StoredArticle = { ...current, versao: current.versao + 1, data_atualizacao: minor ? current.data_atualizacao : now };
  if (change.content) {
    // Topics are rows of their own (sql-topic-store.ts), not columns of the article.
    const { imagem, autores, clinico, referencias, temas: _temas, ...fields } = change.content;
    Object.assign(next, fields, imageColumns(imagem));
    if (autores) next.autores = autores;
    if (clinico !== undefined) next.clinico = clinico;
    if (referencias) next.referencias = referencias;
  }
  if (change.status) {
    const wasPublic = current.ja_publicado || isPublic(current, now);
    next.status = change.status.status;
    next.publicar_em = change.status.status === 'agendado' ? change.status.publicar_em : null;
    if (!wasPublic && next.status === 'publicado') next.data_publicacao = now;
    if (!wasPublic && next.status === 'agendado' && next.publicar_em) next.data_publicacao = next.publicar_em;
    next.ja_publicado = wasPublic || next.status === 'publicado';
  }
  if (change.id_pessoa !== undefined) {
    next.id_ultimo_editor = change.id_pessoa;
    if (change.status && change.status.status !== 'rascunho' && change.status.status !== 'despublicado') next.id_publicador = change.id_pessoa;
  }
  return next;
}

/** The article as its editors see it: with the version waiting for review, when there is one. */
export function workingCopy(article: StoredArticle): StoredArticle {
  return article.pendente ? { ...article, ...article.pendente.fields } : article;
}

/** The fields a version awaiting review holds back, as `article` has them. */
export const pendingFields = (article: StoredArticle) => Object.fromEntries(PENDING_FIELDS.map((field) => [field, article[field]])) as PendingVersion['fields'];

export function snapshotOf(article: ArticleSnapshot): ArticleSnapshot {
  return {
    titulo: article.titulo,
    titulo_url: article.titulo_url,
    conteudo: article.conteudo,
    descricao: article.descricao,
    keywords: article.keywords,
    imagem_nome: article.imagem_nome,
    imagem_caption: article.imagem_caption,
    imagem_alt: article.imagem_alt,
    imagem_width: article.imagem_width,
    imagem_height: article.imagem_height,
    status: article.status,
    publicar_em: article.publicar_em,
  };
}

/** LIKE pattern for a search: the words as typed, with LIKE's wildcards taken literally (ESCAPE '\'). */
export function likePattern(text: string): string {
  return `%${text.trim().replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

const PLACEMENT_FIELDS = ['status', 'publicar_em', 'data_publicacao', 'ja_publicado'] as const;
const SUMMARY_FIELDS = ['titulo', 'titulo_url', 'descricao', 'keywords', 'imagem_nome', 'imagem_caption', 'imagem_alt', 'imagem_width', 'imagem_height'] as const;

/**
 * How far a change reaches beyond the article's own page (see RepositoryEvent). Other authors move the
 * article between author pages, as other topics move it between topic pages.
 */
export function changeReach(before: StoredArticle, after: StoredArticle): ChangeReach {
  if (PLACEMENT_FIELDS.some((field) => before[field] !== after[field])) return 'placement';
  if (before.autores.join() !== after.autores.join()) return 'placement';
  if (SUMMARY_FIELDS.some((field) => before[field] !== after[field])) return 'summary';
  if (READER_FIELDS.some((field) => JSON.stringify(before[field]) !== JSON.stringify(after[field]))) return 'body';
  return 'none';
}

/**
 * What a reader may see of the article's own page beyond the fields above. Listed rather than left
 * implicit: a held version (`pendente`), the version number and who last saved are for editors only,
 * and a change of them alone must leave every public page as it is.
 */
const READER_FIELDS = ['conteudo', 'autor', 'data_atualizacao', 'clinico', 'referencias', 'revisao_medica', 'proxima_revisao'] as const;

/**
 * How far a change reaches for readers (RepositoryEvent): nowhere when the article was not public before
 * and is not after it (a draft, an article scheduled for later, an unpublished one), however much changed.
 * `retopiced`: its topics changed, which moves it between topic pages.
 */
export function publicReach(before: StoredArticle, after: StoredArticle, now: string, retopiced = false): ChangeReach {
  if (!isPublic(before, now) && !isPublic(after, now)) return 'none';
  return retopiced ? 'placement' : changeReach(before, after);
}

/** How far an article's appearance or disappearance reaches: only a public one was or will be seen. */
export const presenceReach = (article: Pick<StoredArticle, 'status' | 'publicar_em'>, now: string): 'none' | 'placement' =>
  isPublic(article, now) ? 'placement' : 'none';
