import type { PendingVersion } from './repository.js';

/** What a share link shows: one version's reader-visible fields, as they were when it was made. */
export interface PinnedVersion {
  versao: number;
  fields: PendingVersion['fields'];
}

/** A share link as its article's editors list it (issue 33). */
export interface ShareLinkSummary {
  id: number;
  /** ISO 8601 UTC. */
  criado_em: string;
  expira_em: string;
  visualizacoes: number;
  max_visualizacoes: number | null;
  revogado: boolean;
}

export interface StoredShareLink extends ShareLinkSummary {
  id_artigo: number;
  pinned: PinnedVersion;
}

export interface NewShareLink {
  id_artigo: number;
  /** sha-256 (hex) of the token; the token itself is never stored. */
  token_hash: string;
  pinned: PinnedVersion;
  criado_em: string;
  expira_em: string;
  max_visualizacoes: number | null;
  autor: string;
  id_pessoa: number | null;
}

/** Read-only links to one version of an article for people without an account. */
export interface ShareLinkStore {
  create(link: NewShareLink): Promise<ShareLinkSummary>;
  /** The article's links, newest first. */
  list(id_artigo: number): Promise<ShareLinkSummary[]>;
  /** The link whose token hashes to `token_hash`, in any state; null when none. */
  find(token_hash: string): Promise<StoredShareLink | null>;
  /**
   * Counts one view of link `id` if it is still open at `now` (not revoked, not expired, views left),
   * in one statement so that two visitors cannot both spend the last view. False when it was not open.
   */
  spendView(id: number, now: string): Promise<boolean>;
  /** Revokes link `id` of article `id_artigo` at `now`; false when the article has no such link. Revoking twice keeps the first date. */
  revoke(id_artigo: number, id: number, now: string): Promise<boolean>;
}
