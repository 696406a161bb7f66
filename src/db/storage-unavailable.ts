import type { ArticleRepository } from './repository.js';

/** How long to wait for the database to answer before calling it unavailable. */
const PING_TIMEOUT_MS = 2_000;
/** What a 503 tells clients: the database usually comes back within this. */
export const RETRY_AFTER_SECONDS = 30;

/** After a storage call failed: is the database unreachable (503, try again) rather than a bug (500)? */
export async function storageUnavailable(repo: ArticleRepository): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error('ping sem resposta')), PING_TIMEOUT_MS);
  });
  try {
    await Promise.race([repo.ping(), timeout]);
    return false;
  } catch {
    return true;
  } finally {
    clearTimeout(timer);
  }
}
