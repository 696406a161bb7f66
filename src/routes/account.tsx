import { z } from 'zod';
import { EmailTakenError, type Person } from '../db/people-store.js';
import type { PersonalKey } from '../db/personal-key.js';
import { type StoredPasskey } from '../db/passkey-store.js';
import { type StoredProfile } from '../db/profile-store.js';
import { PEOPLE_MESSAGES } from '../people/messages.js';
import { ApiError } from '../lib/api-error.js';
import { ROLE_LABELS } from '../people/roles.js';
import { privateMeta } from '../seo/private-meta.js';
import { recordAudit } from '../workflow/audit-trail.js';
import { createPersonalKey, endOwnSession, revokePersonalKey } from '../workflow/account-credentials.js';
import { changeOwnPassword } from '../workflow/password-change.js';
import { isSameOrigin } from '../workflow/same-origin.js';
import { isPhotoForm, postPhotoForm, ProfileSection, profileForm, saveProfileForm, type ProfileForm } from './account-profile.js';
import { FOCUS_PICTURE_WIDTH } from './layout/focus-picker.js';
import { photoFocusOf, type PhotoFocus } from '../workflow/profile-photo.js';
import { ApiKeysSection, CredentialItem, ErrorFor, SessionsSection, usageDetail, type CredentialsData } from './account-credentials.js';
import { AreaBar } from './layout/area-bar.js';
import { NewPasswordFields, postedNewPassword } from './layout/new-password.js';
import { passkeyPageAssets } from './layout/page-assets.js';
import { PasskeyRegisterForm } from './layout/passkey-register-form.js';
import type { EditorSession, PrivateLoadContext, PrivateRoute, Rendered } from './page-route.js';
import { formText } from './form-fields.js';
import { PATHS } from './paths.js';
import { SIGN_IN_MESSAGES } from './sign-in.js';

/** What a form of the page did, said after the redirect that follows it. */
const DONE = {
  dados: 'Dados salvos.',
  senha: 'Senha trocada.',
  'senha-redefinida': 'Senha redefinida: você já entrou com ela. As outras sessões da conta foram encerradas e as chaves de API pessoais, revogadas (veja abaixo).',
  'passkey-removida': 'Chave de acesso removida.',
  'passkey-cadastrada': 'Chave de acesso cadastrada. Na próxima vez, entre com ela.',
  'chave-revogada': 'Chave de API revogada: ela não funciona mais.',
  'chave-esquecida': 'Chave de API revogada removida da lista.',
  'sessao-encerrada': 'Sessão encerrada: aquele aparelho precisará entrar de novo.',
  perfil: 'Perfil público salvo.',
  foto: 'Foto do perfil salva.',
  'foto-removida': 'Foto do perfil removida.',
  'foto-foco': 'Ponto focal da foto salvo: a foto foi recortada de novo em volta dele.',
} as const;
type Done = keyof typeof DONE;
const DONE_PARAM = 'feito';
/** Where the passkeys script goes once a passkey is registered (here, or from the invitation's welcome). */
export const PASSKEY_REGISTERED_PATH = `${PATHS.account}?${DONE_PARAM}=passkey-cadastrada`;
/** Where a person who has just chosen a new password with a reset link lands, signed in with it. */
export const ACCOUNT_AFTER_RESET = `${PATHS.account}?${DONE_PARAM}=senha-redefinida`;

type FormName = 'dados' | 'senha' | 'passkey' | 'chave' | 'sessao' | 'perfil' | 'foto';

export interface AccountData {
  session: EditorSession;
  apiBase: string;
  /** null for a session opened with a configured editor key: it is no person. */
  person: Person | null;
  passkeys: Pick<StoredPasskey, 'id' | 'nome' | 'criada_em' | 'usada_em'>[];
  /** The person's role must have a passkey and they have none yet. */
  passkeyRequired: boolean;
  credentials: Pick<CredentialsData, 'keys' | 'sessions'>;
  profile: { saved: StoredProfile | null; form: ProfileForm; photoFocus: PhotoFocus | null };
  newKey?: CredentialsData['newKey'];
  notice?: string;
  error?: { form: FormName; message: string };
  /** What was typed in the profile form, shown again after a refusal. */
  typed?: { nome: string; email: string };
}


