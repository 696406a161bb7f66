/** The ids and classes the pages render and the passkeys script looks for: one spelling for both. */
export const PASSKEY_ELEMENTS = {
  /** Shown only when the browser has WebAuthn (the script unhides them). */
  hiddenWithoutWebAuthn: 'com-passkey',
  signInButton: 'entrar-passkey',
  signInStatus: 'entrar-passkey-status',
  registerForm: 'passkey-nova',
  registerName: 'nome',
  registerPassword: 'senha_atual',
  registerStatus: 'passkey-nova-status',
} as const;
