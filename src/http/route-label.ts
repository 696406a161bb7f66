import { ENDPOINTS } from '../api/endpoints.js';
import { ARTICLE_IMAGE_PATH, PROFILE_PHOTO_PATH } from '../images/image-urls.js';
import { PATHS } from '../routes/paths.js';
import type { Config } from '../config.js';
import type { RouteTable } from '../routes/table.js';
import type { PrecomputedFiles } from './precomputed-files.js';

/** The label of an address no route answers (404s, scanners' junk): one label, whatever was asked. */
export const OTHER_ROUTE = 'outra';
/** The hashed client assets, in memory. */
export const ASSETS_ROUTE = '/assets';
/** The other built files and public/ (icons, manifest), served by sirv. */
export const STATIC_ROUTE = 'static';

/** Distinct paths remembered at most, as the route table does; past it, labelling starts afresh. */
const REMEMBERED_LABELS = 10_000;

/** An Express path pattern (":id" parameters, also inside a segment) as Express matches it: any case, a trailing slash allowed. */
function compiled(pattern: string): RegExp {
  const source = pattern.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/:[A-Za-z_]\w*/g, '[^/]+?');
  return new RegExp(`^${source}/?$`, 'i');
}

/**
 * The route a request went to, as the metrics label it: the page's pattern from the route table, the
 * API endpoint's pattern from its table, the site's documents (feeds, sitemaps, images) by pattern,
 * `/assets`, `static`, or `outra`; never the path itself, so that the series stay as few as the routes.
 * Patterns are tried in the order Express tries its routers.
 */
export function routeLabeler(ctx: { config: Pick<Config, 'apiBasePath'>; routes: RouteTable; files: PrecomputedFiles }): (path: string, status: number) => string {
  const api = ctx.config.apiBasePath;
  const endpoints = [...new Set(ENDPOINTS.map((endpoint) => endpoint.path))].map((path) => ({ label: `${api}${path}`, pattern: compiled(path) }));
  const documents = [
    PATHS.health,
    PATHS.metrics,
    ARTICLE_IMAGE_PATH,
    PROFILE_PHOTO_PATH,
    PATHS.robots,
    PATHS.sitemap,
    PATHS.sitemapPages,
    PATHS.sitemapNews,
    PATHS.newsFeed,
    PATHS.authorFeed,
    PATHS.topicFeed,
  ].map((path) => ({ label: path, pattern: compiled(path) }));
  const labels = new Map<string, string | null>();

  function labelNow(path: string): string | null {
    if (path === api || path.startsWith(`${api}/`)) {
      const rest = path.slice(api.length);
      return endpoints.find((endpoint) => endpoint.pattern.test(rest))?.label ?? OTHER_ROUTE;
    }
    const document = documents.find((candidate) => candidate.pattern.test(path));
    if (document) return document.label;
    // A path that is no page is a file sirv sent, or nothing (the status tells).
    return ctx.routes.match(path)?.path ?? null;
  }

  return (path, status) => {
    if (ctx.files.byPath.has(path)) return path.startsWith('/assets/') ? ASSETS_ROUTE : (ctx.routes.match(path)?.path ?? STATIC_ROUTE);
    let label = labels.get(path);
    if (label === undefined) {
      if (labels.size >= REMEMBERED_LABELS) labels.clear();
      label = labelNow(path);
      labels.set(path, label);
    }
    return label ?? (status < 400 ? STATIC_ROUTE : OTHER_ROUTE);
  };
}
