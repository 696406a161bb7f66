import type { PrivateRoute } from './page-route.js';

/** Any other address under /editor asks a stranger to sign in before saying 404: it reveals nothing of the area. */
export const editorRestPage: PrivateRoute = {
  id: 'editor-rest',
  path: '/editor/*',
  kind: 'private',
  session: 'required',
  load: async () => ({ status: 404 }),
};
