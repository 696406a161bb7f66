import type { ReactNode } from 'react';
import type { AppDeps } from '../app-deps.js';
import type { PageMeta } from '../seo/page-meta.js';
import { Document } from '../ssr/document.js';
import { SiteProvider } from '../ssr/site-context.js';

export function pageDocument({ config, assets }: Pick<AppDeps, 'config' | 'assets'>, meta: PageMeta, children: ReactNode) {
  return (
    <SiteProvider value={{ site: config.site, assets, path: meta.path.split('?')[0]! }}>
      <Document meta={meta}>{children}</Document>
    </SiteProvider>
  );
}
