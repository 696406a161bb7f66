/**
 * What the audit log's actions mean, for its page: the stored names stay short and stable, the labels
 * are what administrators read. An action missing here is shown by its stored name.
 */
export const AUDIT_ACTION_LABELS: Record<string, string> = {
  entrou: 'Entrou',
  'entrada-recusada': 'Entrada recusada',
  saiu: 'Saiu',
  criou: 'Criou artigo',
  editou: 'Editou artigo',
  publicou: 'Publicou artigo',
  agendou: 'Agendou artigo',
  despublicou: 'Despublicou artigo',
  removeu: 'Removeu artigo',
  restaurou: 'Restaurou versão',
  'enviou-imagem': 'Enviou imagem',
  convidou: 'Convidou pessoa',
  'aceitou-convite': 'Aceitou convite',
  'alterou-pessoa': 'Mudou papel ou situação',
  'alterou-dados': 'Mudou os próprios dados',
  'trocou-senha': 'Trocou a senha',
  'confirmacao-recusada': 'Senha atual recusada ao confirmar que é a pessoa',
  'gerou-redefinicao': 'Gerou link de redefinição de senha',
  'pediu-redefinicao': 'Pediu redefinição de senha',
  'redefiniu-senha': 'Redefiniu a senha',
  'cadastrou-passkey': 'Cadastrou chave de acesso',
  'removeu-passkey': 'Removeu chave de acesso',
  'exigiu-passkey': 'Mudou a exigência de chave de acesso',
  'criou-chave': 'Criou chave de API pessoal',
  'revogou-chave': 'Revogou chave de API pessoal',
  'encerrou-sessao': 'Encerrou uma sessão',
  'renomeou-tema': 'Renomeou tema',
  'alterou-perfil': 'Mudou o perfil público',
  'enviou-foto': 'Enviou foto do perfil',
  'removeu-foto': 'Removeu foto do perfil',
  'aprovou-revisao-medica': 'Aprovou a revisão médica',
  'definiu-proxima-revisao': 'Mudou a data da próxima revisão médica',
  'registrou-correcao': 'Registrou uma correção',
  'enviou-lembrete-revisoes': 'Enviou o lembrete de revisões',
};

export const auditActionLabel = (acao: string) => AUDIT_ACTION_LABELS[acao] ?? acao;
