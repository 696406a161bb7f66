import { NewsletterForm } from '../components/newsletter-form.js';
import { ButtonLink } from '../components/button-link.js';
import { FeatureGrid, type Feature } from '../components/feature-card.js';
import { Icon } from '../components/icon.js';
import { Section } from '../components/section.js';
import type { SiteConfig } from '../config.js';
import { MAIN_IMAGE, marketingMeta } from '../seo/marketing-meta.js';
import { FREE_RECORDS_PER_MONTH } from '../plans.js';
import { PATHS } from './paths.js';
import { registrationUrl } from '../lib/app-urls.js';
import type { PageMeta } from '../seo/page-meta.js';
import { useSite } from '../ssr/site-context.js';
import type { PublicRoute } from './page-route.js';
import type { Article } from '../db/repository.js';
import type { ImageSet } from '../images/image-set.js';
import { findImageSet } from '../images/picture-sources.js';
import { listingTags } from './cache-tags.js';
import { storageUnavailable } from '../db/storage-unavailable.js';
import { NewsCard } from './news-list.js';

/** The home page shows this many of the latest articles. */
export const HOME_ARTICLES = 3;

export interface HomeData {
  /** The latest public articles, newest first; none yet: the section is left out. */
  articles: Article[];
  images: readonly ImageSet[];
}

export function homeMeta(site: SiteConfig): PageMeta {
  return marketingMeta(site, {
    path: PATHS.home,
    title: `${site.productName}: prontuário eletrônico seguro e simples para médicos`,
    description: `Agenda, prontuário por paciente, receitas e atestados com assinatura digital e lembretes por WhatsApp. Comece grátis com ${FREE_RECORDS_PER_MONTH} prontuários por mês, sem cartão de crédito.`,
    keywords: [
      'prontuário eletrônico',
      'prontuário médico online',
      'agenda médica',
      'receita digital',
      'atestado com assinatura digital',
      'software para consultório',
      'LGPD',
    ],
  });
}

const SECURITY: Feature[] = [
  {
    icon: 'shield',
    title: 'De acordo com a LGPD',
    text: 'Dados de saúde são dados sensíveis. Tratamos cada informação dos seus pacientes conforme a Lei Geral de Proteção de Dados, com acesso restrito a quem você autorizar.',
  },
  {
    icon: 'lock',
    title: 'Dados criptografados',
    text: 'As informações trafegam por conexão criptografada e ficam guardadas cifradas. Um computador perdido não expõe seus prontuários: nada fica salvo nele.',
  },
  {
    icon: 'cloud',
    title: 'Hospedagem em nuvem',
    text: 'Servidores profissionais, sempre disponíveis, com cópias de segurança. Esqueça pen drives, HDs externos e o medo de perder anos de histórico clínico.',
  },
];

const FEATURES: Feature[] = [
  {
    icon: 'calendar',
    title: 'Agenda de consultas',
    text: 'Marque, remarque e confirme consultas em poucos cliques. Sua secretária organiza o dia e você vê tudo em tempo real.',
  },
  {
    icon: 'record',
    title: 'Prontuário por paciente',
    text: 'Anamnese, evolução, exames e anexos de cada paciente reunidos em uma linha do tempo fácil de consultar durante a consulta.',
  },
  {
    icon: 'signature',
    title: 'Receitas e atestados com assinatura digital',
    text: 'Emita prescrições e atestados com assinatura digital válida e envie ao paciente na hora, sem imprimir nada.',
  },
  {
    icon: 'bell',
    title: 'Notificações por SMS, WhatsApp e e-mail',
    text: 'Lembretes automáticos de consulta para os pacientes e avisos para você. Menos faltas, menos ligações.',
  },
  {
    icon: 'spark',
    title: 'Diagnóstico assistido por IA',
    text: 'A inteligência artificial sugere hipóteses diagnósticas a partir do quadro registrado. Uma segunda opinião rápida, e a decisão continua sua.',
  },
  {
    icon: 'users',
    title: 'Feito para a equipe',
    text: 'Médicos e secretárias trabalham juntos, cada um com o seu acesso, no mesmo consultório ou à distância.',
  },
];

