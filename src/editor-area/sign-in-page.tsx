import { AREA_PATHS, RETURN_PARAM } from './paths.js';

export const SIGN_IN_MESSAGES = {
  keyMissing: 'Informe a chave de editor.',
  keyInvalid: 'Chave de editor inválida. Confira e tente de novo.',
  tooManyFailures: 'Muitas tentativas com chave inválida. Aguarde alguns minutos e tente de novo.',
  foreignOrigin: 'Envio recusado: o formulário não veio deste site. Recarregue a página e tente de novo.',
  signedOut: 'Você saiu da área do editor.',
} as const;

export interface SignInPageProps {
  returnTo: string;
  error?: string;
  notice?: string;
}

const KEY_ID = 'entrar-chave';
const ERROR_ID = 'entrar-chave-erro';

/** A plain form posted to the server: signing in works before (and without) any script. */
export function SignInPage({ returnTo, error, notice }: SignInPageProps) {
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
        <form className="area-form" method="post" action={AREA_PATHS.signIn} noValidate>
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
