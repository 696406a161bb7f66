import { isPublic } from '../db/article-workflow.js';
import { ARTICLE_IMAGE_SIZES } from '../components/image-sizes.js';
import { findImageSet } from '../images/picture-sources.js';
import { ResponsivePicture } from '../components/responsive-picture.js';
import { parseArticleId } from '../content/article-id.js';
import { OUTLINE_MIN_HEADINGS, type OutlineEntry } from '../content/article-outline.js';
import { responsiveBodyImages } from '../components/responsive-body-images.js';
import { excerpt, keywordList } from '../content/excerpt.js';
import { formatDatePtBr } from '../content/format-date.js';
import { formatDateTimePtBr } from '../content/format-date-time.js';
import type { SafeBodies } from '../content/safe-article-body.js';
import type { SiteConfig } from '../config.js';
import type { Article } from '../db/repository.js';
import type { RelatedArticle } from '../db/public-article-store.js';
import type { Topic } from '../db/topic-store.js';
import { NewsletterForm } from '../components/newsletter-form.js';
import { medicalWebPage } from '../seo/medical-json-ld.js';
import { personJsonLd } from '../seo/person-json-ld.js';
import { articleCredits, type Credits } from '../workflow/article-credits.js';
import type { Correction } from '../db/correction-store.js';
import { absoluteUrl } from '../lib/absolute-url.js';
import { ArticleCorrections, EDITORIAL_IDS, reviewDueAt, reviewDueExpiry, type ReviewDue } from './article-editorial.js';
import { ArticleAuthors, ArticleReferences, CREDIT_IDS, HEALTH_DISCLAIMER, ReviewBox } from './article-credits.js';
import type { ImageSet } from '../images/image-set.js';
import { breadcrumbList, type Crumb } from '../seo/breadcrumbs.js';
import { feedTitle } from '../seo/feed.js';
import { newsArticle } from '../seo/news-json-ld.js';
import type { PageMeta } from '../seo/page-meta.js';
import { socialImage } from '../seo/social-image.js';
import { articleShareText, generatedShareImage } from '../seo/share-image.js';
import { articleTag, authorTag, summaryTag, topicTag } from './cache-tags.js';
import { RELATED_CANDIDATES } from '../content/related-reading.js';
import { TopicLinks } from './topic-links.js';
import { DemoInvite } from './demo-invite.js';
import type { Loaded, LoaderDeps, PublicRoute } from './page-route.js';
import { articlePath, authorPath, PATHS } from './paths.js';

export interface ArticleData {
  article: Article;
  /** Who signs it, who reviewed it and its sources; absent in the preview of an article never published. */
  credits?: Credits;
  /** Its topics, in the editor's order, each linking to its page. */
  topics?: Topic[];
  /** "Leia também": a few public articles like this one. */
  related?: RelatedArticle[];
  /** Every article the choice of `related` weighed: a change of any of them may change it. */
  relatedCandidates?: number[];
  /** The body's h2 and h3, linked from "Neste artigo" when there are enough of them. */
  outline: OutlineEntry[];
  readingMinutes: number;
  /** The processed main image; absent when the article has none or its upload failed. */
  mainImage?: ImageSet;
  /** Already sanitised, with responsive pictures for the article's own uploads: inserted as is. */
  bodyHtml: string;
  /**
   * Set only by the preview of an article never published: its publication date is provisional (the
   * creation, or the scheduled time), so the byline must not claim it. null when not scheduled.
   */
  notYetPublished?: { publicar_em: string | null };
  /** Its corrections, newest first (issue 33). */
  corrections?: Correction[];
  /** When the shown review falls due, as of the render. */
  reviewDue?: ReviewDue;
}

export function articleCrumbs(article: Article): Crumb[] {
  return [
    { name: 'Início', path: PATHS.home },
    { name: 'Notícias', path: PATHS.news },
    { name: article.titulo, path: articlePath(article) },
  ];
}

/** The main image's alternative text: its own, else its caption (as before migration 14), else the title. */
export function mainImageAlt(article: Pick<Article, 'imagem_alt' | 'imagem_caption' | 'titulo'>): string {
  return article.imagem_alt || article.imagem_caption || article.titulo;
}

