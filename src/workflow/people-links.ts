import type { SiteConfig } from '../config.js';
import type { Logger } from '../logger.js';

/** Where people's one-time links lead, and how they reach the person. */
export interface PeopleLinks {
  site: SiteConfig;
  /** The absolute address of the page where an invitation's token is used (the route table knows the paths). */
  invitationUrl(token: string): string;
  /** The same for a password reset's token. */
  resetUrl(token: string): string;
  /**
   * Whether links are e-mailed (SMTP_URL set): the messages go through the outbox (src/outbox). Without
   * it the links are handed over by an administrator.
   */
  mailing: boolean;
  logger: Logger;
}
