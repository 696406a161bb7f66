import type { Config } from '../config.js';
import type { Repository } from '../db/storage.js';
import type { Logger } from '../logger.js';
import { emailSender } from './email-sender.js';
import { startOutboxWorker, type OutboxWorker } from './worker.js';

/** The outbox's worker where something can be delivered (SMTP_URL set); undefined otherwise, the deliveries waiting in the database. */
export function startOutbox(config: Config, repo: Repository, logger: Logger): OutboxWorker | undefined {
  if (!config.mail) return undefined;
  return startOutboxWorker(repo.outbox, { email: emailSender(config.mail, config.site.siteUrl) }, logger, config.outbox);
}
