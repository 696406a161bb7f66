import type { AnchorHTMLAttributes } from 'react';

/**
 * Every link that leaves for the application host or a chat opens in a new tab, without giving
 * that tab a handle on this one (rel="noopener").
 */
export function ExternalLink(props: Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'target' | 'rel'> & { href: string }) {
  return <a {...props} target="_blank" rel="noopener" />;
}
