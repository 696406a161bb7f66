import { ButtonLink } from '../components/button-link.js';
import { FeatureGrid, type Feature } from '../components/feature-card.js';
import type { SiteConfig } from '../config.js';
import { marketingMeta } from '../seo/marketing-meta.js';
import { aboutPath } from './paths.js';
import { registrationUrl } from '../lib/app-urls.js';
import type { PageMeta } from '../seo/page-meta.js';
import { useSite } from '../ssr/site-context.js';
import type { PrerenderedRoute } from './page-route.js';

export function aboutMeta(site: SiteConfig): PageMeta {
  return marketingMeta(site, {
    path: aboutPath(site),
    title: `Sobre o ${site.productName}`,
    description: `O ${site.productName} nasceu em 2020, durante a pandemia, criado junto com uma dermatologista para que médicos atendam com segurança de qualquer lugar. Conheça a nossa história.`,
    keywords: ['sobre o ' + site.productName, 'prontuário eletrônico', 'história', 'telemedicina', 'software médico brasileiro'],
  });
}

const VALUES: Feature[] = [
  {
    icon: 'heart',
    title: 'O paciente no centro',
    text: 'Cada recurso existe para devolver ao médico o tempo que a burocracia tomava do atendimento.',
  },
  {
    icon: 'shield',
    title: 'Sigilo acima de tudo',
    text: 'Tratamos os dados de saúde com o mesmo cuidado que um médico tem com o seu paciente.',
  },
  {
    icon: 'click',
    title: 'Simplicidade',
    text: 'Se uma tarefa precisa de manual, ela ainda não está pronta. Preferimos menos telas e mais clareza.',
  },
];

export function AboutPage() {
  const { site } = useSite();
  return (
    <>
      <section className="page-hero" aria-labelledby="sobre-titulo">
        <div className="container narrow">
          <p className="eyebrow">Nossa história</p>
          <h1 id="sobre-titulo">Nascemos dentro do consultório, em meio à pandemia</h1>
          <p className="lead">
            O {site.productName} foi criado em 2020 ao lado de uma dermatologista que precisava continuar cuidando dos seus
            pacientes quando o mundo inteiro parou.
          </p>
        </div>
      </section>

      <section className="section" aria-labelledby="origem-titulo">
        <div className="container narrow prose">
          <h2 id="origem-titulo">Um problema real, resolvido por quem vive o dia a dia da medicina</h2>
          <p>
            Em 2020, com o consultório de portas fechadas e os pacientes em casa, uma dermatologista se viu presa entre
            fichas de papel, planilhas e mensagens espalhadas pelo celular. Os sistemas que encontrou eram caros,
            complicados ou não funcionavam fora do computador da clínica.
          </p>
          <p>
            Foi dessa conversa entre médica e desenvolvedores que surgiu o {site.productName}: um prontuário eletrônico
            pensado para a rotina real do consultório. Agenda, prontuário do paciente, receitas e atestados com assinatura
            digital, tudo acessível de qualquer dispositivo, com a segurança que os dados de saúde exigem.
          </p>
          <p>
            Desde então, cada recurso novo passa pelo mesmo teste: ele ajuda o médico a atender melhor e mais rápido? Se a
            resposta é não, ele não entra. É por isso que o {site.productName} continua simples, mesmo fazendo cada vez
            mais.
          </p>
        </div>
      </section>

      <section className="section section-tint" aria-labelledby="valores-titulo">
        <div className="container">
          <header className="section-header">
            <p className="eyebrow">No que acreditamos</p>
            <h2 id="valores-titulo">Tecnologia a serviço de quem cuida</h2>
          </header>
          <FeatureGrid features={VALUES} />
        </div>
      </section>

      <section className="cta-band" aria-labelledby="experimentar-titulo">
        <div className="container cta-inner">
          <div>
            <h2 id="experimentar-titulo">Veja na prática como o {site.productName} simplifica o seu dia</h2>
            <p>Crie sua conta grátis em minutos. Sem cartão de crédito.</p>
          </div>
          <ButtonLink href={registrationUrl(site)} external variant="light">
            Quero experimentar
          </ButtonLink>
        </div>
      </section>
    </>
  );
}

export const aboutPage: PrerenderedRoute = { id: 'about', path: aboutPath, kind: 'prerendered', indexable: true, meta: aboutMeta, Component: AboutPage };
