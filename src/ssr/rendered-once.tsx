import type { ReactElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { SiteProvider, type SiteContextValue } from './site-context.js';

/**
 * The markup of `element` rendered once per app and `key` (kept in the app's RenderMemo), for the
 * parts of every page that depend on nothing but the configuration. React's synchronous renderers may
 * run inside another render (its performWork restores the outer one). Server-only markup: nothing
 * rendered here is hydrated.
 */
export function renderedOnce(value: SiteContextValue, key: string, element: ReactElement): { __html: string } {
  let markup = value.memo.chrome.get(key);
  if (!markup) {
    markup = { __html: renderToStaticMarkup(<SiteProvider value={value}>{element}</SiteProvider>) };
    value.memo.chrome.set(key, markup);
  }
  return markup;
}
