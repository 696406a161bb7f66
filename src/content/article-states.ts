export const ARTICLE_STATES = ['rascunho', 'agendado', 'publicado', 'despublicado'] as const;
export type ArticleState = (typeof ARTICLE_STATES)[number];

export const STATE_LABELS: Record<ArticleState, string> = {
  rascunho: 'Rascunho',
  agendado: 'Agendado',
  publicado: 'Publicado',
  despublicado: 'Despublicado',
};

/** What each history entry says was done (the workflow's revision actions); an unknown one is shown as stored. */
const ACTION_LABELS: Record<string, string> = {
  criado: 'Criado',
  editado: 'Editado',
  publicado: 'Publicado',
  agendado: 'Agendado',
  despublicado: 'Despublicado',
  restaurado: 'Restaurado de uma versão anterior',
};

export function actionLabel(acao: string): string {
  return ACTION_LABELS[acao] ?? acao;
}
