import type { ReactNode } from 'react';
import { ExternalLink } from './external-link.js';

export type ButtonVariant = 'primary' | 'secondary' | 'light';

interface ButtonLinkProps {
  href: string;
  children: ReactNode;
  variant?: ButtonVariant;
  /** Opens the application host in a new tab; screen readers are told so. */
  external?: boolean;
  className?: string;
}

/** Every button on the marketing site is a link: there is no JavaScript to run a <button>. */
export function ButtonLink({ href, children, variant = 'primary', external = false, className }: ButtonLinkProps) {
  const classes = ['button', `button-${variant}`, className].filter(Boolean).join(' ');
  if (!external) {
    return (
      <a className={classes} href={href}>
        {children}
      </a>
    );
  }
  return (
    <ExternalLink className={classes} href={href}>
      {children}
      <span className="visually-hidden"> (abre em nova aba)</span>
    </ExternalLink>
  );
}
