import { createHash, randomBytes } from 'node:crypto';
import { createChallenge, verifySolution } from 'altcha-lib/v1';
import type { Challenge } from 'altcha-lib/v1/types';
import type { Config } from '../config.js';
import { leadReference, type Lead, type LeadOrigin } from '../db/lead-store.js';
import type { NewDelivery } from '../db/outbox-store.js';
import type { Repository } from '../db/storage.js';
import { LEAD_CONSENT } from '../content/lead-consent.js';
import { checkLeadForm, type LeadFormErrors, type TypedLeadForm } from '../content/lead-form-rules.js';
import { newLeadMail } from '../mail/lead-mails.js';
import { leadCreatedEvent } from './lead-events.js';
import type { SiteSigner } from '../lib/site-signer.js';
import { truncateAddress } from '../lib/truncated-address.js';

/** The time token's purpose: a token signed for another form or link is refused here. */
export const LEAD_TOKEN_PURPOSE = 'formulario-demonstracao';
/** Faster than this, a form of seven fields was filled by a program. */
export const MIN_FILL_MS = 3_000;
/** A token older than this is refused (a page left open for a day is loaded again). */
export const MAX_TOKEN_AGE_MS = 24 * 60 * 60 * 1000;
export const RATE_WINDOW_MS = 60 * 60 * 1000;
/** An ALTCHA challenge is solved in the seconds after the page loads: it expires long before a token. */
const CHALLENGE_TTL_MS = 30 * 60 * 1000;
/** About 25,000 SHA-256 on average: well under a second in a phone's browser, a cost at volume for a sender of spam. */
const CHALLENGE_MAX_NUMBER = 50_000;

export interface LeadSubmission {
  typed: TypedLeadForm;
  /** The signed time token the page was given. */
  token: string;
  /** The field a person leaves empty (it is hidden from them). */
  honeypot: string;
  /** The ALTCHA solution (base64 JSON), present when the page's script ran. */
  altcha: string;
  origin: LeadOrigin;
  /** The page the form was shown on: kept in the consent proof. */
  page: string;
  /** The client address (Express req.ip, through the app's trust proxy setting). */
  address: string | undefined;
}

export type LeadIntakeOutcome =
  | { kind: 'stored'; lead: Lead }
  /** Refused as a program's (honeypot, token, proof of work): the sender is answered as if it were stored. */
  | { kind: 'discarded'; reason: 'honeypot' | 'token' | 'altcha' }
  | { kind: 'invalid'; errors: LeadFormErrors }
  | { kind: 'limited'; retryAfterSeconds: number };

export interface LeadIntakeDeps {
  config: Pick<Config, 'leads' | 'leadsWebhook' | 'mail' | 'site'>;
  repo: Pick<Repository, 'leads' | 'formTokens' | 'signInAttempts'>;
  signer: SiteSigner;
  /** The lead's page in the editors' area, for the sales e-mail. */
  leadUrl(id: number): string;
  now?: () => number;
}

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/** The name the rate limit counts an address under: a digest, so the table never holds an address. */
const limitName = (address: string | undefined) => `demonstracao:${sha256(address ?? 'desconhecido')}`;

/**
 * Demonstration requests from the public form: the time token the page carries, the ALTCHA challenge
 * its script solves, and the rules a submission passes before it is stored with its consent proof and
 * the sales team's e-mail.
 */
