import type { AppDeps } from '../app-deps.js';
import { RelatedReadings } from '../content/related-readings.js';
import { SafeBodies } from '../content/safe-article-body.js';
import { createDecodeQueue, type DecodeQueue } from '../images/decode-queue.js';
import { PageCache } from './page-cache.js';
import { loadPrecomputedFiles, type PrecomputedFiles } from './precomputed-files.js';
import { routeLabeler } from './route-label.js';
import { createSiteMetrics, type SiteMetrics } from './site-metrics.js';
import { SitemapFiles } from './sitemap-files.js';
import { securityHeaderSet, type SecurityHeaders } from './security-header-set.js';
import { createStatusPages, type StatusPages } from './status-pages.js';
import { ARTICLE_PAGE_IDS } from '../routes/article.js';
import { seenByReaders, tagsTouchedBy } from '../routes/cache-tags.js';
import { createRouteTable, type RouteTable } from '../routes/table.js';
import { RenderMemo } from '../ssr/render-memo.js';
import { absoluteUrl } from '../lib/absolute-url.js';
import { SiteSigner } from '../lib/site-signer.js';
import { invitationPath, leadPath, NEWSLETTER_PATHS, passwordResetPath } from '../routes/paths.js';
import { leadIntake } from '../workflow/lead-intake.js';
import { newsletterLinks, type NewsletterLinks } from '../workflow/newsletter-links.js';
import type { PublicForms } from '../workflow/public-forms.js';
import { createEditorWorkflow, type EditorWorkflow } from '../workflow/index.js';
import type { PeopleLinks } from '../workflow/people-links.js';
import { PageStats } from '../workflow/page-stats.js';

/**
 * Short enough that a change event missed by this instance (a dropped PostgreSQL LISTEN connection)
 * shows up within a minute; long enough that a busy page is rendered about once a minute at most.
 */
export const SAFETY_NET_TTL_MS = 60_000;

/**
 * Everything the app keeps for its whole life, made once here and passed to Express and to the fast
 * path, which must share it (the page cache above all): no module keeps state of its own.
 */
export interface AppContext extends AppDeps {
  routes: RouteTable;
  /** Rendered public pages; an article or image change (this instance's or another's) drops the pages that show it. */
  pageCache: PageCache;
  memo: RenderMemo;
  bodies: SafeBodies;
  /** "Leia também" of each article, emptied on any change of an article. */
  readings: RelatedReadings;
  workflow: EditorWorkflow;
  /** Prerendered pages and hashed client assets, in memory. */
  files: PrecomputedFiles;
  /** Helmet's headers, captured once: both paths send exactly these. */
  security: SecurityHeaders;
  statusPages: StatusPages;
  /** The sitemap index and its files, emptied like the page cache. */
  sitemaps: SitemapFiles;
  /** Signs form tokens and links with the secret all instances share. */
  signer: SiteSigner;
  /** The public site's forms (the demonstration request). */
  forms: PublicForms;
  /** The newsletter's links (confirmation, signed unsubscribe and preferences links, articles). */
  newsletterLinks: NewsletterLinks;
  /** The image pipeline's queue: uploads processed one at a time. */
  decodes: DecodeQueue;
  /** Prometheus metrics, only with METRICS_TOKEN: without it nothing is counted. */
  metrics: SiteMetrics | undefined;
  /** Cookie-free statistics (issue 32), counted in memory and flushed by server.ts; absent with STATS_ENABLED=false. */
  stats: PageStats | undefined;
}

export function createAppContext(deps: AppDeps): AppContext {
  const signer = new SiteSigner(deps.repo.secrets);
  const routes = createRouteTable(deps.config.site);
  const pageCache = new PageCache({
    maxEntries: deps.config.pageCache.maxEntries,
    ttlMs: SAFETY_NET_TTL_MS,
    onFillError: (error, key) => deps.logger.warn({ err: error, key }, 'página não guardada em cache'),
  });
  deps.repo.subscribe((event) => pageCache.invalidate(tagsTouchedBy(event)));
  const sitemaps = new SitemapFiles(deps.config.site, deps.repo, routes.indexable, SAFETY_NET_TTL_MS);
  deps.repo.subscribe((event) => {
    if (seenByReaders(event)) sitemaps.clear();
  });
  const readings = new RelatedReadings(SAFETY_NET_TTL_MS);
  deps.repo.subscribe((event) => {
    if (seenByReaders(event)) readings.clear();
  });
  const memo = new RenderMemo();
  const decodes = createDecodeQueue((seconds) => metrics?.imageDecoded(seconds));
  const files = loadPrecomputedFiles(deps, routes);
  const metrics = deps.config.metricsToken ? createSiteMetrics({ pageCache, repo: deps.repo, decodes, routeOf: routeLabeler({ config: deps.config, routes, files }) }) : undefined;
  const site = deps.config.site;
  const links: PeopleLinks = {
    site,
    invitationUrl: (token) => absoluteUrl(site, invitationPath(token)),
    resetUrl: (token) => absoluteUrl(site, passwordResetPath(token)),
    mailing: deps.config.mail !== undefined,
    logger: deps.logger,
  };
  return {
    ...deps,
    routes,
    pageCache,
    memo,
    bodies: new SafeBodies(ARTICLE_PAGE_IDS),
    readings,
    workflow: createEditorWorkflow(deps, links),
    files,
    security: securityHeaderSet(deps),
    statusPages: createStatusPages({ ...deps, memo }),
    sitemaps,
    signer,
    forms: { leads: leadIntake({ config: deps.config, repo: deps.repo, signer, leadUrl: (id) => absoluteUrl(site, leadPath(id)) }) },
    newsletterLinks: newsletterLinks(site, signer, NEWSLETTER_PATHS),
    decodes,
    metrics,
    stats: deps.config.stats.enabled
      ? new PageStats(deps.repo, site.siteUrl, { hourlyDays: site.privacy.statsHourlyDays, dailyMonths: site.privacy.statsDailyMonths })
      : undefined,
  };
}
