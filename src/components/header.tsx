import { useSite } from '../ssr/site-context.js';
import { ButtonLink } from './button-link.js';
import { Logo } from './logo.js';
import { desktopLinks, isCurrent, mobileLinks, type NavLink } from './nav-links.js';

function NavList({ links, path }: { links: NavLink[]; path: string }) {
  return (
    <ul>
      {links.map((link) => (
        <li key={link.href}>
          <a href={link.href} aria-current={isCurrent(link, path) ? 'page' : undefined}>
            {link.label}
          </a>
        </li>
      ))}
    </ul>
  );
}

/**
 * Two navigations, one per layout, switched by CSS at 576 px. The mobile one is a <details>
 * disclosure: it opens by click, Enter or Space with no JavaScript at all.
 */
export function Header() {
  const { site, path } = useSite();
  return (
    <header className="site-header">
      <div className="container header-bar">
        <Logo />
        <nav className="nav-desktop" aria-label="Principal">
          <NavList links={desktopLinks(site)} path={path} />
        </nav>
        <div className="header-actions">
          <ButtonLink href={site.appUrl} external className="button-small">
            Acessar
          </ButtonLink>
          <details className="nav-mobile">
            <summary>
              <span className="menu-icon" aria-hidden="true" />
              Menu
            </summary>
            <nav aria-label="Menu">
              <NavList links={mobileLinks(site)} path={path} />
            </nav>
          </details>
        </div>
      </div>
    </header>
  );
}
