import type { SiteConfig } from '../config.js';

/** The registration page on the application host; plan codes follow spec section 9. */
export function registrationUrl(site: Pick<SiteConfig, 'appUrl'>, planCode?: 'PRO' | 'CLI'): string {
  const url = new URL('/cadastro', site.appUrl);
  if (planCode) url.searchParams.set('plano', planCode);
  return url.toString();
}

/** Sign-in lives in the application; the old site's /login target sends the visitor there. */
export function loginUrl(site: Pick<SiteConfig, 'appUrl'>): string {
  return new URL('/login', site.appUrl).toString();
}
