import { ButtonLink } from '../components/button-link.js';
import type { SiteConfig } from '../config.js';
import { marketingMeta } from '../seo/marketing-meta.js';
import { PATHS } from './paths.js';
import type { PageMeta } from '../seo/page-meta.js';

export const GONE_MESSAGE = 'Esta notícia foi retirada do ar.';

/** The page of an article URL that no longer shows anything (410): it names no title and no date. */
export function goneMeta(site: SiteConfig): PageMeta {
  return marketingMeta(site, {
    path: PATHS.news,
    title: 'Notícia retirada do ar',
    description: `Esta notícia do ${site.productName} foi retirada do ar. Veja as outras notícias.`,
    keywords: ['notícia retirada', site.productName],
    noindex: true,
  });
}

export function GonePage() {
  return (
    <section className="page-hero not-found" aria-labelledby="retirada-titulo">
      <div className="container narrow">
        <p className="not-found-code" aria-hidden="true">
          410
        </p>
        <h1 id="retirada-titulo">{GONE_MESSAGE}</h1>
        <p className="lead">O conteúdo deste endereço não está mais disponível.</p>
        <div className="hero-actions hero-actions-center">
          <ButtonLink href={PATHS.news}>Ver as outras notícias</ButtonLink>
          <ButtonLink href={PATHS.home} variant="secondary">
            Voltar para o início
          </ButtonLink>
        </div>
      </div>
    </section>
  );
}
