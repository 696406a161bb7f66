import { z } from 'zod';
import type { MailConfig, NewsletterConfig, SiteConfig } from '../config.js';
import type { Edition } from '../db/edition-store.js';
import type { ClaimedDelivery } from '../db/outbox-store.js';
import type { Repository } from '../db/storage.js';
import { articlesFor, editionCampaign, editionMail } from '../mail/newsletter-mails.js';
import { PERMANENT_FAILURES_LIMIT } from '../workflow/newsletter-editions.js';
import type { NewsletterLinks } from '../workflow/newsletter-links.js';
import { EMAIL_RETRY, PermanentFailure } from './retry-policy.js';
import { smtpSender } from './email-sender.js';
import type { Carrier } from './worker.js';

/** A `boletim` delivery names an edition and a subscriber: the message is composed when it is sent, so the row stays small. */
const payloadSchema = z.object({ edicao: z.string(), inscrito: z.string() });

/** Editions kept in memory by the sender: the one being sent, and a few more. */
const REMEMBERED_EDITIONS = 8;
const MINUTE_MS = 60_000;

/** RFC 8058: the receiving mail client may POST to the link, which unsubscribes with no further step. */
export const ONE_CLICK_HEADERS = (unsubscribeUrl: string) => ({
  'List-Unsubscribe': `<${unsubscribeUrl}>`,
  'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
});

export interface NewsletterCarrierDeps {
  repo: Repository;
  site: Pick<SiteConfig, 'productName' | 'siteUrl'>;
  mail: MailConfig;
  newsletter: Pick<NewsletterConfig, 'ratePerMinute'>;
  links: Pick<NewsletterLinks, 'unsubscribeUrl' | 'preferencesUrl'>;
  /** Deliveries sent at once by the worker: as many SMTP connections are kept open. */
  connections: number;
}

/**
 * The carrier of kind `boletim`: one edition to one subscriber, composed at send time from the edition
 * (read once, then remembered) and the subscriber's topics, with the one-click unsubscribe headers.
 * A subscriber who left (or became invalid) since the fan-out gets nothing: the delivery ends with
 * that said as its answer. Its rate is shared by every instance: an instance claims only what the last
 * minute's deliveries, counted in the database, leave of NEWSLETTER_RATE_PER_MINUTE.
 */
export function newsletterCarrier(deps: NewsletterCarrierDeps): Carrier {
  const send = smtpSender(deps.mail, deps.site.siteUrl, deps.connections);
  const editions = new Map<string, Edition>();
  const editionOf = async (id: string) => {
    const known = editions.get(id);
    if (known) return known;
    const edition = await deps.repo.editions.get(id);
    if (!edition) return undefined;
    if (editions.size >= REMEMBERED_EDITIONS) editions.delete(editions.keys().next().value!);
    editions.set(id, edition);
    return edition;
  };
  return {
    retry: EMAIL_RETRY,
    async send(delivery: ClaimedDelivery) {
      const payload = payloadSchema.safeParse(delivery.payload);
      if (!payload.success) throw new PermanentFailure('carga de boletim inválida');
      const [edition, subscriber] = await Promise.all([editionOf(payload.data.edicao), deps.repo.subscribers.get(payload.data.inscrito)]);
      if (!edition) throw new PermanentFailure('edição inexistente');
      if (subscriber?.estado !== 'confirmado') return 'não enviado: a inscrição não está mais confirmada';
      const articles = articlesFor(edition.artigos, subscriber.temas);
      if (articles.length === 0) return 'não enviado: nenhum artigo dos temas escolhidos';
      const [unsubscribeUrl, preferencesUrl] = await Promise.all([deps.links.unsubscribeUrl(subscriber.id), deps.links.preferencesUrl(subscriber.id)]);
      const mail = editionMail(deps.site, {
        to: subscriber.email,
        subject: edition.assunto,
        campaign: editionCampaign(edition),
        articles,
        links: { unsubscribeUrl, preferencesUrl },
      });
      return send(delivery, mail, ONE_CLICK_HEADERS(unsubscribeUrl));
    },
    async onFailed(delivery) {
      const payload = payloadSchema.safeParse(delivery.payload);
      if (payload.success) await deps.repo.subscribers.recordPermanentFailure(payload.data.inscrito, PERMANENT_FAILURES_LIMIT);
    },
    async allowance() {
      const now = Date.now();
      const recent = await deps.repo.outbox.countRecent('boletim', new Date(now - MINUTE_MS).toISOString(), new Date(now).toISOString());
      return deps.newsletter.ratePerMinute - recent;
    },
  };
}
