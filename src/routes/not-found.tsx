import { ButtonLink } from '../components/button-link.js';
import type { SiteConfig } from '../config.js';
import { marketingMeta } from '../seo/marketing-meta.js';
import { aboutPath, PATHS } from './paths.js';
import type { PageMeta } from '../seo/page-meta.js';
import { useSite } from '../ssr/site-context.js';
import type { PrerenderedRoute } from './page-route.js';

export const NOT_FOUND_MESSAGE = 'Página não encontrada.';

export function notFoundMeta(site: SiteConfig): PageMeta {
  return marketingMeta(site, {
    path: PATHS.notFound,
    title: 'Página não encontrada',
    description: `O endereço procurado não existe no site do ${site.productName}. Volte para o início ou conheça nossos planos.`,
    keywords: ['página não encontrada', site.productName],
    noindex: true,
  });
}

export function NotFoundPage() {
  const { site } = useSite();
  return (
    <section className="page-hero not-found" aria-labelledby="nao-encontrado-titulo">
      <div className="container narrow">
        <p className="not-found-code" aria-hidden="true">
          404
        </p>
        <h1 id="nao-encontrado-titulo">{NOT_FOUND_MESSAGE}</h1>
        <p className="lead">O endereço pode ter mudado ou foi digitado com algum erro. Que tal recomeçar por aqui?</p>
        <div className="hero-actions hero-actions-center">
          <ButtonLink href={PATHS.home}>Voltar para o início</ButtonLink>
          <ButtonLink href={PATHS.plans} variant="secondary">
            Ver planos
          </ButtonLink>
        </div>
        <p>
          Procurando outra coisa? Veja as <a href={PATHS.news}>notícias</a>, conheça o{' '}
          <a href={aboutPath(site)}>{site.productName}</a> ou <a href="#contatos">fale com a gente</a>.
        </p>
      </div>
    </section>
  );
}

/** Prerendered at its own address, and the body of every 404. */
export const notFoundPage: PrerenderedRoute = {
  id: 'not-found',
  path: PATHS.notFound,
  kind: 'prerendered',
  indexable: false,
  meta: notFoundMeta,
  Component: NotFoundPage,
};
