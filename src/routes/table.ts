import { matchRoutes, type Params, type RouteObject } from 'react-router-dom';
import type { SiteConfig } from '../config.js';
import { aboutPage } from './about.js';
import { accountPage } from './account.js';
import { auditPage } from './audit.js';
import { authorPage } from './author.js';
import { comparePage } from './compare-versions.js';
import { demoPage } from './demo.js';
import { demoThanksPage } from './demo-thanks.js';
import { articlePage, articleShortPage } from './article.js';
import { editArticlePage } from './edit-article.js';
import { editorListPage } from './editor-list.js';
import { editorRestPage } from './editor-rest.js';
import { forgotPasswordPage } from './forgot-password.js';
import { historyPage } from './history.js';
import { homePage } from './home.js';
import { invitationPage } from './invitation.js';
import { leadPage } from './lead.js';
import { leadsPage } from './leads.js';
import { loginPage } from './login.js';
import { importArchivePage } from './import-archive.js';
import { mediaLibraryPage } from './media-library.js';
import { newArticlePage } from './new-article.js';
import { newsListPage } from './news-list.js';
import { newsletterConfirmPage } from './newsletter-confirm.js';
import { newsletterEditionsPage } from './newsletter-editions.js';
import { newsletterPreferencesPage } from './newsletter-preferences.js';
import { newsletterSignupPage } from './newsletter-signup.js';
import { newsletterUnsubscribePage } from './newsletter-unsubscribe.js';
import { notFoundPage } from './not-found.js';
import type { PageRoute, PrerenderedRoute } from './page-route.js';
import { PATHS } from './paths.js';
import { passwordResetPage } from './password-reset.js';
import { peoplePage } from './people.js';
import { personProfilePage } from './person-profile.js';
import { plansPage } from './plans.js';
import { previewPage } from './preview.js';
import { sharedPreviewPage } from './shared-preview.js';
import { shareLinksPage } from './share-links.js';
import { calendarPage } from './calendar.js';
import { privacyPage } from './privacy.js';
import { editorialPolicyPage } from './editorial-policy.js';
import { reviewQueuePage } from './review-queue.js';
import { restorePage, revisionPage } from './revision.js';
import { searchPage } from './search.js';
import { statisticsPage } from './statistics.js';
import { signInPage, signOutPage } from './sign-in.js';
import { topicPage } from './topic.js';

/** Every page of the site. A new page is one module in this folder and one line here. */
export const PAGES: PageRoute[] = [
  homePage,
  aboutPage,
  plansPage,
  privacyPage,
  demoPage,
  demoThanksPage,
  editorialPolicyPage,
  notFoundPage,
  loginPage,
  newsListPage,
  searchPage,
  articleShortPage,
  articlePage,
  authorPage,
  topicPage,
  newArticlePage,
  signInPage,
  signOutPage,
  forgotPasswordPage,
  passwordResetPage,
  invitationPage,
  editorListPage,
  accountPage,
  peoplePage,
  personProfilePage,
  auditPage,
  leadsPage,
  leadPage,
  reviewQueuePage,
  editArticlePage,
  historyPage,
  revisionPage,
  restorePage,
  comparePage,
  previewPage,
  sharedPreviewPage,
  shareLinksPage,
  calendarPage,
  newsletterSignupPage,
  newsletterConfirmPage,
  newsletterUnsubscribePage,
  newsletterPreferencesPage,
  newsletterEditionsPage,
  statisticsPage,
  mediaLibraryPage,
  importArchivePage,
  editorRestPage,
];

export interface PageMatch {
  route: PageRoute;
  /** The pattern as react-router matched it (About's resolved for this site). */
  path: string;
  params: Params;
}

/** Distinct paths remembered at most; past it, matching starts afresh (a crawler of junk URLs costs memory, not speed). */
const REMEMBERED_MATCHES = 10_000;

export interface RouteTable {
  /** The table as react-router route objects: `handle` is the page module. */
  readonly routes: RouteObject[];
  /** The page at `pathname` (no query string), matched by react-router: case-insensitive, a trailing slash allowed. */
  match(pathname: string): PageMatch | undefined;
  /** The prerendered pages with their resolved paths, in sitemap order. */
  readonly prerendered: { route: PrerenderedRoute; path: string }[];
  /**
   * The sitemap's single pages, in order: the home page (rendered from the latest articles, no longer
   * prerendered) and the indexable prerendered pages.
   */
  readonly indexable: string[];
  /** What crawlers are told to leave alone: the shortest static prefixes of the private pages' paths. */
  readonly privatePrefixes: string[];
}

function decodes(pathname: string): boolean {
  try {
    decodeURIComponent(pathname);
    return true;
  } catch {
    return false;
  }
}

/** "/editor/artigos/:id" → "/editor/artigos": the part of a pattern before its first parameter or splat. */
function staticPrefix(path: string): string {
  const segments = path.split('/');
  const dynamic = segments.findIndex((segment) => segment.startsWith(':') || segment === '*');
  return (dynamic === -1 ? segments : segments.slice(0, dynamic)).join('/') || '/';
}

function shortestPrefixes(paths: string[]): string[] {
  const prefixes = [...new Set(paths.map(staticPrefix))];
  return prefixes.filter((prefix) => !prefixes.some((other) => other !== prefix && prefix.startsWith(`${other}/`)));
}

/**
 * The route table for one site configuration, built once where the app is built. Matching costs about
 * 0.1 ms in react-router (it ranks the table on every call), so each distinct path's match is
 * remembered: the fast path answers a cached page in a few microseconds.
 */
export function createRouteTable(site: SiteConfig): RouteTable {
  const resolved = PAGES.map((route) => ({ route, path: typeof route.path === 'function' ? route.path(site) : route.path }));
  const routes: RouteObject[] = resolved.map(({ route, path }) => ({ id: route.id, path, handle: route }));
  const matches = new Map<string, PageMatch | null>();

  function matchNow(pathname: string): PageMatch | null {
    // A path that does not decode is no page (Express answers it 400); react-router would log a warning for it.
    if (!decodes(pathname)) return null;
    const [found] = matchRoutes(routes, pathname) ?? [];
    if (!found) return null;
    return { route: found.route.handle as PageRoute, path: found.route.path!, params: found.params };
  }

  return {
    routes,
    match(pathname) {
      let match = matches.get(pathname);
      if (match === undefined) {
        if (matches.size >= REMEMBERED_MATCHES) matches.clear();
        match = matchNow(pathname);
        matches.set(pathname, match);
      }
      return match ?? undefined;
    },
    prerendered: resolved.flatMap(({ route, path }) => (route.kind === 'prerendered' ? [{ route, path }] : [])),
    indexable: [PATHS.home, ...resolved.flatMap(({ route, path }) => ((route.kind === 'prerendered' || route.kind === 'form') && route.indexable ? [path] : []))],
    privatePrefixes: shortestPrefixes(resolved.filter(({ route }) => route.kind === 'private').map(({ path }) => path)),
  };
}
