import { loginUrl } from '../lib/app-urls.js';
import type { NoStoreRoute } from './page-route.js';
import { PATHS } from './paths.js';

/** The old site's /login target: sign-in lives in the application, so the visitor is sent there. */
export const loginPage: NoStoreRoute = {
  id: 'login',
  path: PATHS.login,
  kind: 'no-store',
  load: ({ deps }) => ({ status: 302, location: loginUrl(deps.config.site) }),
};
