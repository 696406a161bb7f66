/** Texts of the error catalogue (spec section 8), with the changes of issue 5. */
export const API_MESSAGES = {
  serverError: 'Erro interno no servidor.',
  serverErrorWithId: (id: string) => `Erro interno no servidor. ID: ${id}`,
  notFound: 'API não encontrada.',
  unknownStatus: 'HTTP Status desconhecido.',
  network: 'Não foi possível conectar ao servidor. Verifique sua conexão e tente novamente.',
  unauthorized: 'Acesso não autorizado (HTTP 401). Nada foi perdido: o rascunho continua salvo neste navegador.',
  forbidden: 'Acesso negado.',
  conflict: 'Este artigo foi alterado em outra aba ou por outra pessoa.',
  tooManyRequests: 'Muitas tentativas. Aguarde um pouco e tente novamente.',
} as const;
