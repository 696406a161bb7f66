import { createHash } from 'node:crypto';

/** An e-mail address as it is stored and looked up: trimmed, lower case, so one address is one key however it is typed. */
export const normalisedEmail = (email: string): string => email.trim().toLowerCase();

/** What an erased lead's consent proof keeps of its address: enough to answer a complaint from that address, nothing to read back. */
export const emailSha256 = (email: string): string => createHash('sha256').update(normalisedEmail(email)).digest('hex');