/** Ids the page's own parts use (skip link, footer, table of contents): a heading's id never takes one. */
/** The ids the article page gives its own elements: a heading of the body never takes one (SafeBodies). */
export const ARTICLE_PAGE_IDS = ['conteudo', 'contatos', 'contatos-titulo', 'neste-artigo', 'leia-tambem', ...CREDIT_IDS, ...EDITORIAL_IDS];

/** The outline as a tree: each h3 under the h2 before it (an h3 before any h2 stands on its own). */
function nested(outline: OutlineEntry[]): { entry: OutlineEntry; children: OutlineEntry[] }[] {
  const tree: { entry: OutlineEntry; children: OutlineEntry[] }[] = [];
  for (const entry of outline) {
    const parent = tree.at(-1);
    if (entry.level === 3 && parent?.entry.level === 2) parent.children.push(entry);
    else tree.push({ entry, children: [] });
  }
  return tree;
}

/** "Neste artigo": links to the body's headings, h3 under their h2. */
function TableOfContents({ outline }: { outline: OutlineEntry[] }) {
  if (outline.length < OUTLINE_MIN_HEADINGS) return null;
  return (
    <nav className="article-toc" aria-labelledby="neste-artigo">
      <h2 id="neste-artigo">Neste artigo</h2>
      <ol>
        {nested(outline).map(({ entry, children }) => (
          <li key={entry.id}>
            <a href={`#${entry.id}`}>{entry.text}</a>
            {children.length > 0 && (
              <ol>
                {children.map((child) => (
                  <li key={child.id}>
                    <a href={`#${child.id}`}>{child.text}</a>
                  </li>
                ))}
              </ol>
            )}
          </li>
        ))}
      </ol>
    </nav>
  );
}

/** "Leia também": title, date and description of each suggestion, linked; no pictures to fetch. */
function RelatedReading({ articles }: { articles: RelatedArticle[] }) {
  if (articles.length === 0) return null;
  return (
    <aside className="related-reading" aria-labelledby="leia-tambem">
      <h2 id="leia-tambem">Leia também</h2>
      <ul>
        {articles.map((article) => (
          <li key={article.id}>
            <a href={articlePath(article)}>{article.titulo}</a>
            <p className="related-date">
              <time dateTime={article.data_publicacao}>{formatDatePtBr(article.data_publicacao)}</time>
            </p>
            {article.descricao && <p className="related-description">{article.descricao}</p>}
          </li>
        ))}
      </ul>
    </aside>
  );
}

function Breadcrumbs({ crumbs }: { crumbs: Crumb[] }) {
  return (
    <nav className="breadcrumbs" aria-label="Você está em">
      <ol>
        {crumbs.map((crumb, index) =>
          index === crumbs.length - 1 ? (
            <li key={crumb.path} aria-current="page">
              {crumb.name}
            </li>
          ) : (
            <li key={crumb.path}>
              <a href={crumb.path}>{crumb.name}</a>
            </li>
          ),
        )}
      </ol>
    </nav>
  );
}

function Publication({ article, notYetPublished }: Pick<ArticleData, 'article' | 'notYetPublished'>) {
  if (!notYetPublished) {
    // Only a relevant update moves data_atualizacao past the publication (issue 18).
    const updated = article.data_atualizacao > article.data_publicacao;
    return (
      <>
        Publicado em <time dateTime={article.data_publicacao}>{formatDatePtBr(article.data_publicacao)}</time>
        {updated && (
          <>
            {' · '}Atualizado em <time dateTime={article.data_atualizacao}>{formatDatePtBr(article.data_atualizacao)}</time>
          </>
        )}
      </>
    );
  }
  const scheduled = notYetPublished.publicar_em;
  if (!scheduled) return <>Ainda não publicado</>;
  return (
    <>
      Ainda não publicado: agendado para <time dateTime={scheduled}>{formatDateTimePtBr(scheduled)}</time>
    </>
  );
}

