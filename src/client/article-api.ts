import type { ImageSet } from '../images/image-set.js';
import { apiRequest, type ApiResult } from './api-client.js';
import { API_MESSAGES } from './messages.js';
import { uploadWithProgress, type UploadProgress, type UploadTransport } from './upload-request.js';

/** What POST /artigos/novo and PUT /artigos/{id} take besides the credentials (spec section 3). */
export interface NewArticlePayload {
  titulo: string;
  titulo_url: string;
  descricao: string;
  keywords: string;
  conteudo: string;
  imagem?: { nome: string; caption: string; alt?: string; width: number; height: number };
  temas?: string[];
  autores?: number[];
  clinico?: boolean;
  referencias?: ArticleReference[];
  /** The editing tab's token (issue 34): a save after someone took the editing over is kept as a suggestion. */
  edicao?: string;
}

export interface ArticleReference {
  texto: string;
  url?: string;
}

/** The last approval of a clinical article (issue 18). */
export interface ApprovedReview {
  revisor: string;
  data: string;
  versao: number;
}

export type ArticleStatus = 'rascunho' | 'agendado' | 'publicado' | 'despublicado';

export interface PublishedArticle {
  id: number;
  titulo_url: string;
  data_publicacao: string;
}

/** GET /artigos/{id} with editor credentials (issue 11): any state, with its version and images. */
export interface EditableArticle extends PublishedArticle {
  titulo: string;
  descricao: string;
  keywords: string;
  conteudo: string;
  autor: string;
  imagem_nome: string | null;
  imagem_caption: string | null;
  imagem_alt: string | null;
  imagem_width: number | null;
  imagem_height: number | null;
  status: ArticleStatus;
  versao: number;
  publicar_em: string | null;
  data_atualizacao: string;
  imagens?: ImageSet[];
  temas?: string[];
  autores?: number[];
  clinico?: boolean;
  referencias?: ArticleReference[];
  revisao_medica?: ApprovedReview | null;
  aguardando_revisao_medica?: boolean;
  /** The São Paulo day (AAAA-MM-DD) by which the medical review must be renewed (issue 33). */
  proxima_revisao?: string | null;
}

/** A dated correction of a published article (issue 33). */
export interface Correction {
  id: number;
  texto: string;
  data: string;
}

/** The upload answer (issue 9): the saved name, the real size after orientation, the variants. */
export type UploadedImage = Pick<ImageSet, 'nome' | 'width' | 'height' | 'masterUrl' | 'variants' | 'social'> & { id: number };

/**
 * How a write is authorised: the key typed in the form (the spec's `key` field, or a Bearer header
 * on reads), or the session cookie that every call sends anyway.
 */
export type Credentials = { key: string } | { session: true };

export interface Saved {
  id: number;
  versao: number;
  /** A clinical article already public: this version waits for a medical review before readers get it. */
  aguardando_revisao_medica?: true;
}

