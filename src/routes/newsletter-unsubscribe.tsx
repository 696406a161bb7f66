import { formText } from './form-fields.js';
import { newsletterDeps, subscriberOfLink, unsubscribe } from '../workflow/newsletter-signup.js';
import { maskedEmail, NewsletterPage, newsletterMeta } from './newsletter-page.js';
import type { PrivateRoute } from './page-route.js';
import { newsletterPreferencesPath, newsletterUnsubscribePath, PATHS } from './paths.js';

export interface NewsletterUnsubscribeData {
  state: 'pergunta' | 'cancelado' | 'link-invalido';
  token: string;
  email?: string;
}

export const UNSUBSCRIBE_MESSAGES = {
  button: 'Cancelar inscrição',
  done: 'Inscrição cancelada. Você não vai mais receber os artigos por e-mail.',
  invalid: 'Este link de cancelamento não é válido. Use o link do e-mail mais recente que você recebeu.',
} as const;

function NewsletterUnsubscribePage({ data: { state, token, email } }: { data: NewsletterUnsubscribeData }) {
  return (
    <NewsletterPage title={state === 'cancelado' ? 'Inscrição cancelada' : 'Cancelar a inscrição'}>
      {state === 'pergunta' && (
        <>
          <p className="lead">{`Parar de enviar os novos artigos para ${email}?`}</p>
          <form method="post" action={newsletterUnsubscribePath(token)}>
            <button type="submit" className="button button-primary">
              {UNSUBSCRIBE_MESSAGES.button}
            </button>
          </form>
        </>
      )}
      {state === 'cancelado' && (
        <p className="lead" role="status">
          {UNSUBSCRIBE_MESSAGES.done}
        </p>
      )}
      {state === 'link-invalido' && (
        <p className="lead" role="alert">
          {UNSUBSCRIBE_MESSAGES.invalid}
        </p>
      )}
      {state !== 'link-invalido' && (
        <p>
          <a href={newsletterPreferencesPath(token)}>Preferir escolher temas</a>
        </p>
      )}
    </NewsletterPage>
  );
}

/** RFC 8058: the mail client's one-click POST carries exactly this field. */
const isOneClick = (body: unknown) => formText(body, 'List-Unsubscribe') === 'One-Click';

/**
 * /boletim/cancelar/:token (the signed link of every edition, and its List-Unsubscribe header): GET
 * shows the one button; POST unsubscribes at once, no login, no other step (the mail client's one-click
 * POST or the button), kept as proof with how it was done.
 */
export const newsletterUnsubscribePage: PrivateRoute<NewsletterUnsubscribeData> = {
  id: 'newsletter-unsubscribe',
  path: PATHS.newsletterUnsubscribe,
  kind: 'private',
  session: 'optional',
  beforePasskey: true,
  async load(ctx) {
    const token = ctx.params.token ?? '';
    const subscriber = await subscriberOfLink(newsletterDeps(ctx.deps), token);
    if (!subscriber) return { status: 404, data: { state: 'link-invalido', token } };
    if (subscriber.estado === 'cancelado') return { status: 200, data: { state: 'cancelado', token } };
    return { status: 200, data: { state: 'pergunta', token, email: maskedEmail(subscriber.email) } };
  },
  async action(ctx) {
    const token = ctx.params.token ?? '';
    const subscriber = await subscriberOfLink(newsletterDeps(ctx.deps), token);
    if (!subscriber) return { status: 404, data: { state: 'link-invalido', token } };
    await unsubscribe(ctx.deps, subscriber.id, isOneClick(ctx.req.body) ? 'cabecalho' : 'link');
    return { status: 200, data: { state: 'cancelado', token } };
  },
  meta: (_site, data) => newsletterMeta(PATHS.newsletterSignup, data.state === 'cancelado' ? 'Inscrição cancelada' : 'Cancelar a inscrição'),
  Component: NewsletterUnsubscribePage,
};
