/** The article form's own fields (the content lives in the editor). */
export interface ArticleFields {
  chave: string;
  titulo: string;
  tituloUrl: string;
  /** Set once the title in the URL is typed by hand: from then on it no longer follows the title. */
  tituloUrlManual: boolean;
  descricao: string;
  keywords: string;
  imagemNome: string;
  imagemCaption: string;
  /** Empty: the caption serves as the alternative text. */
  imagemAlt: string;
  imagemWidth: string;
  imagemHeight: string;
}

export type FieldName = Exclude<keyof ArticleFields, 'tituloUrlManual'> | 'conteudo';

export const EMPTY_FIELDS: ArticleFields = {
  chave: '',
  titulo: '',
  tituloUrl: '',
  tituloUrlManual: false,
  descricao: '',
  keywords: '',
  imagemNome: '',
  imagemCaption: '',
  imagemAlt: '',
  imagemWidth: '',
  imagemHeight: '',
};

/** DOM ids of the inputs, so that errors can point at them and focus the first one. */
export const FIELD_IDS: Record<FieldName, string> = {
  chave: 'artigo-chave',
  titulo: 'artigo-titulo',
  tituloUrl: 'artigo-titulo-url',
  descricao: 'artigo-descricao',
  keywords: 'artigo-keywords',
  conteudo: 'artigo-conteudo',
  imagemNome: 'artigo-imagem-nome',
  imagemCaption: 'artigo-imagem-caption',
  imagemAlt: 'artigo-imagem-alt',
  imagemWidth: 'artigo-imagem-largura',
  imagemHeight: 'artigo-imagem-altura',
};

/**
 * One keystroke in a field. The title in the URL follows the title (as a slug) until it is typed by
 * hand; emptying it by hand makes it follow the title again.
 */
export function applyFieldChange(
  fields: ArticleFields,
  name: Exclude<keyof ArticleFields, 'tituloUrlManual'>,
  value: string,
  slugify: (text: string) => string,
): ArticleFields {
  const next = { ...fields, [name]: value };
  if (name === 'titulo' && !fields.tituloUrlManual) next.tituloUrl = slugify(value);
  if (name === 'tituloUrl') next.tituloUrlManual = value.trim() !== '';
  return next;
}

/** The form's fields for an article read from the server (the key is never part of it). */
export function fieldsFromArticle(article: {
  titulo: string;
  titulo_url: string;
  descricao: string;
  keywords: string;
  imagem_nome: string | null;
  imagem_caption: string | null;
  imagem_alt: string | null;
  imagem_width: number | null;
  imagem_height: number | null;
}): ArticleFields {
  return {
    chave: '',
    titulo: article.titulo,
    tituloUrl: article.titulo_url,
    tituloUrlManual: true,
    descricao: article.descricao,
    keywords: article.keywords,
    imagemNome: article.imagem_nome ?? '',
    imagemCaption: article.imagem_caption ?? '',
    imagemAlt: article.imagem_alt ?? '',
    imagemWidth: article.imagem_width ? String(article.imagem_width) : '',
    imagemHeight: article.imagem_height ? String(article.imagem_height) : '',
  };
}
