import type { ApiResult } from '../../client/api-client.js';
import type { ArticleApi, ArticleStatus, Credentials, NewArticlePayload } from '../../client/article-api.js';

export type SaveOutcome =
  | { kind: 'saved'; id: number; versao: number; created: boolean; unchanged: boolean; heldForReview?: true }
  /** The server holds a newer version (another tab or another editor): nothing was written. */
  | { kind: 'conflict' }
  | { kind: 'refused'; message: string; status: number | null };

export type StatusOutcome = { ok: true; status: ArticleStatus; versao: number } | { ok: false; message: string; status: number | null };

export interface SaverState {
  id: number | null;
  versao: number | null;
  status: ArticleStatus | null;
}

type SaverApi = Pick<ArticleApi, 'create' | 'update' | 'getForEditing' | 'setStatus'>;

const refused = (result: Extract<ApiResult<unknown>, { ok: false }>): SaveOutcome => ({
  kind: 'refused',
  message: result.message,
  status: result.status,
});

/**
 * Writes one article to the server, one request at a time, carrying the version it was read at.
 * Autosave and the buttons share it, so a click never races a draft save with a stale version.
 * The first save of a new article creates it as a draft.
 */
export class ArticleSaver {
  private queue: Promise<unknown> = Promise.resolve();
  /** The payload the server has, as JSON: saving it again is skipped. */
  private stored: string;

  constructor(
    private readonly api: SaverApi,
    public state: SaverState,
    storedPayload?: NewArticlePayload,
  ) {
    this.stored = storedPayload ? JSON.stringify(storedPayload) : '';
  }

  /** `read` runs when the save's turn comes, so it sends the latest text. */
  save(credentials: Credentials, read: () => NewArticlePayload | Promise<NewArticlePayload>): Promise<SaveOutcome> {
    return this.enqueue(async () => this.write(credentials, await read()));
  }

  setStatus(credentials: Credentials, status: ArticleStatus, publicarEm?: string): Promise<StatusOutcome> {
    return this.enqueue(async () => {
      const { id } = this.state;
      if (id === null) return { ok: false, message: 'O artigo ainda não foi salvo.', status: null };
      const result = await this.api.setStatus(id, credentials, status, publicarEm);
      if (!result.ok) return { ok: false, message: result.message, status: result.status };
      this.state = { id, versao: result.value.versao, status: result.value.status };
      return { ok: true, status: result.value.status, versao: result.value.versao };
    });
  }

  /** After a conflict, the editor chose to keep this page's text: the next save goes over the server's version. */
  overwriteNext(credentials: Credentials): Promise<SaveOutcome | null> {
    return this.enqueue(async () => {
      const { id } = this.state;
      if (id === null) return null;
      const current = await this.api.getForEditing(id, credentials);
      if (!current.ok) return refused(current);
      this.state = { id, versao: current.value.versao, status: current.value.status };
      this.stored = '';
      return null;
    });
  }

  private enqueue<T>(task: () => Promise<T>): Promise<T> {
    const run = this.queue.then(task);
    this.queue = run.catch(() => undefined);
    return run;
  }

  private async write(credentials: Credentials, payload: NewArticlePayload): Promise<SaveOutcome> {
    const body = JSON.stringify(payload);
    const { id, versao, status } = this.state;
    if (id !== null && versao !== null) {
      if (body === this.stored) return { kind: 'saved', id, versao, created: false, unchanged: true };
      const updated = await this.api.update(id, credentials, payload, versao);
      if (!updated.ok) return updated.status === 409 ? { kind: 'conflict' } : refused(updated);
      this.state = { id, versao: updated.value.versao, status };
      this.stored = body;
      return { kind: 'saved', id, versao: updated.value.versao, created: false, unchanged: false, ...(updated.value.aguardando_revisao_medica ? { heldForReview: true as const } : {}) };
    }
    const created = await this.api.create(credentials, payload, 'rascunho');
    if (!created.ok) return refused(created);
    const newId = Number(created.value);
    // POST novo answers only the id (spec); the version comes from reading the article once.
    const read = await this.api.getForEditing(newId, credentials);
    const newVersion = read.ok ? read.value.versao : 1;
    this.state = { id: newId, versao: newVersion, status: 'rascunho' };
    this.stored = body;
    return { kind: 'saved', id: newId, versao: newVersion, created: true, unchanged: false };
  }
}
