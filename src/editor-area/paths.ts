/** Paths of the editor area. The preview page belongs to the workflow server; the area only links to it. */
export const AREA_PATHS = {
  home: '/editor',
  signIn: '/editor/entrar',
  signOut: '/editor/sair',
  article: '/editor/artigos/:id',
  history: '/editor/artigos/:id/historico',
  revision: '/editor/artigos/:id/historico/:versao',
  restore: '/editor/artigos/:id/historico/:versao/restaurar',
} as const;

export const RETURN_PARAM = 'volta';

export const editArticlePath = (id: number) => `/editor/artigos/${id}`;
export const historyPath = (id: number) => `/editor/artigos/${id}/historico`;
export const revisionPath = (id: number, versao: number) => `/editor/artigos/${id}/historico/${versao}`;
export const restorePath = (id: number, versao: number) => `/editor/artigos/${id}/historico/${versao}/restaurar`;
export const previewPath = (id: number) => `/editor/previa/${id}`;

export function signInPath(returnTo?: string): string {
  return returnTo ? `${AREA_PATHS.signIn}?${RETURN_PARAM}=${encodeURIComponent(returnTo)}` : AREA_PATHS.signIn;
}
