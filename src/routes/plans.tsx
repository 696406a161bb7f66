import { PlanCard } from '../components/plan-card.js';
import type { SiteConfig } from '../config.js';
import { marketingMeta } from '../seo/marketing-meta.js';
import { softwareApplication } from '../seo/plans-json-ld.js';
import { FREE_RECORDS_PER_MONTH, offeredPlans } from '../plans.js';
import { DemoInvite } from './demo-invite.js';
import { PATHS } from './paths.js';
import type { PageMeta } from '../seo/page-meta.js';
import { useSite } from '../ssr/site-context.js';
import type { PrerenderedRoute } from './page-route.js';

export function plansMeta(site: SiteConfig): PageMeta {
  const meta = marketingMeta(site, {
    path: PATHS.plans,
    title: 'Preço do prontuário eletrônico: planos e valores',
    description: `Planos do ${site.productName}: Residente grátis com ${FREE_RECORDS_PER_MONTH} prontuários por mês, ou Profissional por R$29,99 por profissional por mês com prontuários, anexos e secretárias ilimitados.`,
    keywords: ['preço prontuário eletrônico', 'prontuário eletrônico grátis', 'planos', 'valores', 'software médico', 'assinatura'],
  });
  return { ...meta, jsonLd: [...meta.jsonLd, softwareApplication(site, PATHS.plans)] };
}

const QUESTIONS: { question: string; answer: string }[] = [
  {
    question: 'Preciso de cartão de crédito para começar?',
    answer: `Não. O plano Residente é gratuito e não pede cartão: você usa até ${FREE_RECORDS_PER_MONTH} prontuários por mês pelo tempo que quiser.`,
  },
  {
    question: 'Como funciona a cobrança do plano Profissional?',
    answer: 'O valor é por profissional por mês. Secretárias não pagam: você pode cadastrar quantas precisar.',
  },
  {
    question: 'Posso mudar de plano depois?',
    answer: 'Sim. Comece no Residente e passe para o Profissional quando o consultório pedir, sem perder nenhum dado.',
  },
];

export function PlansPage() {
  const { site } = useSite();
  return (
    <>
      <section className="page-hero" aria-labelledby="planos-titulo">
        <div className="container narrow">
          <p className="eyebrow">Planos e preços</p>
          <h1 id="planos-titulo">Um plano para cada momento da sua carreira</h1>
          <p className="lead">
            Comece grátis, sem cartão de crédito, e mude para o Profissional quando quiser. Preços por profissional por mês.
          </p>
        </div>
      </section>
      <section className="section section-plans" aria-label="Planos">
        <div className="container plan-grid">
          {offeredPlans().map((plan) => (
            <PlanCard key={plan.id} plan={plan} />
          ))}
        </div>
      </section>
      <div className="container narrow demo-invite-plans">
        <DemoInvite from={PATHS.plans} title="Prefere ver antes de escolher?" />
      </div>
      <section className="section section-tint" aria-labelledby="duvidas-titulo">
        <div className="container narrow">
          <header className="section-header">
            <h2 id="duvidas-titulo">Perguntas frequentes</h2>
          </header>
          <dl className="faq">
            {QUESTIONS.map((item) => (
              <div key={item.question}>
                <dt>{item.question}</dt>
                <dd>{item.answer}</dd>
              </div>
            ))}
          </dl>
          <p className="faq-more">
            Ficou alguma dúvida? <a href="#contatos">Fale com a nossa equipe</a> do {site.productName}.
          </p>
        </div>
      </section>
    </>
  );
}

export const plansPage: PrerenderedRoute = { id: 'plans', path: PATHS.plans, kind: 'prerendered', indexable: true, meta: plansMeta, Component: PlansPage };
