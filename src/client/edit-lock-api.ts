import { apiRequest, type ApiResult } from './api-client.js';
import type { Credentials } from './article-api.js';

/** What the server says of an article's editing lock: this tab's, or someone else's since `desde`. */
export interface EditLockView {
  minha: boolean;
  nome: string;
  desde: string;
  expira_em: string;
}

/** The editing lock's endpoints (issue 34), under the configured API base path. */
export function createEditLockApi(basePath: string, id: number, titular: string) {
  const url = (suffix = '') => `${basePath}/artigos/${id}/edicao${suffix}`;
  const body = (credentials: Credentials) => JSON.stringify({ ...('key' in credentials ? { key: credentials.key } : {}), titular });
  const send = (method: string, credentials: Credentials, keepalive = false): RequestInit => ({
    method,
    headers: { 'content-type': 'application/json', accept: 'application/json' },
    body: body(credentials),
    keepalive,
  });
  return {
    beat: (credentials: Credentials): Promise<ApiResult<EditLockView>> => apiRequest<EditLockView>(url(), send('POST', credentials)),
    takeOver: (credentials: Credentials): Promise<ApiResult<EditLockView>> => apiRequest<EditLockView>(url('/assumir'), send('POST', credentials)),
    /** Sent as the page goes away: keepalive lets it outlive the page. */
    release: (credentials: Credentials): Promise<ApiResult<unknown>> => apiRequest(url(), send('DELETE', credentials, true)),
  };
}