const profileSchema = z.object({
  nome: z.string().trim().min(1, { error: PEOPLE_MESSAGES.nameMissing }).max(120, { error: PEOPLE_MESSAGES.nameMissing }),
  email: z.email({ error: PEOPLE_MESSAGES.emailInvalid }).max(254, { error: PEOPLE_MESSAGES.emailInvalid }),
});

function PasskeySection({ data }: { data: AccountData }) {
  const { passkeys, apiBase, error } = data;
  return (
    <section className="area-section" aria-labelledby="conta-passkeys">
      <h2 id="conta-passkeys">Chaves de acesso (passkeys)</h2>
      <p>
        Uma chave de acesso entra sem senha, com a digital, o rosto ou o PIN do aparelho, e não pode ser usada em sites falsos. Cadastre uma em
        cada aparelho que você usa.
      </p>
      <ErrorFor form="passkey" error={error} />
      {passkeys.length === 0 ? (
        <p>Nenhuma chave de acesso cadastrada.</p>
      ) : (
        <ul className="area-list">
          {passkeys.map((passkey) => (
            <CredentialItem
              key={passkey.id}
              title={passkey.nome}
              detail={usageDetail('Cadastrada', passkey.criada_em, passkey.usada_em)}
              acao="remover-passkey"
              id={passkey.id}
              label={`Remover a chave de acesso ${passkey.nome}`}
              button="Remover"
            />
          ))}
        </ul>
      )}
      <PasskeyRegisterForm apiBase={apiBase} done={PASSKEY_REGISTERED_PATH} />
    </section>
  );
}

const credentialError = (error: AccountData['error']) => (error && (error.form === 'chave' || error.form === 'sessao') ? { error: { form: error.form, message: error.message } } : {});

function AccountPage({ data }: { data: AccountData }) {
  const { session, person, notice, error, typed, passkeyRequired } = data;
  return (
    <>
      <AreaBar session={session} current="conta" />
      <section className="section area-page" aria-labelledby="conta-titulo">
        <div className="container area-narrow">
          <h1 id="conta-titulo">Minha conta</h1>
          {notice && (
            <p className="area-notice" role="status">
              {notice}
            </p>
          )}
          {!person ? (
            <p>
              Você entrou com uma chave de editor configurada no servidor: ela age como administradora, mas não é uma conta pessoal. Convide as
              pessoas em <a href={PATHS.people}>Pessoas</a>, e cada uma terá a sua conta, com senha e chaves de acesso.
            </p>
          ) : (
            <>
              {passkeyRequired && (
                <p className="area-error-box" role="alert">
                  {PEOPLE_MESSAGES.passkeyRequired}
                </p>
              )}
              <p className="lead">{`${person.nome} · ${ROLE_LABELS[person.papel]}`}</p>
              <section className="area-section" aria-labelledby="conta-dados">
                <h2 id="conta-dados">Seus dados</h2>
                <ErrorFor form="dados" error={error} />
                <form className="area-form" method="post" action={PATHS.account}>
                  <input type="hidden" name="acao" value="dados" />
                  <div className="area-field">
                    <label htmlFor="conta-nome">Nome (aparece nos artigos)</label>
                    <input id="conta-nome" name="nome" type="text" autoComplete="name" maxLength={120} required defaultValue={typed?.nome ?? person.nome} />
                  </div>
                  <div className="area-field">
                    <label htmlFor="conta-email">E-mail</label>
                    <input id="conta-email" name="email" type="email" autoComplete="email" required defaultValue={typed?.email ?? person.email} />
                  </div>
                  <div className="area-field">
                    <label htmlFor="conta-dados-senha">Senha atual (só para mudar o e-mail)</label>
                    <input id="conta-dados-senha" name="senha_atual" type="password" autoComplete="current-password" />
                  </div>
                  <button type="submit" className="button button-primary">
                    Salvar dados
                  </button>
                </form>
              </section>
              <section className="area-section" aria-labelledby="conta-senha">
                <h2 id="conta-senha">Senha</h2>
                <ErrorFor form="senha" error={error} />
                <form className="area-form" method="post" action={PATHS.account}>
                  <input type="hidden" name="acao" value="senha" />
                  <input type="hidden" name="email" autoComplete="username" value={person.email} />
                  <div className="area-field">
                    <label htmlFor="conta-senha-atual">Senha atual</label>
                    <input id="conta-senha-atual" name="senha_atual" type="password" autoComplete="current-password" required />
                  </div>
                  <NewPasswordFields idPrefix="conta-senha" />
                  <button type="submit" className="button button-primary">
                    Trocar senha
                  </button>
                </form>
              </section>
              <ProfileSection form={data.profile.form} saved={data.profile.saved} error={error} photoFocus={data.profile.photoFocus} />
              <PasskeySection data={data} />
              <ApiKeysSection {...data.credentials} {...(data.newKey ? { newKey: data.newKey } : {})} {...credentialError(error)} />
              <SessionsSection {...data.credentials} {...credentialError(error)} />
            </>
          )}
        </div>
      </section>
    </>
  );
}

