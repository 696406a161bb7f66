import { useSite } from '../ssr/site-context.js';

/**
 * The brand mark drawn inline: it costs no request and stays sharp at any size.
 * public/logo.svg and the PNG icons are drawn from the same shapes.
 */
export function LogoMark({ size = 36 }: { size?: number }) {
  return (
    <svg className="logo-mark" width={size} height={size} viewBox="0 0 64 64" aria-hidden="true" focusable="false">
      <rect width="64" height="64" rx="16" fill="#0b6e69" />
      <path d="M25 12h14v13h13v14H39v13H25V39H12V25h13z" fill="#fff" />
      <path
        d="M8 33h14l4-7 6 14 5-10 3 3h16"
        fill="none"
        stroke="#0b6e69"
        strokeWidth="4"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}

export function Logo({ className = 'logo' }: { className?: string }) {
  const { site } = useSite();
  return (
    <a className={className} href="/" aria-label={`${site.productName}: página inicial`}>
      <LogoMark />
      <span className="logo-name" aria-hidden="true">
        {site.productName}
      </span>
    </a>
  );
}
