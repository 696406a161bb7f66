import type { ArticleCredits, ArticleReference, MedicalReview, PendingVersion, StoredArticle } from './repository.js';
import type { ArticleTable } from './schema.js';

/** The columns of an article as every read returns it (`pendente` only get() adds). */
export const ARTICLE_COLUMNS = [
  'id',
  'titulo',
  'titulo_url',
  'conteudo',
  'descricao',
  'keywords',
  'data_publicacao',
  'data_atualizacao',
  'autor',
  'imagem_nome',
  'imagem_caption',
  'imagem_alt',
  'imagem_width',
  'imagem_height',
  'status',
  'publicar_em',
  'versao',
  'ja_publicado',
  'id_criador',
  'id_ultimo_editor',
  'id_publicador',
  'autores',
  'clinico',
  'referencias',
  'revisao_medica',
  'proxima_revisao',
] as const;

type ArticleRow = Omit<StoredArticle, 'ja_publicado' | keyof ArticleCredits | 'pendente'> &
  Pick<ArticleTable, 'ja_publicado' | 'autores' | 'clinico' | 'referencias' | 'revisao_medica'> & { pendente?: string | null };

export const toArticle = ({ pendente, ...row }: ArticleRow): StoredArticle => ({
  ...row,
  ja_publicado: Boolean(row.ja_publicado),
  autores: JSON.parse(row.autores) as number[],
  clinico: Boolean(row.clinico),
  referencias: JSON.parse(row.referencias) as ArticleReference[],
  revisao_medica: row.revisao_medica ? (JSON.parse(row.revisao_medica) as MedicalReview) : null,
  // Only a version waiting for review adds the field: otherwise get() reads as the lists do.
  ...(pendente ? { pendente: JSON.parse(pendente) as PendingVersion } : {}),
});

/** Both databases take 1/0 for a flag (PostgreSQL reads '1' as true). */
export const flag = (value: boolean) => (value ? 1 : 0);

/** The columns that store an article's flags and lists. */
export const credits = (article: ArticleCredits) => ({
  autores: JSON.stringify(article.autores),
  clinico: flag(article.clinico),
  referencias: JSON.stringify(article.referencias),
  revisao_medica: article.revisao_medica ? JSON.stringify(article.revisao_medica) : null,
});