export function ArticlePage({ data: { article, credits, topics = [], related = [], mainImage, bodyHtml, outline, readingMinutes: minutes, notYetPublished, corrections, reviewDue } }: { data: ArticleData }) {
  return (
    <article className={`article container narrow ${mainImage ? 'article-with-image' : 'article-text-only'}`}>
      <Breadcrumbs crumbs={articleCrumbs(article)} />
      <header className="article-header">
        <h1>{article.titulo}</h1>
        <ArticleAuthors authors={credits?.authors ?? [{ id_pessoa: null, name: article.autor, credential: null, profile: null }]} />
        <p className="article-dates">
          <Publication article={article} notYetPublished={notYetPublished} />
        </p>
        {credits?.review && <ReviewBox review={credits.review} due={reviewDue} />}
        <p className="article-reading-time">{`${minutes} min de leitura`}</p>
        {article.descricao && <p className="article-lead">{article.descricao}</p>}
      </header>
      <TableOfContents outline={outline} />
      {mainImage && (
        <figure className="article-figure">
          {/* The largest paint of the page: fetched first, never lazy. */}
          <ResponsivePicture set={mainImage} sizes={ARTICLE_IMAGE_SIZES} alt={mainImageAlt(article)} priority />
          {article.imagem_caption && <figcaption>{article.imagem_caption}</figcaption>}
        </figure>
      )}
      <div className="article-body" dangerouslySetInnerHTML={{ __html: bodyHtml }} />
      {credits?.clinical && (
        <>
          <ArticleReferences references={credits.references} />
          <p className="article-disclaimer">{HEALTH_DISCLAIMER}</p>
        </>
      )}
      <ArticleCorrections corrections={corrections} />
      <TopicLinks topics={topics} label="Temas deste artigo" className="article-topics" />
      {/* A text not yet published is read by the team or a consulted doctor: no lead or subscriber comes from it, and none may be counted against a path readers never saw. */}
      {!notYetPublished && <DemoInvite from={articlePath(article)} />}
      <RelatedReading articles={related} />
      {!notYetPublished && <NewsletterForm id="boletim-artigo" action={PATHS.newsletterSignup} page={articlePath(article)} topics={topics} />}
      <p className="article-back">
        <a href={PATHS.news}>← Voltar para as notícias</a>
      </p>
    </article>
  );
}

/** The page of a clinical article: the reviewer as the review box shows them (no link), and the references. */
function medicalPage(site: SiteConfig, credits: Credits) {
  return medicalWebPage(credits.review && { reviewer: personJsonLd(site, credits.review.profile, null), date: credits.review.data }, credits.references, absoluteUrl(site, PATHS.editorialPolicy));
}

/** The signers in JSON-LD: those with a profile as the Person their author page describes, the others by name. */
function authorsJsonLd(site: SiteConfig, credits: Credits | undefined, article: Article) {
  if (!credits) return [{ '@type': 'Person' as const, name: article.autor }];
  return credits.authors.map((author) =>
    author.profile ? personJsonLd(site, author.profile, authorPath(author.profile.slug)) : { '@type': 'Person' as const, name: author.name },
  );
}

export function articleMeta(site: SiteConfig, { article, credits, mainImage, bodyHtml, corrections = [] }: ArticleData): PageMeta {
  const description = article.descricao.trim() || excerpt(bodyHtml) || article.titulo;
  const authors = authorsJsonLd(site, credits, article);
  const image =
    socialImage(mainImage, mainImageAlt(article)) ??
    generatedShareImage(article.id, articleShareText(article, credits?.authors));
  return {
    title: article.titulo,
    description,
    keywords: keywordList(article.keywords),
    path: articlePath(article),
    ogType: 'article',
    image,
    article: { publishedTime: article.data_publicacao, modifiedTime: article.data_atualizacao, author: authors.map((author) => String(author.name)).join(', ') },
    jsonLd: [
      newsArticle(site, article, articlePath(article), description, mainImage ?? image, authors, credits?.clinical ? medicalPage(site, credits) : undefined, {
        publishingPrinciples: absoluteUrl(site, PATHS.editorialPolicy),
        corrections,
      }),
      breadcrumbList(site, articleCrumbs(article)),
    ],
    feeds: [{ title: feedTitle(site), path: PATHS.newsFeed }],
  };
}

