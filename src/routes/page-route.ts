import type { Grant, Role } from '../people/roles.js';
import type { Request, Response } from 'express';
import type { ComponentType } from 'react';
import type { Params } from 'react-router-dom';
import type { RelatedReadings } from '../content/related-readings.js';
import type { SafeBodies } from '../content/safe-article-body.js';
import type { Config, SiteConfig } from '../config.js';
import type { Repository } from '../db/storage.js';
import type { Person } from '../db/people-store.js';
import type { Logger } from '../logger.js';
import type { PageMeta } from '../seo/page-meta.js';
import type { Assets } from '../ssr/assets.js';
import type { EditorSessions } from '../workflow/editor-sessions.js';
import type { PageStats } from '../workflow/page-stats.js';
import type { EditorWorkflow } from '../workflow/index.js';
import type { PublicForms } from '../workflow/public-forms.js';
import type { NewsletterLinks } from '../workflow/newsletter-links.js';

/**
 * How a page is served:
 * - `prerendered`: rendered at build time, the same bytes for everyone, answered from memory;
 * - `public`: rendered on demand from data, the same bytes for every visitor, cached whole;
 * - `private`: per person (the editor's pages): never cached, streamed as it renders;
 * - `no-store`: answers nothing worth keeping (a redirect to the application);
 * - `form`: a public page with a form (GET, and POST of the form): rendered for each visitor, never cached
 *   (it carries a fresh token), yet a page of the site like any other, indexable.
 */
export type PageKind = 'prerendered' | 'public' | 'private' | 'no-store' | 'form';

/** What a loader decides before anything is rendered: the status first, then the data to render. */
export type Loaded<D> = Rendered<D> | { status: 301 | 302 | 303; location: string } | { status: 404 | 410 };

/** The page itself, with the status it is sent with (a form shown again with why it was refused, say). */
export interface Rendered<D> {
  status: 200 | 400 | 403 | 404 | 409 | 410 | 413 | 415 | 422 | 429;
  data: D;
}

export function isRendered<D>(loaded: Loaded<D> | { status: number; text: string }): loaded is Rendered<D> {
  return 'data' in loaded;
}

/** What loaders read: storage, the configuration, and the app's memory of sanitised bodies and related reading. */
export interface LoaderDeps {
  config: Config;
  repo: Repository;
  bodies: SafeBodies;
  readings: RelatedReadings;
  logger: Logger;
  /** This instance's statistics (absent with STATS_ENABLED=false): the search page tells them its totals. */
  stats?: Pick<PageStats, 'tally'> | undefined;
}

/** The editor area's pages also reach where people's one-time links lead, and "esqueci a senha". */
export interface PrivateLoaderDeps extends LoaderDeps {
  workflow: Pick<EditorWorkflow, 'links' | 'requestPasswordReset' | 'confirmIdentity'>;
  newsletterLinks: NewsletterLinks;
}

export interface PublicLoadContext {
  deps: LoaderDeps;
  params: Params;
  search: URLSearchParams;
}

/** Who is signed in to the editor area. */
export interface EditorSession {
  autor: string;
  /** The person; null for a session opened with an editor key (an administrator). */
  id_pessoa: number | null;
  papel: Role;
  /** Rights an administrator granted beside the role. */
  permissoes: Grant[];
  /** Reviews overdue, due and pending that the person may read (issue 33): the area bar's "Revisões (N)". */
  revisoes?: number;
}

/** Opening and closing the editor's session, for the sign-in form. */
export interface SessionActions {
  /** Checks the key and sets the session cookie on res; null when the key is wrong. */
  open(req: Request, res: Response, key: string): Promise<EditorSession | null>;
  /** Checks an e-mail and password (counted and limited like the API's) and sets the cookie; null when refused. */
  openWithPassword(req: Request, res: Response, email: string, senha: string): Promise<EditorSession | null>;
  /** Signs in a person who has just proved who they are another way (an invitation's link and the password chosen with it). */
  openFor(req: Request, res: Response, person: Person): Promise<void>;
  close(req: Request, res: Response): Promise<void>;
  /** The person's open sessions and ending one of them, for their account page. */
  listOwn: EditorSessions['listOwn'];
  endOwn: EditorSessions['endOwn'];
}

