import type { SiteConfig } from '../config.js';
import type { ArticleRepository, ArticleSummary } from '../db/repository.js';
import { articlePath, authorPath, PATHS, sitemapNewsPath, topicPath } from '../routes/paths.js';
import { pageEntries, sitemapIndexXml, sitemapXml, URLS_PER_SITEMAP, urlLines, urlsetClosing, urlsetOpening } from '../seo/sitemap.js';

/** Articles read and written per step of a file; between steps other requests go on. */
const ARTICLES_PER_STEP = 2_000;

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * The sitemap as an index (`/sitemap.xml`) of a file of pages and files of at most 50,000 articles,
 * each built when first asked for and kept until an article changes. A file of 50,000 articles is
 * read and written in steps of 2,000 that yield to the event loop, so no other request waits for it.
 */
export class SitemapFiles {
  private readonly files = new Map<string, { xml: Promise<string>; until: number }>();
  private stats: Promise<{ total: number; lastChange: string | null }> | undefined;

  constructor(
    private readonly site: Pick<SiteConfig, 'siteUrl'>,
    private readonly repo: ArticleRepository,
    /** The route table's indexable single pages (RouteTable.indexable). */
    private readonly pages: string[],
    /** Kept at most this long, in case this instance missed a change (see SAFETY_NET_TTL_MS). */
    private readonly maxAgeMs: number,
  ) {}

  /** Forgets every file: called on any change of an article. */
  clear(): void {
    this.files.clear();
    this.stats = undefined;
  }

  private publicStats(): Promise<{ total: number; lastChange: string | null }> {
    const stats = (this.stats ??= this.repo.publicStats());
    stats.catch(() => {
      if (this.stats === stats) this.stats = undefined;
    });
    return stats;
  }

  index(): Promise<string> {
    return this.remember(PATHS.sitemap, async () => {
      const { total, lastChange } = await this.publicStats();
      const parts = Math.ceil(total / URLS_PER_SITEMAP);
      const dated = lastChange ? { lastmod: lastChange } : {};
      return sitemapIndexXml(this.site, [
        { path: PATHS.sitemapPages, ...dated },
        ...Array.from({ length: parts }, (_, index) => ({ path: sitemapNewsPath(index + 1), ...dated })),
      ]);
    });
  }

  pagesFile(): Promise<string> {
    return this.remember(PATHS.sitemapPages, async () => {
      const { lastChange } = await this.publicStats();
      // Only people with a public article have a page; the staff is far below one file's 50,000 URLs.
      const authors = (await this.repo.publicAuthors()).map((author) => ({ path: authorPath(author.slug), lastmod: author.lastChange }));
      // Topics are named by editors, a few hundred at most: they share the file of pages too.
      const topics = (await this.repo.publicTopics()).map((topic) => ({ path: topicPath(topic.slug), lastmod: topic.lastChange }));
      return sitemapXml(this.site, [...pageEntries(this.pages, PATHS.news, lastChange), ...authors, ...topics]);
    });
  }

  /** Part `part` (from 1) of the articles, or null when there is no such part. */
  async newsFile(part: number): Promise<string | null> {
    if (!Number.isSafeInteger(part) || part < 1) return null;
    const { total } = await this.publicStats();
    if (part > Math.ceil(total / URLS_PER_SITEMAP)) return null;
    return this.remember(sitemapNewsPath(part), async () => {
      let xml = urlsetOpening;
      let written = 0;
      let last: ArticleSummary | undefined;
      while (written < URLS_PER_SITEMAP) {
        const step = Math.min(ARTICLES_PER_STEP, URLS_PER_SITEMAP - written);
        const articles = await this.repo.summaries(last ? { after: last } : { offset: (part - 1) * URLS_PER_SITEMAP }, step);
        xml += urlLines(this.site, articles.map((article) => ({ path: articlePath(article), lastmod: article.data_atualizacao })));
        written += articles.length;
        last = articles.at(-1);
        if (articles.length < step) break;
        await nextTurn();
      }
      return xml + urlsetClosing;
    });
  }

  /** One build per file at a time; a failed build is not kept. */
  private remember(path: string, build: () => Promise<string>): Promise<string> {
    const kept = this.files.get(path);
    if (kept && kept.until > Date.now()) return kept.xml;
    const file = { xml: build(), until: Date.now() + this.maxAgeMs };
    this.files.set(path, file);
    file.xml.catch(() => {
      if (this.files.get(path) === file) this.files.delete(path);
    });
    return file.xml;
  }
}
