import { ResponsivePicture } from '../components/responsive-picture.js';
import type { SiteConfig } from '../config.js';
import type { Article } from '../db/repository.js';
import type { StoredProfile } from '../db/profile-store.js';
import type { ImageSet } from '../images/image-set.js';
import { findImageSet } from '../images/picture-sources.js';
import { credentialBeyondName, displayName } from '../people/credentials.js';
import { breadcrumbList } from '../seo/breadcrumbs.js';
import type { PageMeta } from '../seo/page-meta.js';
import { profilePage } from '../seo/person-json-ld.js';
import { authorTag, listingTags } from './cache-tags.js';
import { NewsCard, Pagination } from './news-list.js';
import { NEWS_PAGE_SIZE, pageCount, pageLinks, parseSlugPageRequest } from './news-pagination.js';
import type { PublicRoute } from './page-route.js';
import { authorFeedPath, authorPath, PATHS } from './paths.js';

export interface AuthorData {
  profile: StoredProfile;
  articles: Article[];
  /** The public clinical articles the person approved as reviewer, paged alike. */
  reviewed: Article[];
  images: readonly ImageSet[];
  page: number;
  /** The larger of the two lists' totals: it sets the page count. */
  total: number;
}

function ArticleList({ title, label, articles, images }: { title: string; label: string; articles: Article[]; images: readonly ImageSet[] }) {
  if (articles.length === 0) return null;
  return (
    <section className="news-section" aria-label={label}>
      <div className="container">
        <h2 className="author-articles-title">{title}</h2>
        <ul className="news-grid">
          {articles.map((article, index) => (
            <NewsCard key={article.id} article={article} image={findImageSet(images, article.id, article.imagem_nome)} index={index} />
          ))}
        </ul>
      </div>
    </section>
  );
}

function AuthorPage({ data: { profile, articles, reviewed, images, page, total } }: { data: AuthorData }) {
  const pathOf = (n: number) => authorPath(profile.slug, n);
  const count = pageCount(total);
  const name = displayName(profile);
  const ofPage = count > 1 ? `, página ${page} de ${count}` : '';
  return (
    <>
      <section className="page-hero news-hero author-hero" aria-labelledby="autor-titulo">
        <div className="container narrow author-header">
          {profile.foto && <ResponsivePicture set={profile.foto} sizes="96px" alt={displayName(profile)} className="author-photo" displayWidth={96} />}
          <div>
            <h1 id="autor-titulo">{displayName(profile)}</h1>
            {credentialBeyondName(profile) && <p className="author-credential">{credentialBeyondName(profile)}</p>}
            {profile.bio && <p className="lead">{profile.bio}</p>}
          </div>
        </div>
      </section>
      <ArticleList title="Artigos" label={`Artigos de ${name}${ofPage}`} articles={articles} images={images} />
      <ArticleList title="Artigos revisados" label={`Artigos revisados por ${name}${ofPage}`} articles={reviewed} images={images} />
      {count > 1 && (
        <div className="container author-pages">
          <Pagination page={page} pageCount={count} links={pageLinks(page, total, pathOf)} label={`Páginas de artigos de ${name}`} />
        </div>
      )}
    </>
  );
}

function authorMeta(site: SiteConfig, { profile, page, total }: AuthorData): PageMeta {
  const name = displayName(profile);
  const path = authorPath(profile.slug, page);
  const count = pageCount(total);
  const title = page === 1 ? `${name}: artigos` : `${name}: artigos – página ${page} de ${count}`;
  const description = `${credentialBeyondName(profile) ?? `Artigos de ${name}`}.${profile.bio ? ` ${profile.bio}` : ''}`.slice(0, 300);
  return {
    title,
    description,
    keywords: [name, ...profile.especialidades.map((specialty) => specialty.nome)],
    path,
    ogType: 'profile',
    jsonLd: [
      profilePage(site, profile, authorPath(profile.slug), path),
      breadcrumbList(site, [
        { name: 'Início', path: PATHS.home },
        { name: 'Notícias', path: PATHS.news },
        { name, path: authorPath(profile.slug) },
      ]),
    ],
    pagination: pageLinks(page, total, (n) => authorPath(profile.slug, n)),
    feeds: [{ title: `Artigos de ${name}`, path: authorFeedPath(profile.slug) }],
  };
}

export const authorCacheKey = (slug: string, page: number) => `autor:${slug}:${page}`;

/**
 * GET /autores/{slug}[?pagina=N]: a person's public articles, as /noticias pages them, then those they
 * approved as reviewer, paged alike (page N of each). A person who neither signs nor approved a public
 * article is a 404: the staff list is not public.
 */
export const authorPage: PublicRoute<AuthorData> = {
  id: 'author',
  path: PATHS.author,
  kind: 'public',
  cacheKey(params, search) {
    const request = parseSlugPageRequest(params, search, authorPath);
    return request.kind === 'page' ? authorCacheKey(request.slug, request.page) : undefined;
  },
  async load({ deps, params, search }) {
    const request = parseSlugPageRequest(params, search, authorPath);
    if (request.kind === 'not-found') return { status: 404 };
    if (request.kind === 'redirect') return { status: 301, location: request.location };
    const profile = await deps.repo.profiles.bySlug(request.slug);
    if (!profile) return { status: 404 };
    const [signed, reviewed] = await Promise.all([
      deps.repo.publicArticles.publicByAuthor(profile.id_pessoa, request.page, NEWS_PAGE_SIZE),
      deps.repo.publicArticles.publicByReviewer(profile.id_pessoa, request.page, NEWS_PAGE_SIZE),
    ]);
    if (signed.items.length === 0 && reviewed.items.length === 0) return { status: 404 };
    const images = await deps.repo.images.imageSets([...signed.items, ...reviewed.items].map((article) => article.id));
    const total = Math.max(signed.total, reviewed.total);
    return { status: 200, data: { profile, articles: signed.items, reviewed: reviewed.items, images, page: request.page, total } };
  },
  tags: (data) => [authorTag(data.profile.id_pessoa), ...listingTags([...data.articles, ...data.reviewed])],
  meta: authorMeta,
  Component: AuthorPage,
};
