import { browserSupportsWebAuthn, startAuthentication, startRegistration, WebAuthnError } from '@simplewebauthn/browser';
import { apiRequest } from './api-client.js';
import { PASSKEY_ELEMENTS } from './passkey-elements.js';

/**
 * Passkeys on the sign-in and account pages. Everything else on those pages is a plain form; this script
 * only reveals the passkey controls where the browser has WebAuthn, and runs the ceremony against the API.
 */

const MESSAGES = {
  cancelled: 'Operação cancelada. Tente de novo quando quiser.',
  unsupported: 'Este navegador não oferece chaves de acesso.',
  working: 'Aguardando a chave de acesso…',
} as const;

function say(status: HTMLElement | null, message: string): void {
  if (status) status.textContent = message;
}

/** The browser's own errors (the person closed the dialog, no passkey for this site) in Portuguese. */
function browserMessage(error: unknown): string {
  if (error instanceof WebAuthnError && error.code === 'ERROR_CEREMONY_ABORTED') return MESSAGES.cancelled;
  if (error instanceof Error && error.name === 'NotAllowedError') return MESSAGES.cancelled;
  return MESSAGES.unsupported;
}

async function signIn(button: HTMLButtonElement): Promise<void> {
  const api = button.dataset.api!;
  const status = document.getElementById(PASSKEY_ELEMENTS.signInStatus);
  say(status, MESSAGES.working);
  const options = await apiRequest<Parameters<typeof startAuthentication>[0]['optionsJSON']>(`${api}/sessao/passkey/opcoes`, { method: 'POST' });
  if (!options.ok) return say(status, options.message);
  let resposta: unknown;
  try {
    resposta = await startAuthentication({ optionsJSON: options.value });
  } catch (error) {
    return say(status, browserMessage(error));
  }
  const signedIn = await apiRequest(`${api}/sessao/passkey`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ resposta }) });
  if (!signedIn.ok) return say(status, signedIn.message);
  window.location.assign(button.dataset.volta ?? window.location.href);
}

async function register(form: HTMLFormElement): Promise<void> {
  const api = form.dataset.api!;
  const status = document.getElementById(PASSKEY_ELEMENTS.registerStatus);
  const nome = (form.elements.namedItem(PASSKEY_ELEMENTS.registerName) as HTMLInputElement).value;
  const senha_atual = (form.elements.namedItem(PASSKEY_ELEMENTS.registerPassword) as HTMLInputElement).value;
  say(status, MESSAGES.working);
  const options = await apiRequest<Parameters<typeof startRegistration>[0]['optionsJSON']>(`${api}/pessoas/eu/passkeys/opcoes`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ senha_atual }),
  });
  if (!options.ok) return say(status, options.message);
  let resposta: unknown;
  try {
    resposta = await startRegistration({ optionsJSON: options.value });
  } catch (error) {
    return say(status, browserMessage(error));
  }
  const saved = await apiRequest(`${api}/pessoas/eu/passkeys`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ senha_atual, nome, resposta }) });
  if (!saved.ok) return say(status, saved.message);
  window.location.assign(form.dataset.done ?? window.location.pathname);
}

if (browserSupportsWebAuthn()) {
  for (const element of document.querySelectorAll<HTMLElement>(`.${PASSKEY_ELEMENTS.hiddenWithoutWebAuthn}`)) element.hidden = false;
  const button = document.getElementById(PASSKEY_ELEMENTS.signInButton);
  if (button instanceof HTMLButtonElement) button.addEventListener('click', () => void signIn(button));
  const form = document.getElementById(PASSKEY_ELEMENTS.registerForm);
  if (form instanceof HTMLFormElement) {
    form.addEventListener('submit', (event) => {
      event.preventDefault();
      if (form.reportValidity()) void register(form);
    });
  }
}
