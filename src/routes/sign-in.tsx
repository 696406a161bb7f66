import { privateMeta } from '../seo/private-meta.js';
import { isSameOrigin } from '../workflow/same-origin.js';
import { areaAssets } from './layout/page-assets.js';
import type { PrivateRoute } from './page-route.js';
import { PATHS, RETURN_PARAM } from './paths.js';

export const SIGN_IN_MESSAGES = {
  keyMissing: 'Informe a chave de editor.',
  keyInvalid: 'Chave de editor inválida. Confira e tente de novo.',
  tooManyFailures: 'Muitas tentativas com chave inválida. Aguarde alguns minutos e tente de novo.',
  foreignOrigin: 'Envio recusado: o formulário não veio deste site. Recarregue a página e tente de novo.',
  signedOut: 'Você saiu da área do editor.',
} as const;

export interface SignInData {
  returnTo: string;
  error?: string;
  notice?: string;
}

const KEY_ID = 'entrar-chave';
const ERROR_ID = 'entrar-chave-erro';

/** A plain form posted to the server: signing in works before (and without) any script. */
export function SignInPage({ data: { returnTo, error, notice } }: { data: SignInData }) {
  return (
    <section className="section area-page" aria-labelledby="entrar-titulo">
      <div className="container area-narrow">
        <h1 id="entrar-titulo">Entrar na área do editor</h1>
        <p className="lead">Digite sua chave de editor uma vez: a sessão vale neste navegador até você sair ou ficar 12 horas sem usar.</p>
        {notice && (
          <p className="area-notice" role="status">
            {notice}
          </p>
        )}
        <form className="area-form" method="post" action={PATHS.signIn} noValidate>
          <input type="hidden" name={RETURN_PARAM} value={returnTo} />
          <div className={error ? 'area-field area-field-invalid' : 'area-field'}>
            <label htmlFor={KEY_ID}>Chave de editor</label>
            <input
              id={KEY_ID}
              name="chave"
              type="password"
              autoComplete="current-password"
              required
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? ERROR_ID : undefined}
            />
            {error && (
              <p id={ERROR_ID} className="area-error" role="alert">
                {error}
              </p>
            )}
          </div>
          <button type="submit" className="button button-primary">
            Entrar
          </button>
        </form>
      </div>
    </section>
  );
}

const SIGNED_OUT_PARAM = 'saiu';

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
  async load({ search, session }) {
    const values = search.getAll(RETURN_PARAM);
    const returnTo = safeReturnPath(values.length === 1 ? values[0] : undefined);
    if (session) return { status: 303, location: returnTo };
    return { status: 200, data: { returnTo, ...(search.has(SIGNED_OUT_PARAM) ? { notice: SIGN_IN_MESSAGES.signedOut } : {}) } };
  },
  countsFailedKeys: (body) => ({ returnTo: safeReturnPath(formField(body, RETURN_PARAM)), error: SIGN_IN_MESSAGES.tooManyFailures }),
  async action({ req, res, deps, sessions }) {
    const returnTo = safeReturnPath(formField(req.body, RETURN_PARAM));
    if (!isSameOrigin(req, deps.config.site.siteUrl)) return { status: 403, data: { returnTo, error: SIGN_IN_MESSAGES.foreignOrigin } };
    const key = formField(req.body, 'chave');
    if (typeof key !== 'string' || key.trim() === '') return { status: 400, data: { returnTo, error: SIGN_IN_MESSAGES.keyMissing } };
    if (!(await sessions.open(req, res, key))) return { status: 403, data: { returnTo, error: SIGN_IN_MESSAGES.keyInvalid } };
    return { status: 303, location: returnTo };
  },
  meta: signInMeta,
  Component: SignInPage,
  documentAssets: areaAssets,
};

/** POST /editor/sair: ends the session (from any area page's "Sair" button). */
export const signOutPage: PrivateRoute<SignInData> = {
  id: 'sign-out',
  path: PATHS.signOut,
  kind: 'private',
  session: 'optional',
  async action({ req, res, deps, sessions }) {
    if (!isSameOrigin(req, deps.config.site.siteUrl)) {
      return { status: 403, data: { returnTo: PATHS.editorHome, error: SIGN_IN_MESSAGES.foreignOrigin } };
    }
    await sessions.close(req, res);
    return { status: 303, location: `${PATHS.signIn}?${SIGNED_OUT_PARAM}` };
  },
  meta: signInMeta,
  Component: SignInPage,
  documentAssets: areaAssets,
};