async function accountData(ctx: Pick<PrivateLoadContext, 'deps' | 'req' | 'sessions'>, session: EditorSession, extra: Pick<AccountData, 'notice' | 'error' | 'typed' | 'newKey'> & { typedProfile?: ProfileForm } = {}): Promise<AccountData> {
  const { deps } = ctx;
  const person = session.id_pessoa === null ? null : await deps.repo.people.get(session.id_pessoa);
  const passkeys = person ? await deps.repo.passkeys.list(person.id) : [];
  const saved = person ? await deps.repo.profiles.get(person.id) : null;
  const photoFocus = person && saved?.foto ? await photoFocusOf(deps.repo, person.id, FOCUS_PICTURE_WIDTH) : null;
  const profile = { saved, form: extra.typedProfile ?? profileForm(saved, person?.nome ?? ''), photoFocus };
  const credentials = person ? { keys: await deps.repo.personalKeys.list(person.id), sessions: await ctx.sessions.listOwn(ctx.req, person.id) } : { keys: [], sessions: [] };
  const passkeyRequired = person !== null && passkeys.length === 0 && (await deps.repo.passkeys.requiredRoles()).includes(person.papel);
  return {
    session,
    apiBase: deps.config.apiBasePath,
    person,
    passkeys: passkeys.map(({ id, nome, criada_em, usada_em }) => ({ id, nome, criada_em, usada_em })),
    passkeyRequired,
    credentials,
    profile,
    ...(extra.notice ? { notice: extra.notice } : {}),
    ...(extra.error ? { error: extra.error } : {}),
    ...(extra.typed ? { typed: extra.typed } : {}),
    ...(extra.newKey ? { newKey: extra.newKey } : {}),
  };
}

type Answer = Rendered<AccountData> | { status: 303; location: string } | { status: 403; text: string };

const done = (what: Done): Answer => ({ status: 303, location: `${PATHS.account}?${DONE_PARAM}=${what}` });

async function refused(ctx: PrivateLoadContext, status: 400 | 403 | 409 | 429, form: FormName, message: string, typed?: AccountData['typed']): Promise<Answer> {
  return { status, data: await accountData(ctx, ctx.session!, { error: { form, message }, ...(typed ? { typed } : {}) }) };
}

const REFUSAL_STATUSES = [400, 403, 429] as const;

/** A refusal of the workflow (a wrong current password, too many of them, a weak new one) said beside its form. */
function refusedBy(ctx: PrivateLoadContext, form: FormName, typed?: AccountData['typed']) {
  return (error: unknown): Promise<Answer> => {
    const status = error instanceof ApiError ? REFUSAL_STATUSES.find((known) => known === error.status) : undefined;
    if (!status) throw error;
    return refused(ctx, status, form, (error as ApiError).messages.join(' '), typed);
  };
}

