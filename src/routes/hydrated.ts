import type { RouteObject } from 'react-router-dom';
import { PATHS } from './paths.js';

/**
 * The pages the browser hydrates, for the client entry to match with react-router: the article form,
 * new or edited. Every other page works as plain HTML.
 */
export const HYDRATED_ROUTES: RouteObject[] = [
  { id: 'new-article', path: PATHS.newArticle },
  { id: 'edit-article', path: PATHS.editArticle },
];
