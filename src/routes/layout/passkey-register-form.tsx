import { PASSKEY_ELEMENTS } from '../../client/passkey-elements.js';
import { CurrentPasswordField } from './current-password-field.js';

/**
 * Registering a passkey: hidden until the passkeys script finds WebAuthn in the browser, then run by it
 * against the API with the current password that confirms it is the person; `done` is where the browser
 * goes once the passkey is saved.
 */
export function PasskeyRegisterForm({ apiBase, done }: { apiBase: string; done: string }) {
  return (
    <form id={PASSKEY_ELEMENTS.registerForm} className={`area-form ${PASSKEY_ELEMENTS.hiddenWithoutWebAuthn}`} hidden data-api={apiBase} data-done={done}>
      <div className="area-field">
        <label htmlFor="passkey-nome">Nome desta chave</label>
        <input id="passkey-nome" name={PASSKEY_ELEMENTS.registerName} type="text" maxLength={60} required placeholder="Ex.: Celular, Notebook do consultório" />
      </div>
      <CurrentPasswordField id="passkey-senha-atual" name={PASSKEY_ELEMENTS.registerPassword} />
      <button type="submit" className="button button-primary">
        Cadastrar chave de acesso
      </button>
      <p id={PASSKEY_ELEMENTS.registerStatus} className="area-status" role="status" aria-live="polite" />
    </form>
  );
}