/** The article endpoints of spec section 7 and issue 11, under the configured API base path. */
export function createArticleApi(
  basePath: string,
  fetchImpl: typeof fetch = (...args) => fetch(...args),
  uploadTransport?: () => UploadTransport,
) {
  const url = (path: string) => `${basePath}/artigos/${path}`;
  const keyOf = (credentials: Credentials) => ('key' in credentials ? { key: credentials.key } : {});
  const send = (method: string, body: unknown): RequestInit => ({
    method,
    headers: { 'content-type': 'application/json', accept: 'application/json' },
    body: JSON.stringify(body),
  });
  const read = (credentials?: Credentials): RequestInit => ({
    headers: {
      accept: 'application/json',
      ...(credentials && 'key' in credentials ? { authorization: `Bearer ${credentials.key}` } : {}),
    },
  });
  return {
    nextId: (): Promise<ApiResult<number>> => apiRequest<number>(url('next-id'), read(), fetchImpl),
    get: (id: number): Promise<ApiResult<PublishedArticle>> => apiRequest<PublishedArticle>(url(String(id)), read(), fetchImpl),
    signers: (): Promise<ApiResult<{ id: number; nome: string }[]>> => apiRequest(`${basePath}/pessoas/assinaturas`, read(), fetchImpl),
    requestReview: (id: number, credentials: Credentials): Promise<ApiResult<{ revisores: number }>> =>
      apiRequest<{ revisores: number }>(url(`${id}/pedido-de-revisao`), send('POST', keyOf(credentials)), fetchImpl),
    revision: (id: number, versao: number, credentials: Credentials): Promise<ApiResult<{ versao: number; titulo: string; conteudo: string }>> =>
      apiRequest(url(`${id}/revisoes/${versao}`), read(credentials), fetchImpl),
    approveReview: (id: number, credentials: Credentials, versao: number, meses?: number): Promise<ApiResult<ApprovedReview & { proxima_revisao: string | null }>> =>
      apiRequest(url(`${id}/revisao-medica`), send('POST', { ...keyOf(credentials), versao, ...(meses === undefined ? {} : { meses }) }), fetchImpl),
    setNextReview: (id: number, credentials: Credentials, proxima_revisao: string | null): Promise<ApiResult<{ proxima_revisao: string | null }>> =>
      apiRequest(url(`${id}/revisao-medica`), send('PATCH', { ...keyOf(credentials), proxima_revisao }), fetchImpl),
    corrections: (id: number): Promise<ApiResult<Correction[]>> => apiRequest<Correction[]>(url(`${id}/correcoes`), read(), fetchImpl),
    addCorrection: (id: number, credentials: Credentials, texto: string): Promise<ApiResult<Correction>> =>
      apiRequest<Correction>(url(`${id}/correcoes`), send('POST', { ...keyOf(credentials), texto }), fetchImpl),
    async getForEditing(id: number, credentials: Credentials): Promise<ApiResult<EditableArticle>> {
      const result = await apiRequest<EditableArticle>(url(String(id)), read(credentials), fetchImpl);
      // A session that ran out reads a published article as anyone does, without its version: not editable.
      if (result.ok && typeof result.value.versao !== 'number') return { ok: false, status: 401, message: API_MESSAGES.unauthorized };
      return result;
    },
    create: (credentials: Credentials, article: NewArticlePayload, status?: 'rascunho' | 'publicado'): Promise<ApiResult<number>> =>
      apiRequest<number>(url('novo'), send('POST', { ...keyOf(credentials), ...article, ...(status ? { status } : {}) }), fetchImpl),
    update: (id: number, credentials: Credentials, article: NewArticlePayload, versao: number): Promise<ApiResult<Saved>> =>
      apiRequest<Saved>(url(String(id)), send('PUT', { ...keyOf(credentials), ...article, versao }), fetchImpl),
    setStatus: (
      id: number,
      credentials: Credentials,
      status: ArticleStatus,
      publicarEm?: string,
    ): Promise<ApiResult<Saved & { status: ArticleStatus }>> =>
      apiRequest(
        url(`${id}/status`),
        send('POST', { ...keyOf(credentials), status, ...(publicarEm ? { publicar_em: publicarEm } : {}) }),
        fetchImpl,
      ),
    uploadImage: (
      file: Blob,
      filename: string,
      articleId: number,
      credentials: Credentials,
      onProgress?: (progress: UploadProgress) => void,
    ): Promise<ApiResult<UploadedImage>> => {
      // Text fields first: a multipart parser sees them before it has to decide about the file.
      const form = new FormData();
      form.append('filename', filename);
      form.append('id_artigo', String(articleId));
      if ('key' in credentials) form.append('key', credentials.key);
      form.append('file', file, filename);
      return uploadWithProgress<UploadedImage>(url('upload-imagem'), form, onProgress, uploadTransport);
    },
  };
}

export type ArticleApi = ReturnType<typeof createArticleApi>;
