/**
 * A message as composed (compose-mail.tsx): the From header is the configuration's. It is sent by the
 * outbox (src/outbox/email-sender.ts), never inline: an answer never waits for a mail server.
 */
export interface Mail {
  to: string;
  subject: string;
  text: string;
  html: string;
}
