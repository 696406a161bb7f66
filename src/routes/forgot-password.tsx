import { emailAddressSchema } from '../people/email-address.js';
import { PEOPLE_MESSAGES } from '../people/messages.js';
import { privateMeta } from '../seo/private-meta.js';
import { TooManyKeyFailures } from '../workflow/failed-key-limiter.js';
import { isSameOrigin } from '../workflow/same-origin.js';
import { formText } from './form-fields.js';
import { areaAssets } from './layout/page-assets.js';
import type { PrivateLoadContext, PrivateRoute } from './page-route.js';
import { PATHS } from './paths.js';
import { SIGN_IN_MESSAGES } from './sign-in.js';

/** After a request the page says what happens next, the same for every address. */
const SENT_PARAM = 'enviado';

export interface ForgotPasswordData {
  /** False without SMTP_URL: no link can be e-mailed, an administrator hands one over. */
  byMail: boolean;
  notice?: string;
  error?: string;
  /** What was typed, shown again after a refusal. */
  email?: string;
}

function ForgotPasswordPage({ data: { byMail, notice, error, email } }: { data: ForgotPasswordData }) {
  return (
    <section className="section area-page" aria-labelledby="esqueci-titulo">
      <div className="container area-narrow">
        <h1 id="esqueci-titulo">Esqueci a senha</h1>
        {!byMail ? (
          <p className="area-notice" role="status">
            {PEOPLE_MESSAGES.resetByAdministrator}
          </p>
        ) : (
          <>
            <p className="lead">Informe o e-mail da sua conta: enviamos um link para você escolher uma nova senha.</p>
            {notice && (
              <p className="area-notice" role="status">
                {notice}
              </p>
            )}
            <form className="area-form" method="post" action={PATHS.forgotPassword} noValidate>
              <div className={error ? 'area-field area-field-invalid' : 'area-field'}>
                <label htmlFor="esqueci-email">E-mail</label>
                <input
                  id="esqueci-email"
                  name="email"
                  type="email"
                  autoComplete="username"
                  required
                  defaultValue={email}
                  aria-invalid={error ? true : undefined}
                  aria-describedby={error ? 'esqueci-email-erro' : undefined}
                />
                {error && (
                  <p id="esqueci-email-erro" className="area-error" role="alert">
                    {error}
                  </p>
                )}
              </div>
              <button type="submit" className="button button-primary">
                Enviar link
              </button>
            </form>
          </>
        )}
        <p className="area-actions">
          <a href={PATHS.signIn}>Voltar para a entrada</a>
        </p>
      </div>
    </section>
  );
}

const byMail = (ctx: Pick<PrivateLoadContext, 'deps'>) => ctx.deps.workflow.links.mailing;

/**
 * /editor/esqueci-senha: asks for a reset link by e-mail (where SMTP_URL is set). A plain form: POST,
 * then 303 back here with the same words whatever the address; limited like the API (429).
 */
export const forgotPasswordPage: PrivateRoute<ForgotPasswordData> = {
  id: 'forgot-password',
  path: PATHS.forgotPassword,
  kind: 'private',
  session: 'optional',
  beforePasskey: true,
  async load(ctx) {
    return { status: 200, data: { byMail: byMail(ctx), ...(ctx.search.has(SENT_PARAM) ? { notice: PEOPLE_MESSAGES.resetRequested } : {}) } };
  },
  async action(ctx) {
    if (!isSameOrigin(ctx.req, ctx.deps.config.site.siteUrl)) return { status: 403, text: SIGN_IN_MESSAGES.foreignOrigin };
    const typed = formText(ctx.req.body, 'email').slice(0, 300);
    const email = emailAddressSchema.safeParse(typed);
    if (!email.success) return { status: 400, data: { byMail: byMail(ctx), email: typed, error: PEOPLE_MESSAGES.emailInvalid } };
    try {
      await ctx.deps.workflow.requestPasswordReset(ctx.req, email.data);
    } catch (error) {
      if (!(error instanceof TooManyKeyFailures)) throw error;
      ctx.res.setHeader('Retry-After', String(error.retryAfterSeconds));
      return { status: 429, data: { byMail: byMail(ctx), email: typed, error: error.message } };
    }
    return { status: 303, location: `${PATHS.forgotPassword}?${SENT_PARAM}` };
  },
  meta: () => privateMeta(PATHS.forgotPassword, 'Esqueci a senha', 'Peça um link para escolher uma nova senha da área dos editores.'),
  Component: ForgotPasswordPage,
  documentAssets: areaAssets,
};
