import type { AppDeps } from '../app-deps.js';
import { ApiError } from '../api/api-error.js';
import { ArticleNotFoundError, type RevisionSnapshot } from '../db/repository.js';
import { closeEditorSession, limitFailedEditorKeys, openEditorSession, readEditorSession } from '../workflow/index.js';
import type { EditorAreaPorts } from './ports.js';

function contentOf(snapshot: RevisionSnapshot) {
  const { titulo, titulo_url, descricao, keywords, conteudo, imagem_nome, imagem_caption, imagem_width, imagem_height } = snapshot;
  const imagem =
    imagem_nome && imagem_width && imagem_height
      ? { nome: imagem_nome, caption: imagem_caption ?? '', width: imagem_width, height: imagem_height }
      : null;
  return { titulo, titulo_url, descricao, keywords, conteudo, imagem };
}

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
      /** The content of that version saved on top of the current one; the state stays as it is. */
      async restore(id, versao, autor) {
        const revision = await repo.revision(id, versao);
        if (!revision) return null;
        try {
          const saved = await repo.update(id, { autor, acao: 'restaurado', content: contentOf(revision.snapshot) });
          return { id: saved.id, versao: saved.versao };
        } catch (error) {
          if (error instanceof ArticleNotFoundError) return null;
          throw error;
        }
      },
    },
  };
}
