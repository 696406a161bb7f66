/**
 * Where every page and site document lives (react-router path syntax), and the builders of their URLs.
 * The route table (table.ts) matches these patterns; components link with the builders. No other file
 * spells a page's path.
 */
import type { SiteConfig } from '../config.js';
import { rememberedFormat } from '../lib/remembered-format.js';
import { SITE_TIME_ZONE } from '../lib/site-time.js';

export const PATHS = {
  home: '/',
  plans: '/preco-prontuario-eletronico',
  privacy: '/privacidade',
  demo: '/demonstracao',
  demoThanks: '/demonstracao/obrigado',
  editorialPolicy: '/politica-editorial',
  notFound: '/nao-encontrado',
  login: '/login',
  news: '/noticias',
  article: '/noticias/:id/:ano/:mes/:dia/:titulo',
  articleShort: '/noticias/:id',
  newArticle: '/novo-artigo',
  editorHome: '/editor',
  signIn: '/editor/entrar',
  signOut: '/editor/sair',
  editArticle: '/editor/artigos/:id',
  history: '/editor/artigos/:id/historico',
  revision: '/editor/artigos/:id/historico/:versao',
  restore: '/editor/artigos/:id/historico/:versao/restaurar',
  compare: '/editor/artigos/:id/comparar',
  preview: '/editor/previa/:id',
  invitation: '/editor/convite/:token',
  forgotPassword: '/editor/esqueci-senha',
  passwordReset: '/editor/redefinir-senha/:token',
  account: '/editor/conta',
  people: '/editor/pessoas',
  personProfile: '/editor/pessoas/:id/perfil',
  audit: '/editor/auditoria',
  leads: '/editor/contatos',
  lead: '/editor/contatos/:id',
  reviewQueue: '/editor/revisoes',
  author: '/autores/:slug',
  authorFeed: '/autores/:slug/feed.xml',
  topic: '/noticias/temas/:slug',
  topicFeed: '/noticias/temas/:slug/feed.xml',
  newsFeed: '/noticias/feed.xml',
  search: '/noticias/busca',
  /** The sitemap index; it lists the files below. */
  sitemap: '/sitemap.xml',
  sitemapPages: '/sitemap-paginas.xml',
  sitemapNews: '/sitemap-noticias-:parte.xml',
  robots: '/robots.txt',
  health: '/healthz',
  newsletterSignup: '/boletim/inscricao',
  newsletterConfirm: '/boletim/confirmar/:token',
  newsletterUnsubscribe: '/boletim/cancelar/:token',
  newsletterPreferences: '/boletim/preferencias/:token',
  newsletterEditions: '/editor/boletins',
  /** Cookie-free statistics (issue 32); ?caminho= one page's. */
  statistics: '/editor/estatisticas',
  mediaLibrary: '/editor/imagens',
  /** The archive's import (issue 34): ?importacao= one import's progress and result. */
  importArchive: '/editor/importar',
  /** A share link: one version of an unpublished article for someone without an account (issue 33). */
  sharedPreview: '/previa/:token',
  shareLinks: '/editor/artigos/:id/previas',
  /** The editorial calendar, and each person's iCalendar feed of it (issue 33). */
  calendar: '/editor/calendario',
  calendarFeed: '/editor/calendario/:token.ics',
  /** Prometheus metrics, only with METRICS_TOKEN (src/http/metrics-handler.ts). */
  metrics: '/metrics',
} as const;

/** About lives at the product's own slug (spec section 9), so its path depends on the configuration. */
export function aboutPath(site: Pick<SiteConfig, 'productSlug'>): string {
  return `/${site.productSlug}`;
}