/**
 * The body is sanitised again for display (a row written by an older, looser version of the API is
 * still safe to show). `images` are the article's processed uploads: a main image without one (a
 * failed upload) is not shown.
 */
export function articleData(article: Article, images: readonly ImageSet[], bodies: SafeBodies, credits?: Credits, topics: Topic[] = []): ArticleData {
  const mainImage = findImageSet(images, article.id, article.imagem_nome);
  const body = bodies.display(article.conteudo);
  return {
    article,
    topics,
    ...(credits ? { credits } : {}),
    ...(mainImage ? { mainImage } : {}),
    bodyHtml: responsiveBodyImages(body.html, article.id, images),
    outline: body.outline,
    readingMinutes: body.readingMinutes,
  };
}

/**
 * What a reader gets for an article id: the page while it is public; 410 when it was public once
 * (unpublished, or deleted and remembered by its tombstone); otherwise a plain 404 that says nothing
 * about drafts.
 */
async function loadPublicArticle({ repo, bodies, readings }: LoaderDeps, id: number): Promise<Loaded<ArticleData>> {
  const article = await repo.articles.get(id);
  if (article && isPublic(article, new Date().toISOString())) {
    const [images, credits, topics, reading, corrections] = await Promise.all([
      repo.images.imageSets([id]),
      articleCredits(repo, article),
      repo.topics.ofArticles([id]),
      readings.of(article, () => repo.publicArticles.relatedCandidates(id, RELATED_CANDIDATES)),
      repo.corrections.list(id),
    ]);
    const reviewDue = reviewDueAt(credits.review, article.proxima_revisao, new Date());
    return {
      status: 200,
      data: {
        ...articleData(article, images, bodies, credits, topics.get(id)),
        related: reading.related,
        relatedCandidates: reading.candidates,
        corrections,
        ...(reviewDue ? { reviewDue } : {}),
      },
    };
  }
  const gone = article ? article.ja_publicado : await repo.articles.wasRemoved(id);
  return { status: gone ? 410 : 404 };
}

/** The people the page names: a change of their profile empties it. */
function creditTags(credits: Credits | undefined): string[] {
  if (!credits) return [];
  const people = [...credits.authors, ...(credits.review ? [credits.review] : [])].flatMap((signer) => (signer.id_pessoa === null ? [] : [signer.id_pessoa]));
  return [...new Set(people)].map(authorTag);
}

export const articleCacheKey = (id: number) => `artigo:${id}`;

/**
 * Only the id is read: any other spelling of the date or the slug is redirected to the canonical URL
 * (the page's meta path), so old links keep working after an edit.
 */
function articleRoute(id: string, path: string): PublicRoute<ArticleData> {
  return {
    id,
    path,
    kind: 'public',
    cacheKey(params) {
      const articleId = parseArticleId(String(params.id));
      return articleId === null ? undefined : articleCacheKey(articleId);
    },
    async load({ deps, params }) {
      const articleId = parseArticleId(String(params.id));
      if (articleId === null) return { status: 404 };
      return loadPublicArticle(deps, articleId);
    },
    tags: (data) => [
      articleTag(data.article.id),
      ...creditTags(data.credits),
      ...(data.topics ?? []).map((topic) => topicTag(topic.id)),
      // "Leia também" follows its candidates' titles, descriptions and states. A new publication reaches it
      // with the cache's safety-net minute: dropping every article page at each publication emptied the
      // cache that serves readers through a database outage.
      ...(data.relatedCandidates ?? []).map(summaryTag),
    ],
    expiresAt: (data) => reviewDueExpiry(data.reviewDue),
    meta: articleMeta,
    Component: ArticlePage,
  };
}

export const articlePage = articleRoute('article', PATHS.article);
export const articleShortPage = articleRoute('article-short', PATHS.articleShort);
