import type { ImageSet } from '../images/image-set.js';
import { apiRequest, type ApiResult } from './api-client.js';
import type { Credentials } from './article-api.js';

/** An image of the team's library as GET /imagens lists it. */
export interface LibraryEntry {
  id: number;
  id_artigo: number;
  titulo_artigo: string;
  nome: string;
  width: number;
  height: number;
  alt_padrao: string | null;
  legenda_padrao: string | null;
  miniatura: string;
  usos: { id_artigo: number; titulo: string; nome: string }[];
}

/** POST /artigos/{id}/imagens: the image under the article's URLs, with the default texts. */
export type InsertedImage = ImageSet & { alt: string; legenda: string };

/** The media library's API (issue 34), with the form's credentials: the session cookie or the typed key. */
export function createMediaLibraryApi(basePath: string, fetchImpl: typeof fetch = (...args) => fetch(...args)) {
  const bearer = (credentials: Credentials): Record<string, string> => ('key' in credentials ? { authorization: `Bearer ${credentials.key}` } : {});
  return {
    search: (query: string, credentials: Credentials): Promise<ApiResult<LibraryEntry[]>> =>
      apiRequest(`${basePath}/imagens?q=${encodeURIComponent(query)}`, { headers: { accept: 'application/json', ...bearer(credentials) } }, fetchImpl),
    insert: (id_artigo: number, id_imagem: number, credentials: Credentials): Promise<ApiResult<InsertedImage>> =>
      apiRequest(
        `${basePath}/artigos/${id_artigo}/imagens`,
        { method: 'POST', headers: { 'content-type': 'application/json', accept: 'application/json', ...bearer(credentials) }, body: JSON.stringify({ id_imagem }) },
        fetchImpl,
      ),
  };
}
