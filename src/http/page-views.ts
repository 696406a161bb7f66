import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';
import { isbot } from 'isbot';
import type { DeviceClass } from '../db/stats-store.js';
import { NEWS_PAGE_PARAM, PATHS, SEARCH_PARAM } from '../routes/paths.js';
import type { RouteTable } from '../routes/table.js';
import type { PageStats } from '../workflow/page-stats.js';
import { looksPersonal, normalisedTerm } from '../workflow/search-term.js';
import { SESSION_COOKIE } from '../workflow/session-cookie.js';

/** User agents remembered with what they say (bot, device); past it, the memory starts afresh. */
const REMEMBERED_AGENTS = 1_000;
const MOBILE = /Mobi|Android|iPhone|iPad|iPod/i;
const SESSION = `${SESSION_COOKIE}=`;

interface Agent {
  bot: boolean;
  device: DeviceClass;
}

/** A view answered and not counted yet. */
interface Waiting {
  req: IncomingMessage;
  res: ServerResponse;
  path: string;
  query: string;
  address: string;
}

/** What the statistics need of the app: the pages, this instance's counts, the site's own host. */
export interface PageViewSources {
  routes: RouteTable;
  stats: PageStats | undefined;
  siteUrl: string;
}

const header = (req: IncomingMessage, name: string): string => {
  const value = req.headers[name];
  return (Array.isArray(value) ? value[0] : value) ?? '';
};

/** The referrer's host only (no path, no query); none for the site itself or a referrer that is no URL. */
function referrerHost(referrer: string, ownHost: string): string {
  if (referrer === '') return '';
  try {
    const { host, protocol } = new URL(referrer);
    if (protocol !== 'http:' && protocol !== 'https:') return '';
    const lower = host.toLowerCase();
    return lower === ownHost ? '' : lower;
  } catch {
    return '';
  }
}

/**
 * Counts the public pages' views as the server answers them, whichever path answers (the fast path or
 * Express): a GET answered 200 or 304 with a public page. Not counted: other methods, redirects, errors,
 * files, the API, prefetches, requests that ask not to be tracked (DNT, Sec-GPC) and editors' requests
 * (their session cookie). A view costs a few Map lookups; nothing is written to the browser.
 */
export function withPageViews(sources: PageViewSources, clientAddress: (req: IncomingMessage) => string, listener: RequestListener): RequestListener {
  const { routes, stats } = sources;
  if (!stats) return listener;
  const ownHost = new URL(sources.siteUrl).host.toLowerCase();
  const agents = new Map<string, Agent>();

  function agentOf(userAgent: string): Agent {
    let agent = agents.get(userAgent);
    if (agent === undefined) {
      if (agents.size >= REMEMBERED_AGENTS) agents.clear();
      agent = { bot: userAgent === '' || isbot(userAgent), device: MOBILE.test(userAgent) ? 'celular' : 'computador' };
      agents.set(userAgent, agent);
    }
    return agent;
  }

  function counted(req: IncomingMessage, res: ServerResponse, path: string, query: string, address: string): void {
    if (res.statusCode !== 200 && res.statusCode !== 304) return;
    const type = res.getHeader('content-type');
    // The fast path writes its headers in one block that getHeader cannot read: it answers only pages and files.
    if (type !== undefined && !String(type).startsWith('text/html')) return;
    const at = Date.now();
    const userAgent = header(req, 'user-agent');
    const agent = agentOf(userAgent);
    const params = query === '' ? undefined : new URLSearchParams(query);
    stats!.tally.view({
      at,
      path,
      referrerHost: referrerHost(header(req, 'referer'), ownHost),
      utmSource: params?.get('utm_source') ?? '',
      utmMedium: params?.get('utm_medium') ?? '',
      utmCampaign: params?.get('utm_campaign') ?? '',
      device: agent.device,
      bot: agent.bot,
      visitor: agent.bot ? undefined : stats!.visitor(at, address, userAgent),
    });
    if (path === PATHS.search && params && !agent.bot && (params.get(NEWS_PAGE_PARAM) ?? '1') === '1') {
      const term = normalisedTerm(params.get(SEARCH_PARAM) ?? '');
      if (term !== '' && !looksPersonal(term)) stats!.tally.searched(at, term);
    }
  }

  // A page answered at once (the fast path) is counted after the event loop's writes, with the others
  // answered in the same turn: its bytes leave first, and the counting runs in one batch.
  let waiting: Waiting[] = [];
  function countWaiting(): void {
    const batch = waiting;
    waiting = [];
    for (const { req, res, path, query, address } of batch) counted(req, res, path, query, address);
  }
  function later(view: Waiting): void {
    if (waiting.push(view) === 1) setImmediate(countWaiting);
  }

  return (req, res) => {
    // Read before Express's mounted routers rewrite req.url.
    const url = req.url ?? '/';
    listener(req, res);
    if (req.method !== 'GET') return;
    const headers = req.headers;
    if (headers.dnt === '1' || headers['sec-gpc'] === '1' || headers['sec-purpose']?.includes('prefetch') || headers.purpose === 'prefetch') return;
    if (headers.cookie?.includes(SESSION)) return;
    const queryAt = url.indexOf('?');
    const path = queryAt === -1 ? url : url.slice(0, queryAt);
    const kind = routes.match(path)?.route.kind;
    if (kind !== 'public' && kind !== 'prerendered' && kind !== 'form') return;
    const query = queryAt === -1 ? '' : url.slice(queryAt + 1);
    // Read before the response is over: a client that resets its connection takes its address with it.
    const address = clientAddress(req);
    if (res.writableEnded) later({ req, res, path, query, address });
    else res.once('finish', () => counted(req, res, path, query, address));
  };
}
