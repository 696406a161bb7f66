import type { AppDeps } from '../app-deps.js';
import { ApiError } from '../api/api-error.js';
import { restoreRevision } from '../api/article-edits.js';
import { closeEditorSession, limitFailedEditorKeys, openEditorSession, readEditorSession } from '../workflow/index.js';
import type { EditorAreaPorts } from './ports.js';

/** The area's ports bound to the workflow's sessions and the repository. */
export function workflowPorts({ repo }: Pick<AppDeps, 'repo'>): EditorAreaPorts {
  return {
    sessions: {
      read: (req) => readEditorSession(req),
      async open(req, res, key) {
        try {
          return { ok: true, session: await openEditorSession(req, res, key) };
        } catch (error) {
          if (error instanceof ApiError && error.status === 403) return { ok: false };
          throw error;
        }
      },
      close: (req, res) => closeEditorSession(req, res),
    },
    limitFailedKeys: limitFailedEditorKeys,
    articles: {
      list: (query) => repo.list(query),
      async heading(id) {
        const article = await repo.get(id);
        return article && { id: article.id, titulo: article.titulo, status: article.status, versao: article.versao };
      },
      revisions: (id) => repo.revisions(id),
      async revision(id, versao) {
        return (await repo.revision(id, versao))?.snapshot ?? null;
      },
      async restore(request) {
        try {
          // The API's validation reads them as URL parameters.
          const saved = await restoreRevision(repo, { ...request, id: String(request.id), versao: String(request.versao) });
          return { ok: true, id: saved.id, versao: saved.versao };
        } catch (error) {
          if (error instanceof ApiError) return { ok: false, status: error.status, message: error.messages.join(' ') };
          throw error;
        }
      },
    },
  };
}
