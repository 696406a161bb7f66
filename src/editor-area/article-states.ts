export const ARTICLE_STATES = ['rascunho', 'agendado', 'publicado', 'despublicado'] as const;
export type ArticleState = (typeof ARTICLE_STATES)[number];

export const STATE_LABELS: Record<ArticleState, string> = {
  rascunho: 'Rascunho',
  agendado: 'Agendado',
  publicado: 'Publicado',
  despublicado: 'Despublicado',
};

/** What each history entry says was done; an action this list does not know is shown as stored. */
const ACTION_LABELS: Record<string, string> = {
  criado: 'Criou',
  criacao: 'Criou',
  editado: 'Editou',
  edicao: 'Editou',
  rascunho: 'Salvou o rascunho',
  publicado: 'Publicou',
  publicacao: 'Publicou',
  agendado: 'Agendou',
  agendamento: 'Agendou',
  despublicado: 'Despublicou',
  despublicacao: 'Despublicou',
  restaurado: 'Restaurou uma versão',
  restauracao: 'Restaurou uma versão',
};

export function actionLabel(acao: string): string {
  return ACTION_LABELS[acao] ?? acao;
}