/** What the person sees after changing the password: the other sessions ended, and which keys stopped working. */
function passwordChangedNotice(revoked: PersonalKey[]): string {
  if (revoked.length === 0) return `${DONE.senha} As outras sessões da sua conta foram encerradas.`;
  const names = revoked.map((key) => `“${key.nome}”`).join(', ');
  return `${DONE.senha} As outras sessões da sua conta foram encerradas, e estas chaves de API foram revogadas: ${names}. Crie novas para as integrações que ainda as usam.`;
}

async function saveProfile(ctx: PrivateLoadContext, person: Person): Promise<Answer> {
  const typed = { nome: formText(ctx.req.body, 'nome').slice(0, 200), email: formText(ctx.req.body, 'email').slice(0, 300) };
  const parsed = profileSchema.safeParse(typed);
  if (!parsed.success) return refused(ctx, 400, 'dados', parsed.error.issues[0]!.message, typed);
  const emailChanges = parsed.data.email.toLowerCase() !== person.email;
  if (emailChanges) {
    const current = formText(ctx.req.body, 'senha_atual');
    if (!current) return refused(ctx, 400, 'dados', PEOPLE_MESSAGES.currentPasswordForEmail, typed);
    const refusal = await ctx.deps.workflow.confirmIdentity(ctx.req, person, current).then(() => null, refusedBy(ctx, 'dados', typed));
    if (refusal) return refusal;
  }
  try {
    await ctx.deps.repo.people.updateProfile(person.id, parsed.data);
  } catch (error) {
    if (error instanceof EmailTakenError) return refused(ctx, 409, 'dados', PEOPLE_MESSAGES.emailTaken, typed);
    throw error;
  }
  await recordAudit(ctx.deps.repo.audit, ctx.req, { author: parsed.data.nome, personId: person.id }, 'alterou-dados', { detalhes: { email_mudou: emailChanges } });
  return done('dados');
}

async function changePassword(ctx: PrivateLoadContext, person: Person): Promise<Answer> {
  const posted = postedNewPassword(ctx.req.body);
  if ('problem' in posted) return refused(ctx, 400, 'senha', posted.problem);
  try {
    const revoked = await changeOwnPassword(ctx.deps.repo, ctx.deps.workflow.confirmIdentity, ctx.req, person, { atual: formText(ctx.req.body, 'senha_atual'), nova: posted.senha }, ctx.deps.config.site);
    // Said in this answer: the keys' names do not belong in a redirect's URL.
    return { status: 200, data: await accountData(ctx, ctx.session!, { notice: passwordChangedNotice(revoked) }) };
  } catch (error) {
    return refusedBy(ctx, 'senha')(error);
  }
}

async function removePasskey(ctx: PrivateLoadContext, person: Person): Promise<Answer> {
  const id = formText(ctx.req.body, 'id').slice(0, 1_024);
  if (!(await ctx.deps.repo.passkeys.remove(person.id, id))) return refused(ctx, 400, 'passkey', PEOPLE_MESSAGES.passkeyNotFound);
  await recordAudit(ctx.deps.repo.audit, ctx.req, { author: person.nome, personId: person.id }, 'removeu-passkey');
  return done('passkey-removida');
}

async function savePublicProfile(ctx: PrivateLoadContext, person: Person): Promise<Answer> {
  const refusal = await saveProfileForm(ctx.deps.repo, ctx.req, { author: person.nome, personId: person.id }, person.id);
  if (!refusal) return done('perfil');
  return { status: refusal.status, data: await accountData(ctx, ctx.session!, { error: { form: 'perfil', message: refusal.message }, typedProfile: refusal.typed }) };
}

