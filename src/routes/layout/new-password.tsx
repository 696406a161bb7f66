import { PEOPLE_MESSAGES } from '../../people/messages.js';
import { MIN_PASSWORD_LENGTH } from '../../people/passwords.js';
import { formText } from '../form-fields.js';

const MAX_PASSWORD_LENGTH = 200;

/** The new password and its repetition, for the account, invitation and reset forms (names senha_nova, senha_repetida). */
export function NewPasswordFields({ idPrefix, label = 'Nova senha', repeatLabel = 'Repita a nova senha' }: { idPrefix: string; label?: string; repeatLabel?: string }) {
  return (
    <>
      <div className="area-field">
        <label htmlFor={`${idPrefix}-nova`}>{label}</label>
        <input
          id={`${idPrefix}-nova`}
          name="senha_nova"
          type="password"
          autoComplete="new-password"
          minLength={MIN_PASSWORD_LENGTH}
          required
          aria-describedby={`${idPrefix}-regras`}
        />
        <p id={`${idPrefix}-regras`} className="area-hint">
          {`Pelo menos ${MIN_PASSWORD_LENGTH} caracteres, sem o seu nome ou e-mail. Uma frase com palavras que só você associaria é fácil de lembrar e difícil de adivinhar.`}
        </p>
      </div>
      <div className="area-field">
        <label htmlFor={`${idPrefix}-repetida`}>{repeatLabel}</label>
        <input id={`${idPrefix}-repetida`} name="senha_repetida" type="password" autoComplete="new-password" minLength={MIN_PASSWORD_LENGTH} required />
      </div>
    </>
  );
}

/**
 * A whole page's form to choose a password (invitation, reset): the refusal, the person's e-mail (read
 * only, for password managers), the two password fields and the button.
 */
export function ChoosePasswordForm(props: {
  path: string;
  email: string;
  idPrefix: string;
  error: string | undefined;
  button: string;
  label?: string;
  repeatLabel?: string;
}) {
  const { path, email, idPrefix, error, button, ...labels } = props;
  return (
    <>
      {error && (
        <p className="area-error-box" role="alert">
          {error}
        </p>
      )}
      <form className="area-form" method="post" action={path}>
        <div className="area-field">
          <label htmlFor={`${idPrefix}-email`}>E-mail</label>
          <input id={`${idPrefix}-email`} name="email" type="email" autoComplete="username" readOnly value={email} />
        </div>
        <NewPasswordFields idPrefix={`${idPrefix}-senha`} {...labels} />
        <button type="submit" className="button button-primary">
          {button}
        </button>
      </form>
    </>
  );
}

/**
 * The posted new password, or why it is refused before anything else looks at it (too long, or typed
 * differently twice); its strength is the caller's check (passwordProblem), which knows the person.
 */
export function postedNewPassword(body: unknown): { senha: string } | { problem: string } {
  const senha = formText(body, 'senha_nova');
  if (senha.length > MAX_PASSWORD_LENGTH) return { problem: PEOPLE_MESSAGES.passwordTooLong };
  if (senha !== formText(body, 'senha_repetida')) return { problem: PEOPLE_MESSAGES.passwordsDiffer };
  return { senha };
}
