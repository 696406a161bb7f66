import { privateMeta } from '../seo/private-meta.js';
import { isSameOrigin } from '../workflow/same-origin.js';
import { PASSKEY_ELEMENTS } from '../client/passkey-elements.js';
import { PEOPLE_MESSAGES } from '../people/messages.js';
import { EditorKeyOrigin } from './layout/editor-key-origin.js';
import { areaAssets, passkeyPageAssets } from './layout/page-assets.js';
import type { PrivateRoute } from './page-route.js';
import { PATHS, RETURN_PARAM } from './paths.js';

export const SIGN_IN_MESSAGES = {
  keyMissing: 'Informe a chave de editor.',
  keyInvalid: 'Chave de editor inválida. Confira e tente de novo.',
  tooManyFailures: 'Muitas tentativas com chave inválida. Aguarde alguns minutos e tente de novo.',
  foreignOrigin: 'Envio recusado: o formulário não veio deste site. Recarregue a página e tente de novo.',
  signedOut: 'Você saiu da área do editor.',
  credentialsMissing: 'Informe o seu e-mail e a sua senha.',
} as const;

/** The page calls only the passkey a "chave de acesso"; the server's key is the administrator's, behind its own door. */
export const SIGN_IN_TEXT = {
  passkey: 'Entrar com chave de acesso (passkey)',
  administrator: 'Sou o administrador do servidor',
} as const;

export interface SignInData {
  returnTo: string;
  /** Where the passkey button asks the API. */
  apiBase: string;
  error?: string;
  /** Which form the error is about. */
  errorIn?: 'senha' | 'chave';
  notice?: string;
  /** The e-mail typed, shown again after a refusal. */
  email?: string;
}

const EMAIL_ID = 'entrar-email';
const PASSWORD_ID = 'entrar-senha';
const PASSWORD_ERROR_ID = 'entrar-senha-erro';
const KEY_ID = 'entrar-chave';
const KEY_ERROR_ID = 'entrar-chave-erro';

function FieldError({ id, error }: { id: string; error: string | undefined }) {
  if (!error) return null;
  return (
    <p id={id} className="area-error" role="alert">
      {error}
    </p>
  );
}

/**
 * Plain forms posted to the server: signing in works before (and without) any script. The passkey
 * button is the one part that needs the browser's WebAuthn; the passkeys script reveals it.
 */
