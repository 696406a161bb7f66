import { z } from 'zod';
import type { NewsletterConfig, SiteConfig } from '../config.js';
import type { Repository } from '../db/storage.js';
import { subscriberReference, type SignUp, type SignUpOutcome, type UnsubscribeMethod } from '../db/subscriber-store.js';
import { NEWSLETTER_CONSENT } from '../lib/newsletter-consent.js';
import { newSecretToken, secretDigest } from '../lib/secret-token.js';
import { truncateAddress } from '../lib/truncated-address.js';
import { alreadySubscribedMail, confirmationMail } from '../mail/newsletter-mails.js';
import { emailAddressSchema } from '../people/email-address.js';
import type { NewsletterLinks } from './newsletter-links.js';

/** A confirmation link works this long. */
export const CONFIRMATION_TTL_MS = 7 * 86_400_000;

/** What the sign-up form sends, as the server reads it. */
export const signUpFormSchema = z.object({
  email: emailAddressSchema,
  temas: z.array(z.string().regex(/^[a-z0-9-]{1,80}$/)).max(50),
});

export interface NewsletterDeps {
  repo: Repository;
  site: Pick<SiteConfig, 'productName' | 'siteUrl'>;
  newsletter: Pick<NewsletterConfig, 'confirmationsPerDay'>;
  links: NewsletterLinks;
}

/** The newsletter's dependencies out of the app's (a page's loader deps, the API's services). */
export function newsletterDeps(app: { repo: Repository; config: { site: NewsletterDeps['site']; newsletter: NewsletterDeps['newsletter'] }; newsletterLinks: NewsletterLinks }): NewsletterDeps {
  return { repo: app.repo, site: app.config.site, newsletter: app.config.newsletter, links: app.newsletterLinks };
}

/**
 * A sign-up form, whatever the address: the same work in one transaction (the subscriber's row
 * written, an e-mail enqueued), so the answer, the same words for everyone, takes about the same time.
 * Only the address's owner learns its state, from the e-mail: a confirmation link, or "you already
 * receive them" with the preferences link.
 */
export async function signUpForNewsletter(
  deps: NewsletterDeps,
  form: { email: string; temas: string[]; pagina: string | null; utm?: SignUp['utm']; address: string | undefined },
  now = new Date(),
): Promise<SignUpOutcome> {
  const token = newSecretToken();
  const at = now.toISOString();
  // The e-mail is composed inside the sign-up's transaction: signing must not wait for the database there.
  await deps.links.ready();
  return deps.repo.subscribers.signUp(
    {
      email: form.email,
      temas: form.temas,
      consentimento: { ...NEWSLETTER_CONSENT, em: at, pagina: form.pagina, endereco: form.address ? (truncateAddress(form.address) ?? null) : null },
      ...(form.utm ? { utm: form.utm } : {}),
      tokenHash: secretDigest(token),
      tokenExpiraEm: new Date(now.getTime() + CONFIRMATION_TTL_MS).toISOString(),
      maxMailsPerDay: deps.newsletter.confirmationsPerDay,
    },
    async (outcome, subscriber) => ({
      kind: 'email',
      payload:
        outcome === 'confirmar'
          ? confirmationMail(deps.site, subscriber.email, deps.links.confirmUrl(token))
          : alreadySubscribedMail(deps.site, subscriber.email, await deps.links.preferencesUrl(subscriber.id)),
      reference: subscriberReference(subscriber.id),
    }),
    at,
  );
}

/** The page behind a confirmation link: whether its button can still confirm. */
export function confirmationState(deps: Pick<NewsletterDeps, 'repo'>, token: string) {
  return deps.repo.subscribers.peekToken(secretDigest(token), new Date().toISOString());
}

/** The button of a confirmation link was pressed: confirms once; expired and used links say so. */
export function confirmSubscription(deps: Pick<NewsletterDeps, 'repo'>, token: string, address: string | undefined) {
  return deps.repo.subscribers.confirm(secretDigest(token), new Date().toISOString(), address ? (truncateAddress(address) ?? null) : null);
}

/** A signed link's subscriber, or undefined when the link is forged, changed, for another use, or its subscriber was erased. */
export async function subscriberOfLink(deps: Pick<NewsletterDeps, 'repo' | 'links'>, token: string) {
  const id = await deps.links.subscriberOf(token);
  return id ? deps.repo.subscribers.get(id) : undefined;
}

export function unsubscribe(deps: Pick<NewsletterDeps, 'repo'>, id: string, how: UnsubscribeMethod) {
  return deps.repo.subscribers.unsubscribe(id, how, new Date().toISOString());
}
