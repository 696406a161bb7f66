/**
 * What an import could not keep as it was. A paste announces each of these in the editor's live
 * region: nothing is dropped silently.
 */
export type ImportNotice = 'videoEmbed' | 'embed' | 'video' | 'audio' | 'form' | 'graphic' | 'image' | 'remoteImage' | 'cellImage';

export type ImportNotices = Map<ImportNotice, number>;

const MESSAGES: Record<ImportNotice, (count: number) => string> = {
  videoEmbed: (n) =>
    n === 1
      ? 'Um vídeo incorporado foi removido: o editor não aceita incorporações.'
      : `${n} vídeos incorporados foram removidos: o editor não aceita incorporações.`,
  embed: (n) =>
    n === 1
      ? 'Um conteúdo incorporado foi removido: o editor não aceita incorporações.'
      : `${n} conteúdos incorporados foram removidos: o editor não aceita incorporações.`,
  video: (n) => (n === 1 ? 'Um vídeo foi removido: o editor não aceita vídeos.' : `${n} vídeos foram removidos: o editor não aceita vídeos.`),
  audio: (n) => (n === 1 ? 'Um áudio foi removido: o editor não aceita áudio.' : `${n} áudios foram removidos: o editor não aceita áudio.`),
  form: (n) =>
    n === 1
      ? 'Um formulário foi removido: o editor não aceita campos de formulário.'
      : `${n} formulários foram removidos: o editor não aceita campos de formulário.`,
  graphic: (n) =>
    n === 1
      ? 'Um gráfico desenhado (SVG ou canvas) foi removido: use uma imagem no lugar dele.'
      : `${n} gráficos desenhados (SVG ou canvas) foram removidos: use imagens no lugar deles.`,
  image: (n) =>
    n === 1
      ? 'Uma imagem foi removida: o endereço dela não é aceito. Envie o arquivo em "Imagens" e insira-o pelo botão Imagem.'
      : `${n} imagens foram removidas: os endereços delas não são aceitos. Envie os arquivos em "Imagens" e insira-os pelo botão Imagem.`,
  remoteImage: (n) =>
    n === 1
      ? 'Uma imagem de outro site não foi copiada: envie o arquivo dela e insira-o no lugar marcado.'
      : `${n} imagens de outros sites não foram copiadas: envie os arquivos delas e insira-os nos lugares marcados.`,
  cellImage: (n) =>
    n === 1
      ? 'Uma imagem que estava numa célula de tabela foi posta logo depois da tabela: as células guardam só texto.'
      : `${n} imagens que estavam em células de tabela foram postas logo depois das tabelas: as células guardam só texto.`,
};

export function noticeMessages(notices: ImportNotices): string[] {
  return [...notices].map(([kind, count]) => MESSAGES[kind](count));
}

export function addNotice(notices: ImportNotices, kind: ImportNotice): void {
  notices.set(kind, (notices.get(kind) ?? 0) + 1);
}
