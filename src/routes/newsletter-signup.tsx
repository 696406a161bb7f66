import { NewsletterForm } from '../components/newsletter-form.js';
import { NEWSLETTER_SIGNUP_ANSWER } from '../lib/newsletter-consent.js';
import { newsletterDeps, signUpFormSchema, signUpForNewsletter } from '../workflow/newsletter-signup.js';
import { formText } from './form-fields.js';
import { formList, NewsletterPage, newsletterMeta } from './newsletter-page.js';
import type { PrivateRoute } from './page-route.js';
import { PATHS } from './paths.js';

export interface NewsletterSignupData {
  state: 'form' | 'sent' | 'invalid' | 'limited';
}

export const SIGNUP_MESSAGES = {
  invalid: 'Informe um e-mail válido, como nome@clinica.com.br.',
  limited: 'Muitos pedidos de inscrição deste endereço de rede. Tente de novo daqui a uma hora.',
} as const;

function NewsletterSignupPage({ data: { state } }: { data: NewsletterSignupData }) {
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
          <NewsletterForm id="boletim-pagina" action={PATHS.newsletterSignup} page={PATHS.newsletterSignup} />
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
  async load() {
    return { status: 200, data: { state: 'form' } };
  },
  async action(ctx) {
    const form = signUpFormSchema.safeParse({ email: formText(ctx.req.body, 'email').slice(0, 300), temas: formList(ctx.req.body, 'temas') });
    if (!form.success) return { status: 400, data: { state: 'invalid' } };
    await signUpForNewsletter(newsletterDeps(ctx.deps), { ...form.data, pagina: sitePath(formText(ctx.req.body, 'pagina')), address: ctx.req.ip });
    return { status: 200, data: { state: 'sent' } };
  },
  meta: () => newsletterMeta(PATHS.newsletterSignup, 'Receba os novos artigos por e-mail'),
  Component: NewsletterSignupPage,
};
