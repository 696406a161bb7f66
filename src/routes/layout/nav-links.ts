import type { SiteConfig } from '../../config.js';
import { aboutPath, PATHS } from '../paths.js';

export interface NavLink {
  label: string;
  href: string;
}

/** Contatos is an anchor to the footer, present on every page. */
export const CONTACTS_ANCHOR = '#contatos';

/** Desktop navigation (spec section 1). */
export function desktopLinks(site: Pick<SiteConfig, 'productSlug'>): NavLink[] {
  return [
    { label: 'Planos', href: PATHS.plans },
    { label: 'Notícias', href: PATHS.news },
    { label: 'Sobre', href: aboutPath(site) },
    { label: 'Contatos', href: CONTACTS_ANCHOR },
  ];
}

/** The mobile menu leaves News out (spec section 1). */
export function mobileLinks(site: Pick<SiteConfig, 'productSlug'>): NavLink[] {
  return desktopLinks(site).filter((link) => link.href !== PATHS.news);
}

/** aria-current for the page being shown; a news article counts as being under Notícias. */
export function isCurrent(link: NavLink, path: string): boolean {
  if (link.href.startsWith('#')) return false;
  return path === link.href || (link.href !== '/' && path.startsWith(`${link.href}/`));
}
