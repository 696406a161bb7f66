import type { ComponentType } from 'react';
import type { EditableArticle } from '../../client/article-api.js';
import type { EditorSession } from '../../client/session-api.js';
import type { RichTextEditorProps } from '../ui/rich-text-editor.js';

/** A new article (/novo-artigo) or an existing one (/editor/artigos/{id}). */
export type ArticleFormMode = { kind: 'new' } | { kind: 'edit'; id: number };

/** The site's addresses the form links to, given by the route table (src/routes/hydrated.ts). */
export interface FormLinks {
  newArticle: string;
  edit(id: number): string;
  history(id: number): string;
  preview(id: number): string;
  signIn(returnTo: string): string;
  published(article: { id: number; titulo_url: string; data_publicacao: string }): string;
}

export interface ArticleFormProps {
  apiBasePath: string;
  links: FormLinks;
  /** Defaults to a new article. */
  mode?: ArticleFormMode;
  /**
   * The signed-in editor (the page reads the session cookie on the server): the key field is then
   * hidden and writes use the cookie. Absent: nobody is signed in, the key field is shown.
   */
  session?: EditorSession;
  /** New article only: the id preview. Rendered on the server too, so it must not change before hydration. */
  initialNextId?: string;
  /**
   * Edit mode: the article as the page read it on the server, so the form needs no extra request.
   * When absent the form loads it with the session's credentials.
   */
  initialArticle?: EditableArticle;
  /** Loads Draft.js, given only in the browser: the server renders a placeholder in its place. */
  loadEditor?: () => Promise<ComponentType<RichTextEditorProps>>;
}
