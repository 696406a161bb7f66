import type { StoredArticle } from '../db/repository.js';

export const PREVIEW_TITLE = 'Prévia — não publicada';

const STATUS_NAMES: Record<StoredArticle['status'], string> = {
  rascunho: 'rascunho',
  agendado: 'agendado',
  publicado: 'publicado',
  despublicado: 'despublicado',
};

/** Above the article in the preview, so nobody takes the page for the public one. */
export function PreviewBanner({ article, editPath }: { article: StoredArticle; editPath: string }) {
  return (
    <aside className="preview-banner" aria-label="Aviso de prévia">
      <div className="container">
        <strong>{PREVIEW_TITLE}</strong>
        <span>
          Versão {article.versao} salva, em estado {STATUS_NAMES[article.status]}.
        </span>
        <a href={editPath}>Voltar ao editor</a>
      </div>
    </aside>
  );
}
