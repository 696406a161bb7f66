import { formatPrice, PRICE_UNIT, type Plan } from '../plans.js';
import { registrationUrl } from '../lib/app-urls.js';
import { useSite } from '../ssr/site-context.js';
import { ButtonLink } from './button-link.js';
import { Icon } from './icon.js';

export function PlanCard({ plan }: { plan: Plan }) {
  const { site } = useSite();
  const headingId = `plano-${plan.id}`;
  return (
    <article className={plan.highlighted ? 'card plan-card plan-card-highlighted' : 'card plan-card'} aria-labelledby={headingId}>
      {plan.highlighted && <p className="plan-badge">Mais completo</p>}
      <h2 id={headingId}>{plan.name}</h2>
      <p className="plan-tagline">{plan.tagline}</p>
      <p className="plan-price">
        <span className="plan-amount">{formatPrice(plan.priceCents)}</span>
        <span className="plan-unit">{PRICE_UNIT}</span>
      </p>
      <ul className="plan-features">
        {plan.features.map((feature) => (
          <li key={feature.text}>
            <Icon name="check" size={20} />
            <span>
              {feature.text}
              {feature.comingSoon && <span className="tag">em breve</span>}
            </span>
          </li>
        ))}
      </ul>
      <ButtonLink
        href={registrationUrl(site, plan.code)}
        external
        variant={plan.highlighted ? 'primary' : 'secondary'}
        className="button-block"
      >
        {plan.cta}
      </ButtonLink>
    </article>
  );
}
