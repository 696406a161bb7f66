import { apiRequest, type ApiResult } from './api-client.js';

export interface EditorSession {
  autor: string;
}

/** GET {api}/sessao: who is signed in (issue 11); a 401 means nobody, which is not an error here. */
export function fetchSession(basePath: string, fetchImpl: typeof fetch = (...args) => fetch(...args)): Promise<ApiResult<EditorSession>> {
  return apiRequest<EditorSession>(`${basePath}/sessao`, { headers: { accept: 'application/json' } }, fetchImpl);
}
