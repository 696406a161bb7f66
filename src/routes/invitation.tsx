import type { Person } from '../db/people-store.js';
import { ApiError } from '../lib/api-error.js';
import { PEOPLE_MESSAGES } from '../people/messages.js';
import { ROLE_LABELS } from '../people/roles.js';
import { privateMeta } from '../seo/private-meta.js';
import { acceptInvitation, invitationFor } from '../workflow/link-use.js';
import { isSameOrigin } from '../workflow/same-origin.js';
import { PASSKEY_REGISTERED_PATH } from './account.js';
import { AreaBar } from './layout/area-bar.js';
import { LinkRefused } from './layout/link-refused.js';
import { ChoosePasswordForm, postedNewPassword } from './layout/new-password.js';
import { areaAssets, passkeyPageAssets } from './layout/page-assets.js';
import { PasskeyRegisterForm } from './layout/passkey-register-form.js';
import type { EditorSession, PrivateLoadContext, PrivateRoute, Rendered } from './page-route.js';
import { invitationPath, PATHS } from './paths.js';
import { SIGN_IN_MESSAGES } from './sign-in.js';

/** After the password is chosen, the same address says welcome (the link itself is used up by then). */
const WELCOME_PARAM = 'bem-vindo';

export type InvitationData =
  | { step: 'senha'; path: string; person: Pick<Person, 'nome' | 'email' | 'papel'>; error?: string }
  | { step: 'bem-vindo'; path: string; session: EditorSession; apiBase: string; passkeyRequired: boolean }
  | { step: 'recusado'; path: string; message: string };

function ChoosePassword({ data }: { data: Extract<InvitationData, { step: 'senha' }> }) {
  const { person, error, path } = data;
  return (
    <section className="section area-page" aria-labelledby="convite-titulo">
      <div className="container area-narrow">
        <h1 id="convite-titulo">Convite para a área dos editores</h1>
        <p className="lead">{`Olá, ${person.nome}. Você recebeu um convite com o papel de ${ROLE_LABELS[person.papel]}: escolha a sua senha para entrar.`}</p>
        {person.papel === 'revisor' && <p>{PEOPLE_MESSAGES.reviewerNeedsCrm}</p>}
        <ChoosePasswordForm path={path} email={person.email} idPrefix="convite" error={error} button="Criar senha e entrar" label="Senha" repeatLabel="Repita a senha" />
      </div>
    </section>
  );
}

function Welcome({ data }: { data: Extract<InvitationData, { step: 'bem-vindo' }> }) {
  const { session, apiBase, passkeyRequired } = data;
  return (
    <>
      <AreaBar session={session} />
      <section className="section area-page" aria-labelledby="convite-titulo">
        <div className="container area-narrow">
          <h1 id="convite-titulo">{`Tudo pronto, ${session.autor}`}</h1>
          <p className="area-notice" role="status">
            Senha criada. Você já entrou na área dos editores.
          </p>
          {session.papel === 'revisor' && (
            <section className="area-section" aria-labelledby="convite-crm">
              <h2 id="convite-crm">Antes de aprovar uma revisão médica</h2>
              <p>{PEOPLE_MESSAGES.reviewerNeedsCrm}</p>
              <p>
                <a className="button button-primary" href={PATHS.account}>
                  Preencher o CRM em Minha conta
                </a>
              </p>
            </section>
          )}
          <section className="area-section" aria-labelledby="convite-passkey">
            <h2 id="convite-passkey">{passkeyRequired ? 'Cadastre uma chave de acesso' : 'Quer entrar sem senha?'}</h2>
            {passkeyRequired && (
              <p className="area-error-box" role="alert">
                {PEOPLE_MESSAGES.passkeyRequired}
              </p>
            )}
            <p>
              Uma chave de acesso (passkey) entra com a digital, o rosto ou o PIN deste aparelho, e não pode ser usada em sites falsos. Você também
              pode cadastrá-la depois, em <a href={PATHS.account}>Minha conta</a>.
            </p>
            <PasskeyRegisterForm apiBase={apiBase} done={PASSKEY_REGISTERED_PATH} />
          </section>
          <p className="area-actions">
            <a className="button button-secondary" href={passkeyRequired ? PATHS.account : PATHS.editorHome}>
              {passkeyRequired ? 'Ir para Minha conta' : 'Ir para os artigos'}
            </a>
          </p>
        </div>
      </section>
    </>
  );
}

