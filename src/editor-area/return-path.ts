import { PATHS } from '../routes.js';
import { AREA_PATHS } from './paths.js';

const BASE = 'http://mesmo-site.invalid';

/**
 * Where to go after signing in. Only a path of this site's editor pages is accepted, so a crafted
 * link to /editor/entrar cannot send the editor elsewhere ("//outro.site", "/\\outro.site",
 * "https://…", encoded tricks all resolve to another origin or another path and are refused).
 */
export function safeReturnPath(raw: unknown): string {
  if (typeof raw !== 'string' || !raw.startsWith('/') || raw.length > 500) return AREA_PATHS.home;
  let url: URL;
  try {
    url = new URL(raw, BASE);
  } catch {
    return AREA_PATHS.home;
  }
  if (url.origin !== BASE) return AREA_PATHS.home;
  const inArea = url.pathname === AREA_PATHS.home || url.pathname.startsWith(`${AREA_PATHS.home}/`);
  if (!inArea && url.pathname !== PATHS.newArticle) return AREA_PATHS.home;
  if (url.pathname === AREA_PATHS.signIn || url.pathname === AREA_PATHS.signOut) return AREA_PATHS.home;
  return `${url.pathname}${url.search}`;
}
