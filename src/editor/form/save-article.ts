import type { ArticleApi, NewArticlePayload } from '../../client/article-api.js';
import { articlePath } from '../../routes.js';

export const SAVE_MESSAGES = {
  saved: 'Artigo cadastrado!',
  uploaded: (filename: string) => `Arquivo carregado: ${filename}`,
  uploadFailed: (filename: string) => `Erro ao carregar arquivo: ${filename}`,
  articleId: (id: number) => `ID do artigo: ${id}.`,
  viewArticle: 'Ver o artigo publicado',
} as const;

export interface SaveReport {
  ok: boolean;
  /** Lines to show, in order, each with its kind. */
  messages: { kind: 'success' | 'error'; text: string }[];
  articleId?: number;
  articleUrl?: string;
  /** 401: the caller keeps everything and says so. */
  unauthorized?: boolean;
}

/**
 * Spec section 4: create the article, then upload every queued file with the new id and the key,
 * then find the article's public address.
 */
export async function saveArticle(
  api: ArticleApi,
  key: string,
  payload: NewArticlePayload,
  files: File[],
  today: () => Date = () => new Date(),
): Promise<SaveReport> {
  const created = await api.create({ key }, payload);
  if (!created.ok) {
    return { ok: false, messages: [{ kind: 'error', text: created.message }], unauthorized: created.status === 401 };
  }
  const id = Number(created.value);
  const messages: SaveReport['messages'] = [{ kind: 'success', text: SAVE_MESSAGES.saved }];
  for (const file of files) {
    const uploaded = await api.uploadImage(file, file.name, id, { key });
    messages.push(
      uploaded.ok
        ? { kind: 'success', text: SAVE_MESSAGES.uploaded(file.name) }
        : { kind: 'error', text: SAVE_MESSAGES.uploadFailed(file.name) },
    );
  }
  const published = await api.get(id);
  // The server redirects a non-canonical date to the right one, so today's date is a safe fallback.
  const article = published.ok ? published.value : { id, titulo_url: payload.titulo_url, data_publicacao: today().toISOString() };
  return { ok: true, messages, articleId: id, articleUrl: articlePath(article) };
}
