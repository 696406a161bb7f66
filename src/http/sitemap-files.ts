import { createHash } from 'node:crypto';
import type { SiteConfig } from '../config.js';
import type { Repository } from '../db/storage.js';
import type { ArticleSummary } from '../db/public-article-store.js';
import { articlePath, authorPath, PATHS, sitemapNewsPath, topicPath } from '../routes/paths.js';
import { pageEntries, sitemapIndexXml, sitemapXml, URLS_PER_SITEMAP, urlLines, urlsetClosing, urlsetOpening } from '../seo/sitemap.js';

/**
 * Articles read and written per step of a file; between steps other requests go on. At 2,000 a step
 * held the event loop for up to 80 ms at 100,000 articles (the URLs' dates are formatted one by one);
 * at 200 a step costs about 1 ms, so a busy machine's slower turns still stay far from 100 ms.
 */
const ARTICLES_PER_STEP = 200;

/** A built file: its bytes and their ETag, so that sending it hashes and encodes nothing. */
export interface SitemapFile {
  body: Buffer;
  etag: string;
}

/**
 * Encodes and hashes a file piece by piece as it is written: turning a finished 8 MB string into bytes
 * and hashing it in one go would hold the event loop as long as a whole step.
 */
class FileWriter {
  private readonly pieces: Buffer[] = [];
  private readonly hash = createHash('sha1');

  write(text: string): void {
    const piece = Buffer.from(text);
    this.pieces.push(piece);
    this.hash.update(piece);
  }

  finish(): SitemapFile {
    return { body: Buffer.concat(this.pieces), etag: `"${this.hash.digest('base64url')}"` };
  }
}

function fileOf(text: string): SitemapFile {
  const writer = new FileWriter();
  writer.write(text);
  return writer.finish();
}

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * The sitemap as an index (`/sitemap.xml`) of a file of pages and files of at most 50,000 articles,
 * each built when first asked for and kept until an article changes. A file of 50,000 articles is
 * read and written in steps of ARTICLES_PER_STEP that yield to the event loop, so no other request waits for it.
 * The last file built at each address stays as a stale copy for when building it again fails because the
 * database is away (one copy per address: the index, the pages and one per 50,000 articles).
 */
export class SitemapFiles {
  private readonly files = new Map<string, { xml: Promise<SitemapFile>; until: number }>();
  private readonly lastBuilt = new Map<string, SitemapFile>();
  private stats: Promise<{ total: number; lastChange: string | null }> | undefined;

  constructor(
    private readonly site: Pick<SiteConfig, 'siteUrl'>,
    private readonly repo: Repository,
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
    const stats = (this.stats ??= this.repo.publicArticles.publicStats());
    stats.catch(() => {
      if (this.stats === stats) this.stats = undefined;
    });
    return stats;
  }

  index(): Promise<SitemapFile> {
    return this.remember(PATHS.sitemap, async () => {
      const { total, lastChange } = await this.publicStats();
      const parts = Math.ceil(total / URLS_PER_SITEMAP);
      const dated = lastChange ? { lastmod: lastChange } : {};
      return fileOf(
        sitemapIndexXml(this.site, [
          { path: PATHS.sitemapPages, ...dated },
          ...Array.from({ length: parts }, (_, index) => ({ path: sitemapNewsPath(index + 1), ...dated })),
        ]),
      );
    });
  }

  pagesFile(): Promise<SitemapFile> {
    return this.remember(PATHS.sitemapPages, async () => {
      const { lastChange } = await this.publicStats();
      // Only people with a public article have a page; the staff is far below one file's 50,000 URLs.
      const authors = (await this.repo.publicArticles.publicAuthors()).map((author) => ({ path: authorPath(author.slug), lastmod: author.lastChange }));
      // Topics are named by editors, a few hundred at most: they share the file of pages too.
      const topics = (await this.repo.publicArticles.publicTopics()).map((topic) => ({ path: topicPath(topic.slug), lastmod: topic.lastChange }));
      return fileOf(sitemapXml(this.site, [...pageEntries(this.pages, PATHS.news, lastChange), ...authors, ...topics]));
    });
  }

  /** Part `part` (from 1) of the articles, or null when there is no such part. */
  async newsFile(part: number): Promise<SitemapFile | null> {
    if (!Number.isSafeInteger(part) || part < 1) return null;
    const { total } = await this.publicStats();
    if (part > Math.ceil(total / URLS_PER_SITEMAP)) return null;
    return this.remember(sitemapNewsPath(part), async () => {
      const file = new FileWriter();
      file.write(urlsetOpening);
      let written = 0;
      let last: ArticleSummary | undefined;
      while (written < URLS_PER_SITEMAP) {
        const step = Math.min(ARTICLES_PER_STEP, URLS_PER_SITEMAP - written);
        const articles = await this.repo.publicArticles.summaries(last ? { after: last } : { offset: (part - 1) * URLS_PER_SITEMAP }, step);
        file.write(urlLines(this.site, articles.map((article) => ({ path: articlePath(article), lastmod: article.data_atualizacao }))));
        written += articles.length;
        last = articles.at(-1);
        if (articles.length < step) break;
        await nextTurn();
      }
      file.write(urlsetClosing);
      return file.finish();
    });
  }

  /** The last file built at `path` (a sitemap address), whatever changed since: only for when a new build failed. */
  stale(path: string): SitemapFile | undefined {
    return this.lastBuilt.get(path);
  }

  /** One build per file at a time; a failed build is not kept. */
  private remember(path: string, build: () => Promise<SitemapFile>): Promise<SitemapFile> {
    const kept = this.files.get(path);
    if (kept && kept.until > Date.now()) return kept.xml;
    const file = { xml: build(), until: Date.now() + this.maxAgeMs };
    this.files.set(path, file);
    file.xml.then(
      (built) => this.lastBuilt.set(path, built),
      () => {
        if (this.files.get(path) === file) this.files.delete(path);
      },
    );
    return file.xml;
  }
}
