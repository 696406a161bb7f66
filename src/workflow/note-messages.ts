/** What the notes on drafts tell the team (issue 33), pt-BR, shown as is. */
export const NOTE_MESSAGES = {
  textInvalid: 'O texto da nota (texto) é obrigatório: de 1 a 5.000 caracteres.',
  quoteInvalid: 'O trecho citado (trecho) pode ter no máximo 1.000 caracteres.',
  resolvedInvalid: 'O campo resolvida deve ser verdadeiro ou falso.',
  quoteNotFound: 'O trecho citado não está no texto atual do artigo: selecione de novo o trecho e comente.',
  published: 'Notas são para rascunhos e mudanças à espera: este artigo está publicado sem nenhuma mudança pendente.',
  noteNotFound: 'Nota não encontrada neste artigo.',
  actionInvalid: 'Escolha o que fazer com a nota: salvar, responder, resolver ou reabrir.',
  openNotes: (count: number) =>
    count === 1 ? 'Este artigo tem 1 nota não resolvida: resolva-a antes de aprovar a revisão médica.' : `Este artigo tem ${count} notas não resolvidas: resolva-as antes de aprovar a revisão médica.`,
} as const;
