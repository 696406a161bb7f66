import type { Person } from '../db/people-store.js';
import { ApiError } from '../lib/api-error.js';
import { privateMeta } from '../seo/private-meta.js';
import { passwordResetFor, resetPassword } from '../workflow/link-use.js';
import { isSameOrigin } from '../workflow/same-origin.js';
import { LinkRefused } from './layout/link-refused.js';
import { ChoosePasswordForm, postedNewPassword } from './layout/new-password.js';
import { areaAssets } from './layout/page-assets.js';
import type { PrivateLoadContext, PrivateRoute, Rendered } from './page-route.js';
import { passwordResetPath, PATHS } from './paths.js';
import { ACCOUNT_AFTER_RESET } from './account.js';
import { SIGN_IN_MESSAGES } from './sign-in.js';

export type PasswordResetData =
  | { step: 'senha'; path: string; person: Pick<Person, 'nome' | 'email'>; error?: string }
  | { step: 'recusado'; path: string; message: string };

function PasswordResetPage({ data }: { data: PasswordResetData }) {
  if (data.step === 'recusado') {
    return (
      <LinkRefused title="Link indisponível" message={data.message}>
        <a className="button button-primary" href={PATHS.forgotPassword}>
          Pedir outro link
        </a>
        <a className="button button-secondary" href={PATHS.signIn}>
          Entrar
        </a>
      </LinkRefused>
    );
  }
  const { person, error, path } = data;
  return (
    <section className="section area-page" aria-labelledby="redefinir-titulo">
      <div className="container area-narrow">
        <h1 id="redefinir-titulo">Escolha uma nova senha</h1>
        <p className="lead">{`${person.nome}, a nova senha vale a partir de agora, e as sessões abertas da sua conta em outros aparelhos são encerradas.`}</p>
        <ChoosePasswordForm path={path} email={person.email} idPrefix="redefinir" error={error} button="Salvar a nova senha" />
      </div>
    </section>
  );
}

/** The form again (200, or 400 with why), or the page of a link that no longer works (410). */
async function resetPage(ctx: PrivateLoadContext, path: string, token: string, status: 200 | 400 = 200, error?: string): Promise<Rendered<PasswordResetData>> {
  try {
    const { nome, email } = await passwordResetFor(ctx.deps.repo, token);
    return { status, data: { step: 'senha', path, person: { nome, email }, ...(error ? { error } : {}) } };
  } catch (refusal) {
    return refusedPage(path, refusal);
  }
}

function refusedPage(path: string, error: unknown): Rendered<PasswordResetData> {
  if (!(error instanceof ApiError) || error.status !== 410) throw error;
  return { status: 410, data: { step: 'recusado', path, message: error.messages.join(' ') } };
}

/**
 * /editor/redefinir-senha/{token}: a new password with a one-time reset link (e-mailed, or handed over by
 * an administrator). A plain form: POST, then 303 to the account page, signed in: the link proved who the
 * person is, so no sign-in limit stands between them and their account.
 */
export const passwordResetPage: PrivateRoute<PasswordResetData> = {
  id: 'password-reset',
  path: PATHS.passwordReset,
  kind: 'private',
  session: 'optional',
  beforePasskey: true,
  load: (ctx) => resetPage(ctx, passwordResetPath(String(ctx.params.token)), String(ctx.params.token)),
  async action(ctx) {
    if (!isSameOrigin(ctx.req, ctx.deps.config.site.siteUrl)) return { status: 403, text: SIGN_IN_MESSAGES.foreignOrigin };
    const token = String(ctx.params.token);
    const path = passwordResetPath(token);
    const posted = postedNewPassword(ctx.req.body);
    if ('problem' in posted) return resetPage(ctx, path, token, 400, posted.problem);
    try {
      const { person } = await resetPassword(ctx.deps.repo, ctx.req, token, posted.senha, ctx.deps.config.site);
      await ctx.sessions.openFor(ctx.req, ctx.res, person);
    } catch (error) {
      if (error instanceof ApiError && error.status === 400) return resetPage(ctx, path, token, 400, error.messages.join(' '));
      return refusedPage(path, error);
    }
    return { status: 303, location: ACCOUNT_AFTER_RESET };
  },
  meta: (_site, data) => privateMeta(data.path, 'Redefinir a senha', 'Escolha uma nova senha para a sua conta na área dos editores.'),
  Component: PasswordResetPage,
  documentAssets: areaAssets,
};
