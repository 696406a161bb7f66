import { createTransport } from 'nodemailer';
import { z } from 'zod';
import type { MailConfig } from '../config.js';
import type { ClaimedDelivery } from '../db/outbox-store.js';
import type { Mail } from '../mail/mailer.js';
import { PermanentFailure } from './retry-policy.js';

/** Carries one claimed delivery; resolves the receiver's answer once it accepted, rejects otherwise. */
export type Sender = (delivery: ClaimedDelivery) => Promise<string>;

/** An e-mail delivery's payload: a message as composed (src/mail/compose-mail.tsx). */
const mailPayload = z.object({ to: z.string().min(1), subject: z.string(), text: z.string(), html: z.string() });

/**
 * Timeouts far below nodemailer's minutes, and far below the claim's lease (worker.ts): one message
 * never takes longer than its lease, so no other instance claims it again while it is still being sent.
 */
const TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 };

/** The header and the Message-ID's left part that name the delivery: the receiver deduplicates on either. */
export const DELIVERY_HEADER = 'X-Prontivo-Delivery';
export const messageIdOf = (deliveryId: string, siteHost: string) => `<${deliveryId}@${siteHost}>`;

/**
 * E-mail through SMTP_URL. The Message-ID is made from the delivery's id, so a message sent again
 * (a crash between the server's 250 and the database's mark) is the same message to the receiver.
 */
export function emailSender(config: MailConfig, siteUrl: string): Sender {
  const send = smtpSender(config, siteUrl);
  return async (delivery) => {
    const mail = mailPayload.safeParse(delivery.payload);
    if (!mail.success) throw new PermanentFailure('carga de e-mail inválida');
    return send(delivery, mail.data);
  };
}

/** Sends a composed message as a delivery (its Message-ID and header), with extra headers; resolves the server's answer. */
export type SmtpSend = (delivery: ClaimedDelivery, mail: Mail, headers?: Record<string, string>) => Promise<string>;

/**
 * One SMTP transport for a kind's sender. `connections`: that many connections kept open and reused
 * (a newsletter's thousands of messages); without it, a connection per message.
 */
export function smtpSender(config: MailConfig, siteUrl: string, connections?: number): SmtpSend {
  const transport = createTransport({ url: config.smtpUrl, ...TIMEOUTS, ...(connections ? { pool: true, maxConnections: connections, maxMessages: Infinity } : {}) });
  const host = new URL(siteUrl).hostname;
  return async (delivery, mail, headers = {}) => {
    const info = await transport.sendMail({
      from: config.from,
      ...mail,
      messageId: messageIdOf(delivery.id, host),
      headers: { ...headers, [DELIVERY_HEADER]: delivery.id },
    });
    return String(info.response);
  };
}