const MOBILITY: Feature[] = [
  {
    icon: 'devices',
    title: 'Qualquer dispositivo',
    text: 'Computador, notebook, tablet ou celular: o prontuário se adapta à tela que estiver na sua mão.',
  },
  {
    icon: 'globe',
    title: 'Qualquer navegador',
    text: 'Chrome, Safari, Edge ou Firefox. Não há nada para instalar nem atualizar.',
  },
  {
    icon: 'clock',
    title: 'Qualquer lugar, 24h',
    text: 'No consultório, no hospital ou em casa, com Windows, macOS, Linux, Android ou iOS.',
  },
];

/** The latest articles, as /noticias shows them, and the way to all of them (the phone menu has no link to the news). */
function LatestNews({ articles, images }: HomeData) {
  if (articles.length === 0) return null;
  return (
    <Section id="noticias" eyebrow="Notícias" title="Últimas notícias" intro="Novidades sobre prontuário eletrônico, gestão do consultório e saúde digital.">
      <ul className="news-grid">
        {articles.map((article, index) => (
          <NewsCard key={article.id} article={article} image={findImageSet(images, article.id, article.imagem_nome)} index={index} belowFold heading="h3" />
        ))}
      </ul>
      <p className="home-news-more">
        <ButtonLink href={PATHS.news} variant="secondary">
          Ver todas as notícias
        </ButtonLink>
      </p>
    </Section>
  );
}

