/**
 * One person edits an article at a time (issue 34): the editing tab beats every EDIT_HEARTBEAT_MS, and
 * a lock whose beats stopped lapses after EDIT_LOCK_TTL_MS (several beats missed, so a slow network or a
 * laptop waking up does not lose it to someone who merely opened the page).
 */
export const EDIT_HEARTBEAT_MS = 20_000;
export const EDIT_LOCK_TTL_MS = 90_000;
