/** What the editorial workflow tells editors (pt-BR, shown as is). */
export const WORKFLOW_MESSAGES = {
  sessionMissing: 'Sessão de editor não iniciada ou expirada. Entre novamente com a sua chave.',
  originRefused: 'Requisição recusada: ela não partiu deste site.',
} as const;
