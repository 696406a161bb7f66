import type { ArticleRepository } from './repository.js';

/** What a 503 tells clients: the database usually comes back within this. */
export const RETRY_AFTER_SECONDS = 30;

/** After a storage call failed: is the database unreachable (503, try again) rather than a bug (500)? */
export async function storageUnavailable(repo: ArticleRepository): Promise<boolean> {
  try {
    await repo.ping();
    return false;
  } catch {
    return true;
  }
}
