import { randomBytes } from 'node:crypto';
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type AuthenticatorTransport,
  type PublicKeyCredentialCreationOptionsJSON,
  type PublicKeyCredentialRequestOptionsJSON,
  type RegistrationResponseJSON,
} from '@simplewebauthn/server';
import type { PasskeyStore, StoredPasskey } from '../db/passkey-store.js';
import type { Person } from '../db/people-store.js';
import { ApiError } from '../lib/api-error.js';
import { PEOPLE_MESSAGES } from '../people/messages.js';

/** A ceremony's challenge is good for five minutes: the time to find the phone or the security key. */
const CHALLENGE_MS = 5 * 60_000;

/** Who the passkeys are for: this site's origin, and its host name as WebAuthn's relying party id. */
export interface RelyingParty {
  name: string;
  origin: string;
  id: string;
}

export function relyingParty(site: { siteUrl: string; productName: string }): RelyingParty {
  const url = new URL(site.siteUrl);
  return { name: site.productName, origin: url.origin, id: url.hostname };
}

const expiry = (now: number) => new Date(now + CHALLENGE_MS).toISOString();

/**
 * WebAuthn registration and sign-in (SimpleWebAuthn). Passkeys are discoverable credentials: signing in
 * asks for no e-mail, the authenticator offers the person's passkeys for this site. A passkey signs in
 * on its own, whatever the password limits say: so user verification (a PIN, a fingerprint, the phone's
 * lock) is required when registering and when signing in, or a stolen security key would be enough.
 */
export function passkeyCeremonies(store: PasskeyStore, rp: RelyingParty) {
  let mismatchSeen = false;

  /** Takes the challenge the browser signed, once; `forPerson` is null for a sign-in. */
  const takes = (forPerson: number | null) => async (challenge: string) => {
    const taken = await store.takeChallenge(challenge, new Date().toISOString());
    return taken !== undefined && taken.id_pessoa === forPerson;
  };

  return {
    /**
     * Refuses a ceremony started from another address than SITE_URL's (`opened`: the request's Origin,
     * or its scheme and Host): the browser would sign for that address and every answer would fail
     * with nothing to say why. `onFirstMismatch` runs once per app, for the operator's log.
     */
    assertOpenedAtSite(opened: string | undefined, onFirstMismatch: (opened: string) => void): void {
      if (opened === undefined || opened === rp.origin) return;
      if (!mismatchSeen) {
        mismatchSeen = true;
        onFirstMismatch(opened);
      }
      throw new ApiError(400, PEOPLE_MESSAGES.siteUrlMismatch);
    },

    async registrationOptions(person: Person): Promise<PublicKeyCredentialCreationOptionsJSON> {
      const existing = await store.list(person.id);
      const options = await generateRegistrationOptions({
        rpName: rp.name,
        rpID: rp.id,
        userName: person.email,
        userDisplayName: person.nome,
        // A stable handle that reveals nothing: the person's id, not their e-mail.
        userID: new TextEncoder().encode(`pessoa-${person.id}`),
        attestationType: 'none',
        excludeCredentials: existing.map((passkey) => ({ id: passkey.id, transports: passkey.transportes as AuthenticatorTransport[] })),
        authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
      });
      const now = Date.now();
      await store.saveChallenge(options.challenge, person.id, expiry(now), new Date(now).toISOString());
      return options;
    },

    /** Verifies and stores a new passkey; null when the answer does not prove one. */
    async register(person: Person, nome: string, response: RegistrationResponseJSON): Promise<StoredPasskey | null> {
      const verification = await verifyRegistrationResponse({
        response,
        expectedChallenge: takes(person.id),
        expectedOrigin: rp.origin,
        expectedRPID: rp.id,
        requireUserVerification: true,
      }).catch(() => null);
      if (!verification?.verified) return null;
      const { credential } = verification.registrationInfo;
      const passkey = {
        id: credential.id,
        id_pessoa: person.id,
        nome,
        chave_publica: Buffer.from(credential.publicKey).toString('base64url'),
        contador: credential.counter,
        transportes: credential.transports ?? [],
        criada_em: new Date().toISOString(),
      };
      await store.add(passkey);
      return { ...passkey, usada_em: null };
    },

    async signInOptions(): Promise<PublicKeyCredentialRequestOptionsJSON> {
      const options = await generateAuthenticationOptions({ rpID: rp.id, userVerification: 'required', challenge: randomBytes(32) });
      const now = Date.now();
      await store.saveChallenge(options.challenge, null, expiry(now), new Date(now).toISOString());
      return options;
    },

    /** The person id behind a valid sign-in answer; null otherwise (unknown passkey, replay, wrong site). */
    async signIn(response: AuthenticationResponseJSON): Promise<number | null> {
      const passkey = await store.find(response.id);
      if (!passkey) return null;
      const verification = await verifyAuthenticationResponse({
        response,
        expectedChallenge: takes(null),
        expectedOrigin: rp.origin,
        expectedRPID: rp.id,
        credential: {
          id: passkey.id,
          publicKey: new Uint8Array(Buffer.from(passkey.chave_publica, 'base64url')),
          counter: passkey.contador,
          transports: passkey.transportes,
        },
        requireUserVerification: true,
      }).catch(() => null);
      if (!verification?.verified) return null;
      await store.used(passkey.id, verification.authenticationInfo.newCounter, new Date().toISOString());
      return passkey.id_pessoa;
    },
  };
}

export type PasskeyCeremonies = ReturnType<typeof passkeyCeremonies>;
