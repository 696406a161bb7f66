import type { Browser, BrowserContext, CDPSession, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasBrowser, launchBrowser } from './support/browser.js';
import { startBuiltServer, TEST_EDITOR_KEY, type RunningServer } from './support/server.js';

const PASSWORD = 'jabuticaba azul no telhado';

type Verification = 'required' | 'discouraged';

/**
 * One WebAuthn ceremony run in the page against the API, as the site's script runs it, except that the
 * browser is told what user verification to ask for: the server must refuse an answer made without it.
 * Answers { status, value } of the API's last call.
 */
function ceremony(page: Page, kind: 'register' | 'signIn', userVerification: Verification, credentialIds: string[] = []): Promise<{ status: number; value: unknown }> {
  const senha_atual = PASSWORD;
  return page.evaluate(
    async ({ kind, userVerification, credentialIds, senha_atual }) => {
      const toBytes = (text: string) => Uint8Array.from(atob(text.replace(/-/g, '+').replace(/_/g, '/')), (c) => c.charCodeAt(0));
      const toText = (buffer: ArrayBuffer) => btoa(String.fromCharCode(...new Uint8Array(buffer))).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
      const post = async (path: string, body: unknown) => {
        const response = await fetch(path, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
        return { status: response.status, value: ((await response.json()) as { value: unknown }).value };
      };
      if (kind === 'register') {
        const options = (await post('/api/pessoas/eu/passkeys/opcoes', { senha_atual })).value as PublicKeyCredentialCreationOptionsJSON;
        const credential = (await navigator.credentials.create({
          publicKey: {
            ...(options as unknown as PublicKeyCredentialCreationOptions),
            challenge: toBytes(options.challenge),
            user: { ...options.user, id: toBytes(options.user.id) },
            excludeCredentials: [],
            // An authenticator that cannot verify its user keeps no discoverable credential either.
            authenticatorSelection: userVerification === 'required' ? options.authenticatorSelection : { residentKey: 'discouraged', requireResidentKey: false, userVerification },
          },
        })) as PublicKeyCredential;
        const response = credential.response as AuthenticatorAttestationResponse;
        return post('/api/pessoas/eu/passkeys', {
          senha_atual,
          nome: 'Notebook',
          resposta: {
            id: credential.id,
            rawId: toText(credential.rawId),
            type: 'public-key',
            clientExtensionResults: {},
            response: { clientDataJSON: toText(response.clientDataJSON), attestationObject: toText(response.attestationObject), transports: response.getTransports() },
          },
        });
      }
      const options = (await post('/api/sessao/passkey/opcoes', {})).value as PublicKeyCredentialRequestOptionsJSON;
      const credential = (await navigator.credentials.get({ publicKey: { ...(options as unknown as PublicKeyCredentialRequestOptions), challenge: toBytes(options.challenge), allowCredentials: credentialIds.map((id) => ({ type: 'public-key' as const, id: toBytes(id) })), userVerification } })) as PublicKeyCredential;
      const response = credential.response as AuthenticatorAssertionResponse;
      return post('/api/sessao/passkey', {
        resposta: {
          id: credential.id,
          rawId: toText(credential.rawId),
          type: 'public-key',
          clientExtensionResults: {},
          response: {
            clientDataJSON: toText(response.clientDataJSON),
            authenticatorData: toText(response.authenticatorData),
            signature: toText(response.signature),
            ...(response.userHandle ? { userHandle: toText(response.userHandle) } : {}),
          },
        },
      });
    },
    { kind, userVerification, credentialIds, senha_atual },
  );
}

/**
 * Passkeys count as a person's proof only with user verification (a PIN, a fingerprint). Chromium's
 * virtual authenticators, on http://localhost: one that verifies its user, and one that cannot (a
 * security key without a PIN) holding the same passkey, copied through the DevTools WebAuthn domain.
 */
describe.runIf(hasBrowser)('passkeys require user verification, in Chromium', () => {
  let server: RunningServer;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let cdp: CDPSession;
  let authenticatorId: string | undefined;

  /** Replaces the page's authenticator with one that can verify its user or not, holding the passkeys the last one had. */
  async function authenticator(verifies: boolean): Promise<void> {
    const held = authenticatorId ? (await cdp.send('WebAuthn.getCredentials', { authenticatorId })).credentials : [];
    if (authenticatorId) await cdp.send('WebAuthn.removeVirtualAuthenticator', { authenticatorId });
    ({ authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
      options: { protocol: 'ctap2', transport: 'usb', hasResidentKey: true, hasUserVerification: verifies, isUserVerified: verifies, automaticPresenceSimulation: true },
    }));
    for (const credential of held) await cdp.send('WebAuthn.addCredential', { authenticatorId, credential });
  }

  beforeAll(async () => {
    server = await startBuiltServer({ SEED_SAMPLE_ARTICLES: 'false' }, undefined, 'localhost');
    browser = await launchBrowser();
    const invited = await fetch(`${server.url}/api/pessoas/convites`, {
      method: 'POST',
      headers: { authorization: `Bearer ${TEST_EDITOR_KEY}`, 'content-type': 'application/json' },
      body: JSON.stringify({ nome: 'Vera Lúcia Campos', email: 'vera@clinica.com.br', papel: 'autor' }),
    });
    const token = new URL(((await invited.json()) as { value: { convite_url: string } }).value.convite_url).pathname.split('/').at(-1)!;
    await fetch(`${server.url}/api/pessoas/convites/${token}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ senha: PASSWORD }) });
    context = await browser.newContext({ locale: 'pt-BR' });
    page = await context.newPage();
    await page.goto(`${server.url}/editor/entrar`);
    cdp = await context.newCDPSession(page);
    await cdp.send('WebAuthn.enable');
    const signedIn = await page.evaluate(async (senha) => (await fetch('/api/sessao', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: 'vera@clinica.com.br', senha }) })).status, PASSWORD);
    expect(signedIn).toBe(200);
  }, 60_000);
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('registers a passkey only with user verification', async () => {
    await authenticator(false);
    expect((await ceremony(page, 'register', 'discouraged')).status).toBe(400);
    await authenticator(true);
    expect((await ceremony(page, 'register', 'required')).status).toBe(200);
  });

  it('signs in with a passkey only when the authenticator verified the person, and answers { nome, papel }', async () => {
    await authenticator(false);
    const held = (await cdp.send('WebAuthn.getCredentials', { authenticatorId: authenticatorId! })).credentials.map((credential) => credential.credentialId);
    expect((await ceremony(page, 'signIn', 'discouraged', held)).status).toBe(403);
    await authenticator(true);
    const verified = await ceremony(page, 'signIn', 'required');
    expect(verified).toEqual({ status: 200, value: { nome: 'Vera Lúcia Campos', papel: 'autor', autor: 'Vera Lúcia Campos' } });
  });
});
