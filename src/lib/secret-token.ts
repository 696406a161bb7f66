import { createHash, randomBytes } from 'node:crypto';

/** The secret of a session, an invitation or a reset link: 256 random bits, URL-safe. */
export const newSecretToken = () => randomBytes(32).toString('base64url');

/** The database keeps only a secret's sha-256, so a copy of it opens no session and no link. */
export const secretDigest = (token: string) => createHash('sha256').update(token).digest('hex');
