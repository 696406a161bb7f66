/** What the rules of health content tell editors (issue 18), pt-BR, shown as is. */
export const REVIEW_MESSAGES = {
  reviewRequired: 'Artigo clínico precisa de revisão médica antes de ser publicado.',
  reviewerNeedsCrm: 'A revisão médica só pode ser aprovada por uma pessoa com o papel de revisor e registro no CRM no perfil público.',
  ownArticle: 'Você não pode aprovar a revisão médica de um artigo que escreveu.',
  savedVersion: 'Você salvou uma versão deste artigo desde a última aprovação: outra pessoa com CRM precisa aprovar a revisão médica.',
  notClinical: 'Só artigos clínicos passam por revisão médica: marque o artigo como clínico antes.',
  authorsInvalid: 'Os autores (autores) devem ser uma lista de 1 a 10 identificadores de pessoas, sem repetição.',
  authorUnknown: (id: number) => `O autor ${id} não existe ou está inativo.`,
  clinicalInvalid: 'O campo clinico deve ser verdadeiro ou falso.',
  relevantInvalid: 'O campo atualizacao_relevante deve ser verdadeiro ou falso.',
  referencesInvalid: 'As referências (referencias) devem ser uma lista de até 50 itens { texto, url }.',
  referenceTextInvalid: 'Cada referência precisa de um texto de até 500 caracteres, sem caracteres de controle.',
  referenceUrlInvalid: 'O endereço de uma referência deve começar com http:// ou https:// (até 2.000 caracteres).',
} as const;