export function HomePage({ data }: { data: HomeData }) {
  const { site } = useSite();
  const phone = <span className="nowrap">{site.phoneDisplay}</span>;
  const support: Feature[] = [
    { icon: 'chat', title: 'WhatsApp', text: <>Converse com a nossa equipe pelo {phone}, sem robô e sem fila.</> },
    { icon: 'mail', title: 'E-mail', text: <>Escreva para {site.email} e receba uma resposta atenciosa e sem enrolação.</> },
    { icon: 'phone', title: 'Telefone', text: <>Prefere falar? Ligue para {phone} em horário comercial.</> },
  ];
  return (
    <>
      <section className="hero" aria-labelledby="hero-titulo">
        <div className="container hero-grid">
          <div className="hero-copy">
            <p className="eyebrow">Prontuário eletrônico para médicos</p>
            <h1 id="hero-titulo">Mais tempo para o paciente, menos tempo com papel.</h1>
            <p className="lead">
              O {site.productName} reúne agenda, prontuário, receitas e atestados com assinatura digital em um só lugar,
              seguro e fácil de usar. Do consultório ao celular.
            </p>
            <div className="hero-actions">
              <ButtonLink href={site.appUrl} external>
                Experimente Grátis
              </ButtonLink>
              <ButtonLink href={PATHS.plans} variant="secondary">
                Ver planos
              </ButtonLink>
            </div>
            <ul className="hero-points">
              <li>
                <Icon name="check" size={20} />
                {`${FREE_RECORDS_PER_MONTH} prontuários por mês grátis`}
              </li>
              <li>
                <Icon name="check" size={20} />
                Sem cartão de crédito
              </li>
              <li>
                <Icon name="check" size={20} />
                De acordo com a LGPD
              </li>
            </ul>
          </div>
          <img
            className="hero-image"
            src={MAIN_IMAGE.svg}
            width={MAIN_IMAGE.width}
            height={MAIN_IMAGE.height}
            alt={`Tela do ${site.productName} com a agenda do dia e o prontuário de um paciente`}
            decoding="async"
            // React 18 does not know fetchPriority yet; the lowercase attribute reaches the HTML as is.
            {...{ fetchpriority: 'high' }}
          />
        </div>
      </section>

      <Section
        id="seguranca"
        eyebrow="Segurança"
        title="Os dados dos seus pacientes protegidos de verdade"
        intro="Sigilo médico também vale no digital. Por isso a segurança vem antes de qualquer outro recurso."
      >
        <FeatureGrid features={SECURITY} />
      </Section>

      <Section
        id="recursos"
        eyebrow="Recursos"
        title="Tudo o que o seu consultório precisa, em um só lugar"
        intro="Da marcação da consulta ao envio da receita, cada etapa do atendimento fica mais rápida."
        tone="tint"
      >
        <FeatureGrid features={FEATURES} />
      </Section>

      <Section
        id="suporte"
        eyebrow="Suporte"
        title="Gente de verdade para ajudar quando você precisar"
        intro="Dúvida no meio do atendimento? Fale com a nossa equipe pelo canal que preferir."
      >
        <FeatureGrid features={support} />
      </Section>

      <Section
        id="mobilidade"
        eyebrow="Mobilidade"
        title="Seu consultório cabe no bolso"
        intro="Acesse a agenda e os prontuários de onde estiver, em qualquer dispositivo, plataforma e navegador."
        tone="tint"
      >
        <FeatureGrid features={MOBILITY} />
      </Section>

      <Section id="facilidade" eyebrow="Facilidade de uso" title="Simples desde o primeiro acesso">
        <div className="split">
          <p className="split-text">
            Telas limpas, poucos cliques e nada de manual de cem páginas. Crie sua conta, cadastre o primeiro paciente e
            registre a consulta em minutos. Se surgir alguma dúvida, nossa equipe de suporte ajuda você
            a dar os primeiros passos.
          </p>
          <ol className="steps">
            <li>
              <strong>Crie sua conta</strong> em menos de dois minutos.
            </li>
            <li>
              <strong>Cadastre seus pacientes</strong> à medida que eles chegam.
            </li>
            <li>
              <strong>Atenda</strong> com agenda, prontuário e receitas no mesmo lugar.
            </li>
          </ol>
        </div>
      </Section>

      <LatestNews {...data} />
      <NewsletterForm id="boletim-inicio" action={PATHS.newsletterSignup} page={PATHS.home} />

      <section id="plano-gratis" className="cta-band" aria-labelledby="plano-gratis-titulo">
        <div className="container cta-inner">
          <div>
            <p className="eyebrow eyebrow-light">Plano gratuito</p>
            <h2 id="plano-gratis-titulo">{`Comece hoje com ${FREE_RECORDS_PER_MONTH} prontuários por mês grátis`}</h2>
            <p>Sem cartão de crédito, sem prazo para acabar. Quando o consultório crescer, o {site.productName} cresce junto.</p>
          </div>
          <ButtonLink href={registrationUrl(site)} external variant="light">
            Quero me cadastrar
          </ButtonLink>
        </div>
      </section>
    </>
  );
}

export const HOME_CACHE_KEY = 'inicio';

/**
 * GET /: the marketing page with the latest articles. Cached like /noticias and dropped with it when an
 * article is published, changed or taken down; the fast path answers it from memory.
 */
export const homePage: PublicRoute<HomeData> = {
  id: 'home',
  path: PATHS.home,
  kind: 'public',
  cacheKey: () => HOME_CACHE_KEY,
  async load({ deps }) {
    try {
      const { items } = await deps.repo.publicArticles.latest(1, HOME_ARTICLES);
      const images = await deps.repo.images.imageSets(items.map((article) => article.id));
      return { status: 200, data: { articles: items, images } };
    } catch (error) {
      // The marketing page must not fall with the database: without a cached copy to serve, it goes
      // without its news until the cache's safety-net minute or the next publication.
      if (await storageUnavailable(deps.repo, error)) return { status: 200, data: { articles: [], images: [] } };
      throw error;
    }
  },
  tags: (data) => listingTags(data.articles),
  meta: homeMeta,
  Component: HomePage,
};
