import type { Config } from '../config.js';
import type { Repository } from '../db/storage.js';
import type { Logger } from '../logger.js';
import { emailSender } from './email-sender.js';
import { newsletterCarrier } from './newsletter-sender.js';
import { EMAIL_RETRY, webhookRetry } from './retry-policy.js';
import { webhookSender } from './webhook-sender.js';
import type { NewsletterLinks } from '../workflow/newsletter-links.js';
import { startOutboxWorker, type Carriers, type OutboxWorker } from './worker.js';

/** What this instance's configuration lets it carry. */
function carriersFor(config: Config, repo: Repository, newsletterLinks: NewsletterLinks | undefined): Carriers {
  const mail = config.mail;
  return {
    ...(mail ? { email: { send: emailSender(mail, config.site.siteUrl), retry: EMAIL_RETRY } } : {}),
    ...(mail && newsletterLinks
      ? {
          boletim: newsletterCarrier({ repo, site: config.site, mail, newsletter: config.newsletter, links: newsletterLinks, connections: config.outbox.batchSize }),
        }
      : {}),
    ...(config.leadsWebhook ? { webhook: { send: webhookSender(config.leadsWebhook, config.site), retry: webhookRetry(config.leadsWebhook) } } : {}),
  };
}

/** The outbox's worker where something can be delivered; undefined otherwise, the deliveries waiting in the database. */
export function startOutbox(config: Config, repo: Repository, logger: Logger, newsletterLinks?: NewsletterLinks): OutboxWorker | undefined {
  const carriers = carriersFor(config, repo, newsletterLinks);
  if (Object.keys(carriers).length === 0) return undefined;
  return startOutboxWorker(repo.outbox, carriers, logger, config.outbox);
}
