import type { SiteConfig } from '../config.js';
import { marketingMeta } from '../seo/marketing-meta.js';
import type { PageMeta } from '../seo/page-meta.js';
import type { PrerenderedRoute } from './page-route.js';
import { PATHS } from './paths.js';

export function demoThanksMeta(site: SiteConfig): PageMeta {
  return marketingMeta(site, {
    path: PATHS.demoThanks,
    title: 'Pedido de demonstração recebido',
    description: `Recebemos o seu pedido de demonstração do ${site.productName}. Nossa equipe entra em contato em breve.`,
    keywords: [],
    noindex: true,
  });
}

function DemoThanksPage() {
  return (
    <section className="page-hero demo-thanks" aria-labelledby="obrigado-titulo">
      <div className="container narrow">
        <p className="eyebrow">Pedido recebido</p>
        <h1 id="obrigado-titulo">Obrigado! Vamos falar com você em breve</h1>
        <p className="lead">Nossa equipe responde em até um dia útil, pelo WhatsApp ou e-mail que você informou, para combinar o melhor horário da demonstração.</p>
        <p className="demo-thanks-actions">
          <a className="button button-primary" href={PATHS.news}>
            Ler as notícias
          </a>
          <a className="button button-secondary" href={PATHS.plans}>
            Ver os planos
          </a>
        </p>
      </div>
    </section>
  );
}

/** /demonstracao/obrigado: where the form leads once sent (whatever became of the submission). Not indexed. */
export const demoThanksPage: PrerenderedRoute = {
  id: 'demo-thanks',
  path: PATHS.demoThanks,
  kind: 'prerendered',
  indexable: false,
  meta: demoThanksMeta,
  Component: DemoThanksPage,
};
