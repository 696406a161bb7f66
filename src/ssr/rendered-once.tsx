import type { ReactElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import type { SiteConfig } from '../config.js';
import { SiteProvider, type SiteContextValue } from './site-context.js';

const rendered = new WeakMap<SiteConfig, Map<string, { __html: string }>>();

/**
 * The markup of `element` rendered once per site configuration and `key`, for the parts of every page
 * that depend on nothing else: the insides of the header, the footer and the chat button, about 40% of
 * an article page's render otherwise. React's synchronous renderers may run inside another render
 * (its performWork restores the outer one). Server-only markup: nothing rendered here is hydrated.
 */
export function renderedOnce(value: SiteContextValue, key: string, element: ReactElement): { __html: string } {
  let byKey = rendered.get(value.site);
  if (!byKey) {
    byKey = new Map();
    rendered.set(value.site, byKey);
  }
  let markup = byKey.get(key);
  if (!markup) {
    markup = { __html: renderToStaticMarkup(<SiteProvider value={value}>{element}</SiteProvider>) };
    byKey.set(key, markup);
  }
  return markup;
}
