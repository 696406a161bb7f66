import { LIMITS } from '../lib/messages.js';

/** What the editorial workflow tells editors (pt-BR, shown as is). */
export const WORKFLOW_MESSAGES = {
  sessionMissing: 'Sessão de editor não iniciada ou expirada. Entre novamente com a sua chave.',
  originRefused: 'Requisição recusada: ela não partiu deste site.',
  statusInvalid: 'O estado (status) deve ser rascunho, agendado, publicado ou despublicado.',
  saveStatusInvalid: 'O estado (status) ao salvar deve ser rascunho ou publicado; para agendar, informe publicar_em.',
  publishAtInvalid: 'A data de publicação (publicar_em) deve ser uma data e hora ISO 8601 com fuso, ex.: 2026-12-01T09:00:00-03:00.',
  publishAtMissing: 'Para agendar, informe a data de publicação (publicar_em).',
  versaoMissing: 'Informe a versão (versao) do artigo que você editou.',
  versaoInvalid: 'A versão (versao) deve ser um número inteiro a partir de 1.',
  versionConflict: (current: number) =>
    `Este artigo foi alterado em outra aba ou por outra pessoa (agora está na versão ${current}). ` +
    'Nada foi salvo: copie o que escreveu, recarregue o artigo e aplique as suas mudanças de novo.',
  revisionNotFound: 'Versão do artigo não encontrada.',
  reviewFilterInvalid: 'O filtro de revisão médica (revisao) deve ser aguardando ou revisado.',
  searchInvalid: `A busca deve ser um texto de até ${LIMITS.titulo} caracteres.`,
  incompleteForPublishing: 'Para publicar ou agendar, o artigo precisa de título, título para a URL, descrição e conteúdo.',
} as const;
