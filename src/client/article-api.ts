import { apiRequest, type ApiResult } from './api-client.js';

/** What POST /artigos/novo takes besides the key (spec section 3). */
export interface NewArticlePayload {
  titulo: string;
  titulo_url: string;
  descricao: string;
  keywords: string;
  conteudo: string;
  imagem?: { nome: string; caption: string; width: number; height: number };
}

export interface PublishedArticle {
  id: number;
  titulo_url: string;
  data_publicacao: string;
}

export interface UploadedImage {
  id: number;
  nome: string;
}

/** The article endpoints of spec section 7, under the configured API base path. */
export function createArticleApi(basePath: string, fetchImpl: typeof fetch = (...args) => fetch(...args)) {
  const url = (path: string) => `${basePath}/artigos/${path}`;
  const json = (body: unknown): RequestInit => ({
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json' },
    body: JSON.stringify(body),
  });
  return {
    nextId: (): Promise<ApiResult<number>> => apiRequest<number>(url('next-id'), { headers: { accept: 'application/json' } }, fetchImpl),
    get: (id: number): Promise<ApiResult<PublishedArticle>> =>
      apiRequest<PublishedArticle>(url(String(id)), { headers: { accept: 'application/json' } }, fetchImpl),
    create: (key: string, article: NewArticlePayload): Promise<ApiResult<number>> =>
      apiRequest<number>(url('novo'), json({ key, ...article }), fetchImpl),
    uploadImage: (file: Blob, filename: string, articleId: number, key: string): Promise<ApiResult<UploadedImage>> => {
      // Text fields first: a multipart parser sees them before it has to decide about the file.
      const form = new FormData();
      form.append('filename', filename);
      form.append('id_artigo', String(articleId));
      form.append('key', key);
      form.append('file', file, filename);
      return apiRequest<UploadedImage>(url('upload-imagem'), { method: 'POST', body: form, headers: { accept: 'application/json' } }, fetchImpl);
    },
  };
}

export type ArticleApi = ReturnType<typeof createArticleApi>;
