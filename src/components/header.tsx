import { useSite } from '../ssr/site-context.js';
import { aboutPath, PATHS } from '../routes.js';

export function Header() {
  const { site } = useSite();
  return (
    <header className="site-header">
      <a href={PATHS.home}>{site.productName}</a>
      <nav aria-label="Principal">
        <a href={PATHS.plans}>Planos</a> <a href={PATHS.news}>Notícias</a> <a href={aboutPath(site)}>Sobre</a>{' '}
        <a href="#contatos">Contatos</a>
      </nav>
      <a href={site.appUrl} target="_blank" rel="noopener">
        Acessar
      </a>
    </header>
  );
}