export interface PrivateLoadContext extends PublicLoadContext {
  deps: PrivateLoaderDeps;
  req: Request;
  res: Response;
  /** Resolved before the loader runs; routes with `session: 'required'` never see null. */
  session: EditorSession | null;
  sessions: SessionActions;
}

/** A private answer may also be a short refusal in plain text (a form posted from another site). */
export type PrivateLoaded<D> = Loaded<D> | { status: 403; text: string };

/** The stylesheets and scripts a page links besides the site's own stylesheet. */
export interface DocumentAssets {
  scripts: string[];
  stylesheets: string[];
}

interface RouteBase {
  id: string;
  /** A react-router pattern; About's depends on the configured product slug. */
  path: string | ((site: SiteConfig) => string);
}

export interface PrerenderedRoute extends RouteBase {
  kind: 'prerendered';
  /** Listed in the sitemap. */
  indexable: boolean;
  meta(site: SiteConfig): PageMeta;
  Component: ComponentType;
}

export interface PublicRoute<D = unknown> extends RouteBase {
  kind: 'public';
  /**
   * The page cache's key for this request, or undefined when the address is not a page's canonical
   * spelling (the loader then redirects or refuses it, uncached).
   */
  cacheKey(params: Params, search: URLSearchParams): string | undefined;
  load(ctx: PublicLoadContext): Promise<Loaded<D>>;
  /** What the page shows, as cache tags (cache-tags.ts): a change of one of them drops it from the cache. */
  tags(data: D): string[];
  /** The instant the page changes by itself, with no write to tell the cache (a medical review falls due): it is not served cached past it. */
  expiresAt?(data: D): number | undefined;
  meta(site: SiteConfig, data: D): PageMeta;
  Component: ComponentType<{ data: D }>;
}

export interface PrivateRoute<D = unknown> extends RouteBase {
  kind: 'private';
  /** `required`: strangers are sent to sign in first; `optional`: the page adapts to who is signed in. */
  session: 'required' | 'optional';
  /**
   * Reachable by a person whose role requires a passkey they have not registered yet (their account
   * page, signing out); every other area page sends them to register one first.
   */
  beforePasskey?: true;
  /** GET and HEAD; a private address without a loader asks strangers to sign in, then says 404. */
  load?(ctx: PrivateLoadContext): Promise<Loaded<D>>;
  /** POST of the page's form (an urlencoded body, already parsed into req.body). */
  action?(ctx: PrivateLoadContext): Promise<PrivateLoaded<D>>;
  /**
   * The form checks an editor key: refusals count in the failed-key limiter shared with the API, and
   * past its limit the page is shown with status 429 and this data (from the posted form).
   */
  countsFailedKeys?(body: unknown): D;
  meta?(site: SiteConfig, data: D): PageMeta;
  Component?: ComponentType<{ data: D }>;
  documentAssets?(assets: Assets, data: D): DocumentAssets;
}

/** What a public form's page reads: the request (the client's address, the Referer) and the site's forms. */
export interface FormLoadContext extends PublicLoadContext {
  req: Request;
  res: Response;
  forms: PublicForms;
}

export interface FormRoute<D = unknown> extends RouteBase {
  kind: 'form';
  /** Listed in the sitemap. */
  indexable: boolean;
  /** GET and HEAD. */
  load(ctx: FormLoadContext): Promise<Loaded<D>>;
  /** POST of the page's form (an urlencoded body, already parsed into req.body). */
  action(ctx: FormLoadContext): Promise<Loaded<D>>;
  meta(site: SiteConfig, data: D): PageMeta;
  Component: ComponentType<{ data: D }>;
  documentAssets?(assets: Assets, data: D): DocumentAssets;
}

export interface NoStoreRoute extends RouteBase {
  kind: 'no-store';
  load(ctx: PublicLoadContext): Loaded<never>;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- one table holds routes of every data type; each route is checked where it is written
export type PageRoute = PrerenderedRoute | PublicRoute<any> | PrivateRoute<any> | NoStoreRoute | FormRoute<any>;