export function SignInPage({ data: { returnTo, apiBase, error, errorIn, notice, email } }: { data: SignInData }) {
  const passwordError = errorIn === 'senha' ? error : undefined;
  const keyError = errorIn === 'chave' ? error : undefined;
  return (
    <section className="section area-page" aria-labelledby="entrar-titulo">
      <div className="container area-narrow">
        <h1 id="entrar-titulo">Entrar na área do editor</h1>
        <p className="lead">A sessão vale neste navegador até você sair ou ficar 12 horas sem usar.</p>
        {notice && (
          <p className="area-notice" role="status">
            {notice}
          </p>
        )}
        {error && !errorIn && (
          <p className="area-error-box" role="alert">
            {error}
          </p>
        )}
        <form className="area-form" method="post" action={PATHS.signIn} noValidate aria-labelledby="entrar-senha-titulo">
          <h2 id="entrar-senha-titulo" className="area-form-title">
            Com e-mail e senha
          </h2>
          <input type="hidden" name={RETURN_PARAM} value={returnTo} />
          <div className={passwordError ? 'area-field area-field-invalid' : 'area-field'}>
            <label htmlFor={EMAIL_ID}>E-mail</label>
            <input id={EMAIL_ID} name="email" type="email" autoComplete="username webauthn" required defaultValue={email} />
          </div>
          <div className={passwordError ? 'area-field area-field-invalid' : 'area-field'}>
            <label htmlFor={PASSWORD_ID}>Senha</label>
            <input
              id={PASSWORD_ID}
              name="senha"
              type="password"
              autoComplete="current-password"
              required
              aria-invalid={passwordError ? true : undefined}
              aria-describedby={passwordError ? PASSWORD_ERROR_ID : undefined}
            />
            <FieldError id={PASSWORD_ERROR_ID} error={passwordError} />
          </div>
          <button type="submit" className="button button-primary">
            Entrar
          </button>
          <p className="area-hint">
            <a href={PATHS.forgotPassword}>Esqueci a senha</a>
          </p>
        </form>
        {apiBase && (
          <div className={`area-passkey-sign-in ${PASSKEY_ELEMENTS.hiddenWithoutWebAuthn}`} hidden>
            <button id={PASSKEY_ELEMENTS.signInButton} type="button" className="button button-secondary" data-api={apiBase} data-volta={returnTo}>
              {SIGN_IN_TEXT.passkey}
            </button>
            <p id={PASSKEY_ELEMENTS.signInStatus} className="area-status" role="status" aria-live="polite" />
          </div>
        )}
        {/* The server's key is the administrator's way in when no person exists yet: out of everyone else's way. */}
        <details className="area-admin-key" open={keyError !== undefined}>
          <summary>{SIGN_IN_TEXT.administrator}</summary>
          <form className="area-form area-form-secondary" method="post" action={PATHS.signIn} noValidate aria-labelledby="entrar-chave-titulo">
            <h2 id="entrar-chave-titulo" className="area-form-title">
              Com a chave de editor do servidor
            </h2>
            <EditorKeyOrigin />
            <input type="hidden" name={RETURN_PARAM} value={returnTo} />
            <div className={keyError ? 'area-field area-field-invalid' : 'area-field'}>
              <label htmlFor={KEY_ID}>Chave de editor</label>
              <input
                id={KEY_ID}
                name="chave"
                type="password"
                autoComplete="off"
                required
                aria-invalid={keyError ? true : undefined}
                aria-describedby={keyError ? KEY_ERROR_ID : undefined}
              />
              <FieldError id={KEY_ERROR_ID} error={keyError} />
            </div>
            <button type="submit" className="button button-secondary">
              Entrar com a chave
            </button>
          </form>
        </details>
        <p className="area-privacy">
          O que guardamos de quem entra (sessão, registro de auditoria) está na <a href={PATHS.privacy}>Política de privacidade</a>.
        </p>
      </div>
    </section>
  );
}

const SIGNED_OUT_PARAM = 'saiu';
/** What the page says on arrival, from its query (after signing out). */
function arrivalNotice(search: URLSearchParams): Pick<SignInData, 'notice'> {
  if (search.has(SIGNED_OUT_PARAM)) return { notice: SIGN_IN_MESSAGES.signedOut };
  return {};
}

const BASE = 'http://mesmo-site.invalid';

/**
 * Where to go after signing in. Only a path of this site's editor pages is accepted, so a crafted
 * link to /editor/entrar cannot send the editor elsewhere ("//outro.site", "/\\outro.site",
 * "https://…", encoded tricks all resolve to another origin or another path and are refused).
 */
export function safeReturnPath(raw: unknown): string {
  if (typeof raw !== 'string' || !raw.startsWith('/') || raw.length > 500) return PATHS.editorHome;
  let url: URL;
  try {
    url = new URL(raw, BASE);
  } catch {
    return PATHS.editorHome;
  }
  if (url.origin !== BASE) return PATHS.editorHome;
  const inArea = url.pathname === PATHS.editorHome || url.pathname.startsWith(`${PATHS.editorHome}/`);
  if (!inArea && url.pathname !== PATHS.newArticle) return PATHS.editorHome;
  if (url.pathname === PATHS.signIn || url.pathname === PATHS.signOut) return PATHS.editorHome;
  return `${url.pathname}${url.search}`;
}

export const signInMeta = () => privateMeta(PATHS.signIn, 'Entrar na área do editor', 'Entrada da área interna de edição de artigos.');