export function leadIntake(deps: LeadIntakeDeps) {
  const now = deps.now ?? Date.now;
  const { config, repo, signer } = deps;
  // Derived from the shared site secret, so every instance checks every other's challenges.
  let hmacKey: Promise<string> | undefined;
  const altchaKey = () => (hmacKey ??= signer.sign('altcha', 'chave-hmac'));

  /** The token's nonce when it is ours, at least MIN_FILL_MS and at most MAX_TOKEN_AGE_MS old, and not used before. */
  async function spendToken(token: string, at: number): Promise<boolean> {
    const payload = await signer.verify(LEAD_TOKEN_PURPOSE, token);
    const [issued, nonce, ...rest] = payload?.split('.') ?? [];
    const issuedAt = Number(issued);
    if (!nonce || rest.length > 0 || !Number.isSafeInteger(issuedAt)) return false;
    const age = at - issuedAt;
    if (age < MIN_FILL_MS || age > MAX_TOKEN_AGE_MS) return false;
    return repo.formTokens.spend(`ficha:${nonce}`, new Date(issuedAt + MAX_TOKEN_AGE_MS).toISOString(), new Date(at).toISOString());
  }

  async function spendChallenge(altcha: string, at: number): Promise<boolean> {
    let payload: { signature?: unknown };
    try {
      payload = JSON.parse(Buffer.from(altcha, 'base64').toString()) as { signature?: unknown };
    } catch {
      return false;
    }
    if (typeof payload.signature !== 'string' || !(await verifySolution(altcha, await altchaKey(), true))) return false;
    return repo.formTokens.spend(`altcha:${payload.signature}`, new Date(at + CHALLENGE_TTL_MS).toISOString(), new Date(at).toISOString());
  }

  /** What a new lead sends out, written with it: the sales team's e-mail and the CRM's event, each when configured. */
  function deliveries(lead: Lead): NewDelivery[] {
    const reference = leadReference(lead.id);
    const to = config.leads.salesEmail;
    return [
      // Without SMTP no carrier would ever send it.
      ...(to && config.mail ? [{ kind: 'email' as const, payload: newLeadMail(config.site, to, lead, deps.leadUrl(lead.id)), idempotencyKey: `${reference}:vendas`, reference }] : []),
      ...(config.leadsWebhook ? [{ kind: 'webhook' as const, payload: leadCreatedEvent(lead), idempotencyKey: `${reference}:crm`, reference }] : []),
    ];
  }

  return {
    /** A fresh time token for the form: when the page was served, and a nonce that makes it good once. */
    issueToken(): Promise<string> {
      return signer.sign(LEAD_TOKEN_PURPOSE, `${now()}.${randomBytes(12).toString('base64url')}`);
    },

    /** An ALTCHA challenge for the page's script; signed, expiring, and good once. */
    async challenge(): Promise<Challenge> {
      return createChallenge({ hmacKey: await altchaKey(), maxnumber: CHALLENGE_MAX_NUMBER, expires: new Date(now() + CHALLENGE_TTL_MS) });
    },

    async submit(submission: LeadSubmission): Promise<LeadIntakeOutcome> {
      const at = now();
      const [counted] = await repo.signInAttempts.take([limitName(submission.address)], new Date(at).toISOString(), new Date(at + RATE_WINDOW_MS).toISOString());
      if (counted && counted.tentativas > config.leads.rateLimit) {
        return { kind: 'limited', retryAfterSeconds: Math.max(1, Math.ceil((Date.parse(counted.termina_em) - at) / 1000)) };
      }
      if (submission.honeypot !== '') return { kind: 'discarded', reason: 'honeypot' };
      const checked = checkLeadForm(submission.typed);
      if (!checked.ok) return { kind: 'invalid', errors: checked.errors };
      if (!(await spendToken(submission.token, at))) return { kind: 'discarded', reason: 'token' };
      if (submission.altcha !== '' && !(await spendChallenge(submission.altcha, at))) return { kind: 'discarded', reason: 'altcha' };
      const { form } = checked;
      const lead = await repo.leads.create(
        {
          name: form.nome,
          email: form.email,
          phone: form.telefone,
          profile: form.perfil,
          professionals: form.profissionais,
          specialty: form.especialidade,
          message: form.mensagem,
          origin: submission.origin,
        },
        {
          requestText: LEAD_CONSENT.requestText,
          marketingText: LEAD_CONSENT.marketingText,
          version: LEAD_CONSENT.version,
          marketingAccepted: form.conteudo,
          at: new Date(at).toISOString(),
          page: submission.page,
          truncatedAddress: (submission.address && truncateAddress(submission.address)) ?? 'desconhecido',
        },
        deliveries,
        new Date(at).toISOString(),
      );
      return { kind: 'stored', lead };
    },
  };
}

export type LeadIntake = ReturnType<typeof leadIntake>;
