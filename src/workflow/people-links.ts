import type { SiteConfig } from '../config.js';
import type { Mailer } from '../mail/mailer.js';

/** Where people's one-time links lead, and how they reach the person. */
export interface PeopleLinks {
  site: SiteConfig;
  /** The absolute address of the page where an invitation's token is used (the route table knows the paths). */
  invitationUrl(token: string): string;
  /** The same for a password reset's token. */
  resetUrl(token: string): string;
  /** Absent without SMTP_URL: the links are then handed over by an administrator. */
  mailer: Mailer | undefined;
}