/** yyyy-mm-dd of an instant on the readers' calendar. */
const urlDate = rememberedFormat(
  new Intl.DateTimeFormat('en-CA', { timeZone: SITE_TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit' }),
);

/** /noticias/{id}/{yyyy}/{mm}/{dd}/{titulo_url}: publication dates in article URLs follow the readers' calendar, not UTC. */
export function articlePath(article: { id: number; titulo_url: string; data_publicacao: string }): string {
  return `/noticias/${article.id}/${urlDate(article.data_publicacao).replaceAll('-', '/')}/${article.titulo_url}`;
}

/** Part `part` (from 1) of the articles in the sitemap. */
export const sitemapNewsPath = (part: number) => `/sitemap-noticias-${part}.xml`;

/** What the feed links to. */
export const FEED_LINKS = { news: PATHS.news, feed: PATHS.newsFeed, article: articlePath };

export const NEWS_PAGE_PARAM = 'pagina';

export function newsPagePath(page: number): string {
  return page <= 1 ? PATHS.news : `${PATHS.news}?${NEWS_PAGE_PARAM}=${page}`;
}

/** The search's parameter: what the reader typed. */
export const SEARCH_PARAM = 'q';

/** Page `page` of the results of a search. */
export function searchPath(query: string, page = 1): string {
  const params = new URLSearchParams({ [SEARCH_PARAM]: query });
  if (page > 1) params.set(NEWS_PAGE_PARAM, String(page));
  return `${PATHS.search}?${params}`;
}

/** After signing in, the form sends the editor back to where they were going. */
export const RETURN_PARAM = 'volta';

/** An author's page, page `page` of their articles. */
export function authorPath(slug: string, page = 1): string {
  return page <= 1 ? `/autores/${slug}` : `/autores/${slug}?${NEWS_PAGE_PARAM}=${page}`;
}
export const authorFeedPath = (slug: string) => `/autores/${slug}/feed.xml`;

/** A topic's page, page `page` of its articles. */
export function topicPath(slug: string, page = 1): string {
  return page <= 1 ? `/noticias/temas/${slug}` : `/noticias/temas/${slug}?${NEWS_PAGE_PARAM}=${page}`;
}
export const topicFeedPath = (slug: string) => `/noticias/temas/${slug}/feed.xml`;

export const editArticlePath = (id: number) => `/editor/artigos/${id}`;

/** Where an invited person chooses a password (the token is the link's one-time secret). */
export const invitationPath = (token: string) => `/editor/convite/${token}`;
/** Where a person chooses a new password with a one-time reset link. */
export const passwordResetPath = (token: string) => `/editor/redefinir-senha/${token}`;
export const personProfilePath = (id: number) => `/editor/pessoas/${id}/perfil`;
export const historyPath = (id: number) => `/editor/artigos/${id}/historico`;
export const revisionPath = (id: number, versao: number) => `/editor/artigos/${id}/historico/${versao}`;
export const restorePath = (id: number, versao: number) => `/editor/artigos/${id}/historico/${versao}/restaurar`;
export const previewPath = (id: number) => `/editor/previa/${id}`;

/** The comparison's query: from version `de` to version `para` (the current one when absent). */
export const COMPARE_PARAMS = { from: 'de', to: 'para' } as const;
export const compareFormPath = (id: number) => `/editor/artigos/${id}/comparar`;
export const comparePath = (id: number, from: number, to: number) =>
  `${compareFormPath(id)}?${COMPARE_PARAMS.from}=${from}&${COMPARE_PARAMS.to}=${to}`;

export function signInPath(returnTo?: string): string {
  return returnTo ? `${PATHS.signIn}?${RETURN_PARAM}=${encodeURIComponent(returnTo)}` : PATHS.signIn;
}

/** The sales team's list of demonstration requests, and one lead's page. */
export const leadsPath = PATHS.leads;

/** The link parameter naming the page whose link led to the form (its canonical path), and the form's field. */
export const DEMO_ORIGIN_PARAM = 'origem';
/** The parameter's first name: links and forms already out there still carry it. */
export const DEMO_ORIGIN_PARAM_BEFORE = 'de';

/** The demonstration form, from a link on `page` (an article, the plans page). */
export const demoFromPath = (page: string) => `${PATHS.demo}?${DEMO_ORIGIN_PARAM}=${encodeURIComponent(page).replaceAll('%2F', '/')}`;

export const leadPath = (id: number) => `/editor/contatos/${id}`;
/** The newsletter's links: the confirmation (a one-time secret) and the signed links of a subscriber. */
export const newsletterConfirmPath = (token: string) => `/boletim/confirmar/${token}`;
export const newsletterUnsubscribePath = (token: string) => `/boletim/cancelar/${token}`;
export const newsletterPreferencesPath = (token: string) => `/boletim/preferencias/${token}`;

/** Where the newsletter's e-mails link to (src/workflow/newsletter-links.ts). */
export const NEWSLETTER_PATHS = {
  confirm: newsletterConfirmPath,
  unsubscribe: newsletterUnsubscribePath,
  preferences: newsletterPreferencesPath,
  article: articlePath,
};

export const sharedPreviewPath = (token: string) => `/previa/${token}`;

export const calendarFeedPath = (token: string) => `/editor/calendario/${token}.ics`;

export const shareLinksPath = (id: number) => `/editor/artigos/${id}/previas`;
