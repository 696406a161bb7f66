import { renderedOnce } from '../../ssr/rendered-once.js';
import { useSite } from '../../ssr/site-context.js';
import { ButtonLink } from '../../components/button-link.js';
import { Logo } from '../../components/logo.js';
import { PATHS } from '../paths.js';
import { SearchForm } from '../search-form.js';
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
function HeaderBar() {
  const { site, path } = useSite();
  return (
    <div className="container header-bar">
      <Logo />
      <nav className="nav-desktop" aria-label="Principal">
        <NavList links={desktopLinks(site)} path={path} />
      </nav>
      <div className="header-actions">
        <ButtonLink href={PATHS.demo} variant="secondary" className="button-small header-demo">
          Agende uma demonstração
        </ButtonLink>
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
  );
}

/** The news pages' search, under the bar; the list and the results pages have their own form. */
function NewsSearchRow() {
  return (
    <div className="container header-search">
      <SearchForm id="busca-cabecalho" label="Buscar nas notícias" />
    </div>
  );
}

/** The same for every page of a section: rendered once per section (the link marked aria-current). */
export function Header() {
  const value = useSite();
  const current = desktopLinks(value.site).find((link) => isCurrent(link, value.path))?.href ?? '';
  const search = current === PATHS.news && value.path !== PATHS.news && value.path !== PATHS.search;
  return (
    <header
      className="site-header"
      dangerouslySetInnerHTML={renderedOnce(value, `header:${current}:${search}`, <>
        <HeaderBar />
        {search && <NewsSearchRow />}
      </>)}
    />
  );
}
