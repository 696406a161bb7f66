import type { NewArticle } from './repository.js';

export type ImportOrigin = 'wordpress' | 'markdown';

/** An import of the archive: which file, and how far it went (issue 34). */
export interface ImportJob {
  id: number;
  origem: ImportOrigin;
  /** The file's name as uploaded. */
  arquivo: string;
  /** The file's SHA-256: the same file again resumes its unfinished job. */
  sha256: string;
  estado: 'em-andamento' | 'concluida';
  /** Items of the file that may become articles. */
  total: number;
  /** Items looked at so far (created, already there, or refused). */
  feitos: number;
  criados: number;
  recusados: number;
  autor: string;
  /** ISO 8601 UTC. */
  criada_em: string;
  atualizada_em: string;
}

export interface NewImportJob {
  origem: ImportOrigin;
  arquivo: string;
  sha256: string;
  total: number;
  autor: string;
  id_pessoa: number | null;
}

/** Where an item came from: `fonte` names the export (a site, a zip), `id_origem` the item in it. */
export interface ImportSource {
  fonte: string;
  id_origem: string;
  /** WordPress's post id, answered at /?p=… */
  wp_id: number | null;
  /** The item's old path without the trailing slash (/2024/05/slug), answered with a 301. */
  caminho_antigo: string | null;
}

/** One article of an import batch: the article, where it came from, and its body once its id is known. */
export interface ImportedArticleEntry {
  article: NewArticle;
  source: ImportSource;
  contentFor: (id: number) => string;
}

/** An article an import created, for the page that shows the import's result. */
export interface ArticleOfImport {
  id: number;
  titulo: string;
  titulo_url: string;
  status: 'rascunho' | 'agendado' | 'publicado' | 'despublicado';
  data_publicacao: string;
}

/** A public article an old URL leads to. */
export interface ImportedArticle {
  id: number;
  titulo_url: string;
  data_publicacao: string;
}

/** The archive's imports: their jobs, and which article each imported item became. */
export interface ImportStore {
  /** The unfinished job of the same file (an interrupted import resumes), or a new one. */
  openJob(job: NewImportJob, now: string): Promise<ImportJob>;
  job(id: number): Promise<ImportJob | null>;
  /** The newest jobs first. */
  recentJobs(limit: number): Promise<ImportJob[]>;
  /** The job's counts so far (what it created is counted from the sources it recorded); `done` closes it. */
  progress(id: number, counts: { feitos: number; recusados: number }, done: boolean, now: string): Promise<void>;
  /** The articles already imported from these items of `fonte`, by id_origem. */
  imported(fonte: string, ids: string[]): Promise<Map<string, number>>;
  /**
   * Creates the article and records its source in one transaction; `contentFor` gives its body once its
   * id is known. When the source was imported already (another instance, a retry) nothing is created and
   * the existing article's id comes back with created false.
   */
  createArticle(article: NewArticle, source: ImportSource, id_importacao: number, contentFor: (id: number) => string): Promise<{ id: number; created: boolean }>;
  /**
   * createArticle for a batch, in one transaction (one commit for many posts), the outcomes in the
   * batch's order. An item whose source was imported already keeps its article (created false); when
   * another instance records one of the batch's sources meanwhile, the batch is written again without it.
   */
  createArticles(entries: ImportedArticleEntry[], id_importacao: number): Promise<{ id: number; created: boolean }[]>;
  /** The articles the job created (its recorded sources), oldest first, at most `limit`. */
  articlesOf(id_importacao: number, limit: number): Promise<ArticleOfImport[]>;
  /** The public article WordPress knew by this post id. */
  publicByWordPressId(wp_id: number): Promise<ImportedArticle | null>;
  /** The public article that had this old path. */
  publicByOldPath(caminho: string): Promise<ImportedArticle | null>;
}
