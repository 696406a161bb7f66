import type { SiteConfig } from '../config.js';
import { webPage } from './json-ld.js';
import type { PageMeta } from './page-meta.js';

/** The main image (spec section 9: 600x545), also the preview shown when a page is shared. */
export const MAIN_IMAGE = {
  svg: '/imagem-principal.svg',
  png: '/imagem-principal.png',
  width: 600,
  height: 545,
} as const;

interface MarketingPage {
  path: string;
  title: string;
  description: string;
  keywords: string[];
  noindex?: boolean;
}

/** Shared by every marketing page: Open Graph image and the WebPage node come from here. */
export function marketingMeta(site: SiteConfig, page: MarketingPage): PageMeta {
  return {
    ...page,
    ogType: 'website',
    image: {
      url: MAIN_IMAGE.png,
      width: MAIN_IMAGE.width,
      height: MAIN_IMAGE.height,
      alt: `Tela do prontuário eletrônico ${site.productName} com agenda e prontuário do paciente`,
    },
    jsonLd: [webPage(site, page)],
  };
}
