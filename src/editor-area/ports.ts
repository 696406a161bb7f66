import type { Request, RequestHandler, Response } from 'express';
import type { ArticleState } from './article-states.js';

/**
 * What the area pages need from the workflow server, in one place: the pages are tested against
 * fakes of these, and app wiring binds them to the real sessions and repository.
 */
export interface EditorSession {
  autor: string;
}

export type SignInResult = { ok: true; session: EditorSession } | { ok: false };

export interface SessionPort {
  read(req: Request): Promise<EditorSession | null>;
  /** Checks the key and, when it is right, sets the session cookie on res. */
  open(req: Request, res: Response, key: string): Promise<SignInResult>;
  close(req: Request, res: Response): Promise<void>;
}

export interface ListQuery {
  pageIndex: number;
  pageSize: number;
  status?: ArticleState;
  busca?: string;
}

export interface ArticleListItem {
  id: number;
  titulo: string;
  titulo_url: string;
  status: ArticleState;
  autor: string;
  data_atualizacao: string;
  publicar_em: string | null;
  versao: number;
}

export interface RevisionEntry {
  versao: number;
  autor: string;
  data: string;
  acao: string;
  titulo: string;
}

/** The article as a revision stored it. */
export interface RevisionArticle {
  titulo: string;
  titulo_url: string;
  descricao: string;
  keywords: string;
  conteudo: string;
  imagem_nome: string | null;
  imagem_caption: string | null;
  imagem_width: number | null;
  imagem_height: number | null;
}

export interface ArticleHeading {
  id: number;
  titulo: string;
  status: ArticleState;
  versao: number;
}

export type RestoreResult =
  | { ok: true; id: number; versao: number }
  /** 404: no such article or version; 409: it changed since the page was read; 400: it cannot be made public so. */
  | { ok: false; status: number; message: string };

export interface ArticlesPort {
  list(query: ListQuery): Promise<{ items: ArticleListItem[]; total: number }>;
  /** Any state; null when no such article exists. */
  heading(id: number): Promise<ArticleHeading | null>;
  revisions(id: number): Promise<RevisionEntry[]>;
  revision(id: number, versao: number): Promise<RevisionArticle | null>;
  /** Saves the revision's content as a new version, refused when the article is no longer at expectedVersao. */
  restore(request: { id: number; versao: number; autor: string; expectedVersao?: number }): Promise<RestoreResult>;
}

export interface EditorAreaPorts {
  sessions: SessionPort;
  articles: ArticlesPort;
  /** The failed-key limiter the API uses, so a guess counts the same on the form and on the API. */
  limitFailedKeys: RequestHandler;
}
