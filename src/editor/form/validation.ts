import { isSlug } from '../../lib/slug.js';
import type { NewArticlePayload } from '../../client/article-api.js';
import type { ArticleFields, FieldName } from './fields.js';

export const VALIDATION_MESSAGES = {
  chave: 'Informe a chave de editor.',
  titulo: 'Informe o título.',
  tituloUrl: 'Informe o título na URL.',
  slugInvalid: 'Use apenas letras minúsculas sem acento, números e hífens (ex.: meu-artigo).',
  descricao: 'Informe a descrição.',
  conteudo: 'Escreva o conteúdo do artigo.',
  imagemNome: 'Informe o nome da imagem principal, ou deixe o grupo todo vazio.',
  imagemWidth: 'Informe a largura em pixels (número inteiro maior que zero).',
  imagemHeight: 'Informe a altura em pixels (número inteiro maior que zero).',
  summary: 'Corrija os campos indicados antes de salvar.',
  draftTitle: 'Informe ao menos o título para salvar o rascunho.',
} as const;

export type FieldErrors = Partial<Record<FieldName, string>>;

const POSITIVE_INTEGER = /^[1-9]\d*$/;

/**
 * The blocking checks of issue 5: required fields, and a primary image filled in completely or not at all.
 * The key is not asked for when the editor is signed in.
 */
export function validateArticle(fields: ArticleFields, contentEmpty: boolean, needsKey = true): FieldErrors {
  const errors: FieldErrors = {};
  if (needsKey && !fields.chave.trim()) errors.chave = VALIDATION_MESSAGES.chave;
  if (!fields.titulo.trim()) errors.titulo = VALIDATION_MESSAGES.titulo;
  if (!fields.tituloUrl.trim()) errors.tituloUrl = VALIDATION_MESSAGES.tituloUrl;
  else if (!isSlug(fields.tituloUrl.trim())) errors.tituloUrl = VALIDATION_MESSAGES.slugInvalid;
  if (!fields.descricao.trim()) errors.descricao = VALIDATION_MESSAGES.descricao;
  if (contentEmpty) errors.conteudo = VALIDATION_MESSAGES.conteudo;
  const image = [fields.imagemNome, fields.imagemCaption, fields.imagemWidth, fields.imagemHeight, fields.imagemAlt].map((value) => value.trim());
  if (image.some(Boolean)) {
    if (!image[0]) errors.imagemNome = VALIDATION_MESSAGES.imagemNome;
    if (!POSITIVE_INTEGER.test(image[2]!)) errors.imagemWidth = VALIDATION_MESSAGES.imagemWidth;
    if (!POSITIVE_INTEGER.test(image[3]!)) errors.imagemHeight = VALIDATION_MESSAGES.imagemHeight;
  }
  return errors;
}

/** A draft only needs a way to reach the server and a title to be found by. */
export function validateDraft(fields: ArticleFields, needsKey: boolean): FieldErrors {
  const errors: FieldErrors = {};
  if (needsKey && !fields.chave.trim()) errors.chave = VALIDATION_MESSAGES.chave;
  if (!fields.titulo.trim()) errors.titulo = VALIDATION_MESSAGES.draftTitle;
  return errors;
}

/** The request body of spec section 3; imagem only when its name is filled in. */
export function toPayload(fields: ArticleFields, conteudo: string): NewArticlePayload {
  const payload: NewArticlePayload = {
    titulo: fields.titulo.trim(),
    titulo_url: fields.tituloUrl.trim(),
    descricao: fields.descricao.trim(),
    keywords: fields.keywords.trim(),
    conteudo,
  };
  if (fields.imagemNome.trim()) {
    payload.imagem = {
      nome: fields.imagemNome.trim(),
      caption: fields.imagemCaption.trim(),
      ...(fields.imagemAlt.trim() ? { alt: fields.imagemAlt.trim() } : {}),
      width: Number(fields.imagemWidth),
      height: Number(fields.imagemHeight),
    };
  }
  return payload;
}