function InvitationPage({ data }: { data: InvitationData }) {
  switch (data.step) {
    case 'senha':
      return <ChoosePassword data={data} />;
    case 'bem-vindo':
      return <Welcome data={data} />;
    case 'recusado':
      return (
        <LinkRefused title="Convite indisponível" message={data.message}>
          <a className="button button-primary" href={PATHS.signIn}>
            Entrar
          </a>
          <a className="button button-secondary" href={PATHS.forgotPassword}>
            Esqueci a senha
          </a>
        </LinkRefused>
      );
  }
}

type Answer = Rendered<InvitationData>;

/** The page for a token the invitation no longer accepts: 404 unknown, 410 used or expired, with the reason. */
function refusedAnswer(path: string, error: unknown): Answer {
  if (!(error instanceof ApiError) || (error.status !== 404 && error.status !== 410)) throw error;
  return { status: error.status, data: { step: 'recusado', path, message: error.messages.join(' ') } };
}

async function choosePasswordPage(ctx: PrivateLoadContext, path: string, token: string, status: 200 | 400 = 200, error?: string): Promise<Answer> {
  try {
    const { nome, email, papel } = await invitationFor(ctx.deps.repo, token);
    return { status, data: { step: 'senha', path, person: { nome, email, papel }, ...(error ? { error } : {}) } };
  } catch (refusal) {
    return refusedAnswer(path, refusal);
  }
}

/**
 * /editor/convite/{token}: the invited person chooses a password (the same rules as the API), is signed
 * in, and is offered a passkey. A plain form: POST, then 303 to the same address with ?bem-vindo.
 */
export const invitationPage: PrivateRoute<InvitationData> = {
  id: 'invitation',
  path: PATHS.invitation,
  kind: 'private',
  session: 'optional',
  // The welcome step is where a role that requires a passkey registers the first one.
  beforePasskey: true,
  async load(ctx) {
    const token = String(ctx.params.token);
    const path = invitationPath(token);
    const { session, deps, search } = ctx;
    if (search.has(WELCOME_PARAM) && session?.id_pessoa != null) {
      const passkeyRequired = await deps.repo.passkeys.mustRegister(session.id_pessoa, session.papel);
      return { status: 200, data: { step: 'bem-vindo', path, session, apiBase: deps.config.apiBasePath, passkeyRequired } };
    }
    return choosePasswordPage(ctx, path, token);
  },
  async action(ctx) {
    if (!isSameOrigin(ctx.req, ctx.deps.config.site.siteUrl)) return { status: 403, text: SIGN_IN_MESSAGES.foreignOrigin };
    const token = String(ctx.params.token);
    const path = invitationPath(token);
    const posted = postedNewPassword(ctx.req.body);
    if ('problem' in posted) return choosePasswordPage(ctx, path, token, 400, posted.problem);
    let person: Person;
    try {
      person = await acceptInvitation(ctx.deps.repo, ctx.req, token, posted.senha, ctx.deps.config.site);
    } catch (error) {
      if (error instanceof ApiError && error.status === 400) return choosePasswordPage(ctx, path, token, 400, error.messages.join(' '));
      return refusedAnswer(path, error);
    }
    await ctx.sessions.openFor(ctx.req, ctx.res, person);
    return { status: 303, location: `${path}?${WELCOME_PARAM}` };
  },
  meta: (_site, data) => privateMeta(data.path, 'Convite para a área dos editores', 'Escolha a sua senha para entrar na área dos editores.'),
  Component: InvitationPage,
  documentAssets: (assets, data) => (data.step === 'bem-vindo' ? passkeyPageAssets(assets) : areaAssets(assets)),
};
