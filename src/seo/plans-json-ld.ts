import type { SoftwareApplication } from 'schema-dts';
import type { SiteConfig } from '../config.js';
import { organizationId } from './json-ld.js';
import { offeredPlans, PRICE_UNIT, PRICED_PER, type Plan } from '../plans.js';
import { absoluteUrl } from '../lib/absolute-url.js';
import { registrationUrl } from '../lib/app-urls.js';

/** "29.99": schema.org wants a plain decimal with a dot, whatever the page shows. */
function schemaPrice(plan: Plan): string {
  return (plan.priceCents / 100).toFixed(2);
}

/**
 * The plans page describes the product and its offers, so search engines can show the prices.
 * Only offered plans are listed: the hidden Clínica stays out of structured data too.
 */
/** `path`: the plans page's (the route table's). */
export function softwareApplication(site: SiteConfig, path: string, plans: readonly Plan[] = offeredPlans()): Exclude<SoftwareApplication, string> {
  return {
    '@type': 'SoftwareApplication',
    name: site.productName,
    applicationCategory: 'MedicalApplication',
    operatingSystem: 'Web, Windows, macOS, Linux, Android, iOS',
    url: absoluteUrl(site, path),
    inLanguage: 'pt-BR',
    publisher: { '@id': organizationId(site) },
    offers: plans.map((plan) => ({
      '@type': 'Offer',
      name: plan.name,
      price: schemaPrice(plan),
      priceCurrency: 'BRL',
      // The price as the page shows it: per professional (the reference quantity), billed monthly.
      priceSpecification: {
        '@type': 'UnitPriceSpecification',
        price: schemaPrice(plan),
        priceCurrency: 'BRL',
        billingDuration: 'P1M',
        referenceQuantity: { '@type': 'QuantitativeValue', value: 1, unitText: PRICED_PER },
        unitText: PRICE_UNIT,
      },
      description: `${plan.tagline} Preço ${PRICE_UNIT}.`,
      url: registrationUrl(site, plan.code),
      availability: 'https://schema.org/InStock',
    })),
  };
}
