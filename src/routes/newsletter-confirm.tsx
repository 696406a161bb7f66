import { confirmationState, confirmSubscription } from '../workflow/newsletter-signup.js';
import { NewsletterPage, newsletterMeta, SubscribeAgain } from './newsletter-page.js';
import type { PrivateRoute } from './page-route.js';
import { newsletterConfirmPath, PATHS } from './paths.js';

export interface NewsletterConfirmData {
  state: 'valido' | 'expirado' | 'desconhecido' | 'confirmado';
  token: string;
}

export const CONFIRM_MESSAGES = {
  button: 'Confirmar inscrição',
  confirmed: 'Inscrição confirmada. Você vai receber os novos artigos por e-mail; cada mensagem traz um link para cancelar com um clique.',
  expired: 'Este link de confirmação venceu: ele vale 7 dias. Inscreva-se de novo para receber um novo link.',
  unknown: 'Este link de confirmação já foi usado ou não existe. Se você já confirmou, a inscrição vale; senão, inscreva-se de novo.',
} as const;

const TITLES = {
  valido: 'Confirme a sua inscrição',
  confirmado: 'Inscrição confirmada',
  expirado: 'Link vencido',
  desconhecido: 'Link já usado',
} as const;

function NewsletterConfirmPage({ data: { state, token } }: { data: NewsletterConfirmData }) {
  return (
    <NewsletterPage title={TITLES[state]}>
      {state === 'valido' && (
        <>
          <p className="lead">Para receber os novos artigos do site por e-mail, confirme com o botão abaixo.</p>
          <form method="post" action={newsletterConfirmPath(token)}>
            <button type="submit" className="button button-primary">
              {CONFIRM_MESSAGES.button}
            </button>
          </form>
        </>
      )}
      {state === 'confirmado' && (
        <p className="lead" role="status">
          {CONFIRM_MESSAGES.confirmed}
        </p>
      )}
      {(state === 'expirado' || state === 'desconhecido') && (
        <>
          <p className="lead" role="alert">
            {state === 'expirado' ? CONFIRM_MESSAGES.expired : CONFIRM_MESSAGES.unknown}
          </p>
          <SubscribeAgain />
        </>
      )}
      <p>
        <a href={PATHS.news}>Ver as notícias</a>
      </p>
    </NewsletterPage>
  );
}

const STATUS = { valido: 200, confirmado: 200, expirado: 410, desconhecido: 404 } as const;

/**
 * /boletim/confirmar/:token: the e-mail's link opens a page with a button; only the button's POST
 * confirms, so mail scanners that follow links confirm nothing. Once, within 7 days.
 */
export const newsletterConfirmPage: PrivateRoute<NewsletterConfirmData> = {
  id: 'newsletter-confirm',
  path: PATHS.newsletterConfirm,
  kind: 'private',
  session: 'optional',
  beforePasskey: true,
  async load(ctx) {
    const token = ctx.params.token ?? '';
    const state = await confirmationState(ctx.deps, token);
    return { status: STATUS[state], data: { state, token } };
  },
  async action(ctx) {
    const token = ctx.params.token ?? '';
    const result = await confirmSubscription(ctx.deps, token, ctx.req.ip);
    const state = 'confirmed' in result ? 'confirmado' : 'expired' in result ? 'expirado' : 'desconhecido';
    return { status: STATUS[state], data: { state, token } };
  },
  meta: (_site, data) => newsletterMeta(PATHS.newsletterSignup, TITLES[data.state]),
  Component: NewsletterConfirmPage,
};