async function postPhoto(ctx: PrivateLoadContext, person: Person): Promise<Answer> {
  const answer = await postPhotoForm(ctx.deps.repo, ctx.req, ctx.res, { author: person.nome, personId: person.id }, person.id);
  if ('done' in answer) return done(answer.done);
  return { status: answer.status, data: await accountData(ctx, ctx.session!, { error: { form: 'foto', message: answer.message } }) };
}

async function createKey(ctx: PrivateLoadContext, person: Person): Promise<Answer> {
  const nome = formText(ctx.req.body, 'nome').trim();
  if (nome.length === 0 || nome.length > 60) return refused(ctx, 400, 'chave', PEOPLE_MESSAGES.keyNameMissing);
  try {
    const { chave } = await createPersonalKey(ctx.deps.repo, ctx.deps.workflow.confirmIdentity, ctx.req, person, { nome, senha_atual: formText(ctx.req.body, 'senha_atual') });
    // Shown in this answer only: a redirect would have to carry the key in its URL.
    return { status: 200, data: await accountData(ctx, ctx.session!, { newKey: { nome, chave } }) };
  } catch (error) {
    return refusedBy(ctx, 'chave')(error);
  }
}

/** Revokes a working key, or takes one a password change or a deactivation revoked off the list. */
async function revokeKey(ctx: PrivateLoadContext, person: Person, what: 'chave-revogada' | 'chave-esquecida'): Promise<Answer> {
  const id = Number(formText(ctx.req.body, 'id'));
  if (!Number.isSafeInteger(id) || !(await revokePersonalKey(ctx.deps.repo, ctx.req, person, id))) return refused(ctx, 400, 'chave', PEOPLE_MESSAGES.keyNotFound);
  return done(what);
}

async function endSession(ctx: PrivateLoadContext, person: Person): Promise<Answer> {
  const id = formText(ctx.req.body, 'id').slice(0, 64);
  if (!(await endOwnSession(ctx.deps.repo, ctx.sessions, ctx.req, person, id))) return refused(ctx, 400, 'sessao', PEOPLE_MESSAGES.sessionNotFound);
  return done('sessao-encerrada');
}

/** /editor/conta: the signed-in person's own name, e-mail, password, passkeys, API keys and sessions. */
export const accountPage: PrivateRoute<AccountData> = {
  id: 'account',
  path: PATHS.account,
  kind: 'private',
  session: 'required',
  beforePasskey: true,
  async load(ctx) {
    const what = ctx.search.get(DONE_PARAM);
    return { status: 200, data: await accountData(ctx, ctx.session!, what && what in DONE ? { notice: DONE[what as Done] } : {}) };
  },
  async action(ctx) {
    if (!isSameOrigin(ctx.req, ctx.deps.config.site.siteUrl)) return { status: 403, text: SIGN_IN_MESSAGES.foreignOrigin };
    const person = ctx.session!.id_pessoa === null ? null : await ctx.deps.repo.people.get(ctx.session!.id_pessoa);
    if (!person) return { status: 403, text: PEOPLE_MESSAGES.notAPerson };
    if (isPhotoForm(ctx.req)) return postPhoto(ctx, person);
    switch (formText(ctx.req.body, 'acao')) {
      case 'dados':
        return saveProfile(ctx, person);
      case 'senha':
        return changePassword(ctx, person);
      case 'remover-passkey':
        return removePasskey(ctx, person);
      case 'perfil':
        return savePublicProfile(ctx, person);
      case 'criar-chave':
        return createKey(ctx, person);
      case 'revogar-chave':
        return revokeKey(ctx, person, 'chave-revogada');
      case 'esquecer-chave':
        return revokeKey(ctx, person, 'chave-esquecida');
      case 'encerrar-sessao':
        return endSession(ctx, person);
      default:
        return { status: 303, location: PATHS.account };
    }
  },
  meta: () => privateMeta(PATHS.account, 'Minha conta', 'Nome, e-mail, senha, chaves de acesso, chaves de API e sessões da sua conta.'),
  Component: AccountPage,
  documentAssets: passkeyPageAssets,
};
