import type { RouteObject } from 'react-router-dom';
import type { FormLinks } from '../editor/form/form-props.js';
import { articlePath, editArticlePath, historyPath, PATHS, previewPath, signInPath } from './paths.js';

/**
 * The pages the browser hydrates, for the client entry to match with react-router: the article form,
 * new or edited. Every other page works as plain HTML.
 */
export const HYDRATED_ROUTES: RouteObject[] = [
  { id: 'new-article', path: PATHS.newArticle },
  { id: 'edit-article', path: PATHS.editArticle },
];

/** Where the article form links: the same on the server's render and in the browser. */
export const FORM_LINKS: FormLinks = {
  newArticle: PATHS.newArticle,
  edit: editArticlePath,
  history: historyPath,
  preview: previewPath,
  signIn: signInPath,
  published: articlePath,
};