function formField(body: unknown, name: string): unknown {
  return (body as Record<string, unknown> | undefined)?.[name];
}

/** What every answer to a posted form carries; the API base is unknown only past the failed-key limit, where no passkey button is needed. */
function formBase(body: unknown, apiBase = ''): Pick<SignInData, 'returnTo' | 'apiBase'> {
  return { returnTo: safeReturnPath(formField(body, RETURN_PARAM)), apiBase };
}

/**
 * GET shows the form (or goes straight on when the editor is already signed in); POST (fields chave
 * and volta) opens the session and goes on with 303. Refused keys are counted by the API's failed-key
 * limiter, shared with the API: past its limit the form answers 429 until the window passes.
 */
export const signInPage: PrivateRoute<SignInData> = {
  id: 'sign-in',
  path: PATHS.signIn,
  kind: 'private',
  session: 'optional',
  async load({ search, session, deps }) {
    const values = search.getAll(RETURN_PARAM);
    const returnTo = safeReturnPath(values.length === 1 ? values[0] : undefined);
    if (session) return { status: 303, location: returnTo };
    return { status: 200, data: { returnTo, apiBase: deps.config.apiBasePath, ...arrivalNotice(search) } };
  },
  countsFailedKeys: (body) => ({
    ...formBase(body),
    error: formField(body, 'email') === undefined ? SIGN_IN_MESSAGES.tooManyFailures : PEOPLE_MESSAGES.tooManyFailures,
    errorIn: formField(body, 'email') === undefined ? 'chave' : 'senha',
  }),
  async action({ req, res, deps, sessions }) {
    const base = formBase(req.body, deps.config.apiBasePath);
    if (!isSameOrigin(req, deps.config.site.siteUrl)) return { status: 403, data: { ...base, error: SIGN_IN_MESSAGES.foreignOrigin } };
    const email = formField(req.body, 'email');
    if (email !== undefined) {
      const senha = formField(req.body, 'senha');
      const typed = typeof email === 'string' ? email.slice(0, 254) : '';
      if (typeof senha !== 'string' || senha === '' || typed.trim() === '') {
        return { status: 400, data: { ...base, email: typed, error: SIGN_IN_MESSAGES.credentialsMissing, errorIn: 'senha' } };
      }
      if (!(await sessions.openWithPassword(req, res, typed, senha.slice(0, 200)))) {
        return { status: 403, data: { ...base, email: typed, error: PEOPLE_MESSAGES.signInRefused, errorIn: 'senha' } };
      }
      return { status: 303, location: base.returnTo };
    }
    const key = formField(req.body, 'chave');
    if (typeof key !== 'string' || key.trim() === '') return { status: 400, data: { ...base, error: SIGN_IN_MESSAGES.keyMissing, errorIn: 'chave' } };
    if (!(await sessions.open(req, res, key))) return { status: 403, data: { ...base, error: SIGN_IN_MESSAGES.keyInvalid, errorIn: 'chave' } };
    return { status: 303, location: base.returnTo };
  },
  meta: signInMeta,
  Component: SignInPage,
  documentAssets: passkeyPageAssets,
};

/** POST /editor/sair: ends the session (from any area page's "Sair" button). */
export const signOutPage: PrivateRoute<SignInData> = {
  id: 'sign-out',
  path: PATHS.signOut,
  kind: 'private',
  session: 'optional',
  beforePasskey: true,
  async action({ req, res, deps, sessions }) {
    if (!isSameOrigin(req, deps.config.site.siteUrl)) {
      return { status: 403, data: { returnTo: PATHS.editorHome, apiBase: deps.config.apiBasePath, error: SIGN_IN_MESSAGES.foreignOrigin } };
    }
    await sessions.close(req, res);
    return { status: 303, location: `${PATHS.signIn}?${SIGNED_OUT_PARAM}` };
  },
  meta: signInMeta,
  Component: SignInPage,
  documentAssets: areaAssets,
};
