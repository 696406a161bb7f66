import { createTransport } from 'nodemailer';
import type { MailConfig } from '../config.js';
import type { Logger } from '../logger.js';

/** A message as composed (compose-mail.tsx): the From header is the configuration's. */
export interface Mail {
  to: string;
  subject: string;
  text: string;
  html: string;
}

export interface Mailer {
  /**
   * Sends one message; resolves false (the failure logged) rather than reject: every link sent by e-mail
   * is also shown to whoever asked for it, so a mail server's trouble never breaks an answer.
   */
  send(mail: Mail): Promise<boolean>;
}

/**
 * Timeouts far below nodemailer's minutes: a message nobody awaits should not keep a dead server's
 * connection (and the process's shutdown) waiting.
 */
const TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 };

/** The site's outgoing e-mail through SMTP_URL; undefined when it is not configured. */
export function createMailer(config: MailConfig | undefined, logger: Logger): Mailer | undefined {
  if (!config) return undefined;
  const transport = createTransport({ url: config.smtpUrl, ...TIMEOUTS });
  return {
    async send(mail) {
      try {
        await transport.sendMail({ from: config.from, ...mail });
        return true;
      } catch (error) {
        // Neither the address nor the body: the body carries a one-time link.
        logger.error({ err: error, assunto: mail.subject }, 'e-mail não enviado');
        return false;
      }
    },
  };
}
