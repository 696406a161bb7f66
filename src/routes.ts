/**
 * The route table: every public path of the site, in one place.
 * The server, the prerenderer, the sitemap and the pages all read it.
 */
import type { SiteConfig } from './config.js';
import { rememberedFormat } from './lib/remembered-format.js';

export const PATHS = {
  home: '/',
  plans: '/preco-prontuario-eletronico',
  news: '/noticias',
  article: '/noticias/:id/:ano/:mes/:dia/:titulo',
  articleShort: '/noticias/:id',
  newsFeed: '/noticias/feed.xml',
  newArticle: '/novo-artigo',
  notFound: '/nao-encontrado',
  login: '/login',
  health: '/healthz',
  sitemap: '/sitemap.xml',
  robots: '/robots.txt',
  articleImage: '/assets/artigos/:id/:nome',
} as const;

/**
 * The editor's pages (/novo-artigo and the editor area under /editor): private, scripted, and laid out
 * for a form, so they carry no floating buttons and never go through the public fast path.
 */
export function isEditorPath(path: string): boolean {
  return path === PATHS.newArticle || path === '/editor' || path.startsWith('/editor/');
}

export type StaticPageName = 'home' | 'about' | 'plans' | 'notFound';

export interface StaticPage {
  name: StaticPageName;
  path: string;
  /** Listed in the sitemap. */
  indexable: boolean;
}

export function aboutPath(site: Pick<SiteConfig, 'productSlug'>): string {
  return `/${site.productSlug}`;
}

/** The prerendered marketing pages, in sitemap order. */
export function staticPages(site: Pick<SiteConfig, 'productSlug'>): StaticPage[] {
  return [
    { name: 'home', path: PATHS.home, indexable: true },
    { name: 'about', path: aboutPath(site), indexable: true },
    { name: 'plans', path: PATHS.plans, indexable: true },
    { name: 'notFound', path: PATHS.notFound, indexable: false },
  ];
}

/** Publication dates in article URLs follow the readers' calendar, not UTC. */
export const SITE_TIME_ZONE = 'America/Sao_Paulo';

/** yyyy-mm-dd of an instant on the readers' calendar. */
const urlDate = rememberedFormat(
  new Intl.DateTimeFormat('en-CA', { timeZone: SITE_TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit' }),
);

/** /noticias/{id}/{yyyy}/{mm}/{dd}/{titulo_url} */
export function articlePath(article: { id: number; titulo_url: string; data_publicacao: string }): string {
  return `/noticias/${article.id}/${urlDate(article.data_publicacao).replaceAll('-', '/')}/${article.titulo_url}`;
}

export function articleImagePath(id: number, nome: string): string {
  return `/assets/artigos/${id}/${encodeURIComponent(nome)}`;
}

/** The registration page on the application host; plan codes follow spec section 9. */
export function registrationUrl(site: Pick<SiteConfig, 'appUrl'>, planCode?: 'PRO' | 'CLI'): string {
  const url = new URL('/cadastro', site.appUrl);
  if (planCode) url.searchParams.set('plano', planCode);
  return url.toString();
}

/** A path the URL parser leaves exactly as it is: one leading slash (// would name a host), no dot segment, nothing to escape. */
const PLAIN_PATH = /^(?!\/\/)(?:\/(?!\.\.?(?:[/?]|$))[\w\-.~]*)+(?:\?[\w\-.~=&]*)?$/;

/** SITE_URL is an origin (config), so a plain path is simply appended; anything else goes through URL. */
export function absoluteUrl(site: Pick<SiteConfig, 'siteUrl'>, path: string): string {
  if (PLAIN_PATH.test(path)) return `${site.siteUrl}${path}`;
  return new URL(path, `${site.siteUrl}/`).toString();
}
