import { NewsletterForm, type FormCampaign } from '../components/newsletter-form.js';
import { NEWSLETTER_SIGNUP_ANSWER } from '../lib/newsletter-consent.js';
import { newsletterDeps, signUpFormSchema, signUpForNewsletter } from '../workflow/newsletter-signup.js';
import { formText } from './form-fields.js';
import { formList, NewsletterPage, newsletterMeta } from './newsletter-page.js';
import { keptUtm, ownPageQuery } from '../workflow/lead-origin.js';
import type { PrivateLoadContext, PrivateRoute } from './page-route.js';
import { DEMO_ORIGIN_PARAM, PATHS } from './paths.js';

export interface NewsletterSignupData {
  state: 'form' | 'sent' | 'invalid' | 'limited';
  /** The page whose link led here (`?origem=`), and the campaign this address was opened with. */
  origem?: string;
  utm?: FormCampaign;
}

export const SIGNUP_MESSAGES = {
  invalid: 'Informe um e-mail válido, como nome@clinica.com.br.',
  limited: 'Muitos pedidos de inscrição deste endereço de rede. Tente de novo daqui a uma hora.',
} as const;

function NewsletterSignupPage({ data: { state, origem, utm } }: { data: NewsletterSignupData }) {
  return (
    <NewsletterPage title="Receba os novos artigos por e-mail">
      {state === 'sent' ? (
        <p className="lead" role="status">
          {NEWSLETTER_SIGNUP_ANSWER}
        </p>
      ) : (
        <>
          {state !== 'form' && (
            <p className="newsletter-error" role="alert">
              {state === 'invalid' ? SIGNUP_MESSAGES.invalid : SIGNUP_MESSAGES.limited}
            </p>
          )}
          <NewsletterForm id="boletim-pagina" action={PATHS.newsletterSignup} page={origem ?? PATHS.newsletterSignup} {...(utm ? { utm } : {})} />
        </>
      )}
      <p>
        <a href={PATHS.news}>Ver as notícias</a>
      </p>
    </NewsletterPage>
  );
}

/** A path of this site, as the form's hidden field names it; anything else is not kept. */
const sitePath = (value: string) => (/^\/[\w\-./%]{0,300}$/.test(value) ? value : null);

const CAMPAIGN_KEYS = ['source', 'medium', 'campaign'] as const;

/** The campaign parameters `read` finds, those a campaign tool would write only. */
function campaignOf(read: (name: string) => string | undefined): FormCampaign {
  const { source, medium, campaign } = keptUtm(Object.fromEntries(CAMPAIGN_KEYS.map((key) => [key, read(`utm_${key}`)])));
  return { ...(source ? { source } : {}), ...(medium ? { medium } : {}), ...(campaign ? { campaign } : {}) };
}

/**
 * The campaign of a sign-up, as demonstration requests keep it: the form's own fields when its page
 * carried them, else the Referer when it is one of our pages (an article is cached, the same for
 * everyone: the campaign is in the address its reader opened).
 */
function signUpCampaign(ctx: PrivateLoadContext): FormCampaign {
  const posted = (name: string) => formText(ctx.req.body, name) || undefined;
  if (CAMPAIGN_KEYS.some((key) => posted(`utm_${key}`))) return campaignOf(posted);
  const host = ctx.req.get('host');
  const origins = [new URL(ctx.deps.config.site.siteUrl).origin, ...(host ? [`${ctx.req.protocol}://${host}`] : [])];
  const referer = ownPageQuery(ctx.req.get('referer'), origins);
  return campaignOf((name) => referer.get(name) ?? undefined);
}

/**
 * /boletim/inscricao: where every sign-up form posts. The answer is the same page, words and status
 * for any valid address (see signUpForNewsletter); the client address limit is in front (app.ts).
 */
export const newsletterSignupPage: PrivateRoute<NewsletterSignupData> = {
  id: 'newsletter-signup',
  path: PATHS.newsletterSignup,
  kind: 'private',
  session: 'optional',
  beforePasskey: true,
  async load(ctx) {
    const origem = sitePath(ctx.search.get(DEMO_ORIGIN_PARAM) ?? '');
    const utm = campaignOf((name) => ctx.search.get(name) ?? undefined);
    return { status: 200, data: { state: 'form', ...(origem ? { origem } : {}), ...(Object.keys(utm).length > 0 ? { utm } : {}) } };
  },
  async action(ctx) {
    const form = signUpFormSchema.safeParse({ email: formText(ctx.req.body, 'email').slice(0, 300), temas: formList(ctx.req.body, 'temas') });
    if (!form.success) return { status: 400, data: { state: 'invalid' } };
    await signUpForNewsletter(newsletterDeps(ctx.deps), { ...form.data, pagina: sitePath(formText(ctx.req.body, 'pagina')), utm: signUpCampaign(ctx), address: ctx.req.ip });
    return { status: 200, data: { state: 'sent' } };
  },
  meta: () => newsletterMeta(PATHS.newsletterSignup, 'Receba os novos artigos por e-mail'),
  Component: NewsletterSignupPage,
};
