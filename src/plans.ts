/**
 * The plans of spec section 9. Clínica is kept here, complete, so that offering it later is a
 * one-line change (`offered: true`); until then no page renders it.
 */

export type PlanCode = 'PRO' | 'CLI';

export interface PlanFeature {
  text: string;
  /** Announced but not available yet. */
  comingSoon?: boolean;
}

export interface Plan {
  id: 'residente' | 'profissional' | 'clinica';
  name: string;
  tagline: string;
  /** Price in cents, per professional per month. */
  priceCents: number;
  /** Query value of ?plano= on the registration page; the free plan registers without one. */
  code?: PlanCode;
  features: PlanFeature[];
  cta: string;
  highlighted: boolean;
  offered: boolean;
}

/** Who each price is for (spec section 9): one professional, for one month. */
export const PRICED_PER = 'profissional';
export const PRICE_UNIT = `por ${PRICED_PER} por mês`;

export const FREE_RECORDS_PER_MONTH = 10;

export const PLANS: readonly Plan[] = [
  {
    id: 'residente',
    name: 'Residente',
    tagline: 'Para começar agora, sem cartão de crédito.',
    priceCents: 0,
    features: [
      { text: `Até ${FREE_RECORDS_PER_MONTH} prontuários por mês` },
      { text: 'Agenda de consultas ilimitada' },
      { text: 'Pacientes ilimitados' },
      { text: 'Receitas e atestados automáticos por SMS ou e-mail' },
      { text: 'Disponível 24h' },
    ],
    cta: 'Começar grátis',
    highlighted: false,
    offered: true,
  },
  {
    id: 'profissional',
    name: 'Profissional',
    tagline: 'Para o consultório que quer crescer sem limites.',
    priceCents: 2999,
    code: 'PRO',
    features: [
      { text: 'Tudo do plano Residente' },
      { text: 'Prontuários ilimitados' },
      { text: 'Anexos ilimitados' },
      { text: 'Secretárias ilimitadas' },
      { text: 'Notificações por WhatsApp' },
      { text: 'Diagnóstico com inteligência artificial' },
    ],
    cta: 'Assinar o Profissional',
    highlighted: true,
    offered: true,
  },
  {
    id: 'clinica',
    name: 'Clínica',
    tagline: 'Para equipes que atendem juntas.',
    priceCents: 6999,
    code: 'CLI',
    features: [
      { text: 'Tudo do plano Profissional' },
      { text: 'Mural de recados' },
      { text: 'Chat interno' },
      { text: 'Diagnóstico com IA: 10 consultas por mês', comingSoon: true },
    ],
    cta: 'Assinar o Clínica',
    highlighted: false,
    offered: false,
  },
];

export function offeredPlans(plans: readonly Plan[] = PLANS): Plan[] {
  return plans.filter((plan) => plan.offered);
}

const BRL = new Intl.NumberFormat('pt-BR', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** "R$0,00", "R$29,99": the spec writes prices without a space after the symbol. */
export function formatPrice(cents: number): string {
  return `R$${BRL.format(cents / 100)}`;
}
