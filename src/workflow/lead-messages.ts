/** What the sales team's side of the leads tells its users (pt-BR, shown as is). */
export const LEAD_MESSAGES = {
  notFound: 'Contato não encontrado.',
  idInvalid: 'O contato deve ser indicado por um número inteiro positivo.',
  stateInvalid: 'O estado deve ser novo, em-contato, cliente ou descartado.',
  noteMissing: 'Escreva a nota antes de salvar.',
  noteTooLong: 'A nota pode ter no máximo 5.000 caracteres.',
  textTooLong: 'A busca pode ter no máximo 200 caracteres.',
  pageInvalid: 'A página de origem deve ser um caminho do site, começando com /.',
  articleInvalid: 'O artigo de origem deve ser indicado pelo seu número.',
  campaignInvalid: 'A campanha pode ter no máximo 200 caracteres.',
  cursorInvalid: 'O parâmetro antes deve ser o valor de proxima de uma página anterior.',
  deliveryNotFound: 'Entrega não encontrada neste contato.',
  deliveryNotFailed: 'Só uma entrega que falhou pode ser reenviada.',
} as const;
