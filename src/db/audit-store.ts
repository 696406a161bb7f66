import type { Page } from './repository.js';

export interface AuditEntry {
  id: number;
  /** ISO 8601 UTC. */
  quando: string;
  quem: string;
  id_pessoa: number | null;
  acao: string;
  id_artigo: number | null;
  endereco: string | null;
  detalhes: string | null;
}

/** Who did what: append only, on both databases (triggers refuse any change and any removal of a recent row). */
export interface AuditLog {
  append(entry: Omit<AuditEntry, 'id'>): Promise<void>;
  /** Deletes the rows from before `before` (ISO 8601), past the retention period; how many went. */
  prune(before: string): Promise<number>;
  /** Newest first, filtered by person and action. */
  list(query: { pageIndex: number; pageSize: number; id_pessoa?: number; acao?: string }): Promise<Page<AuditEntry>>;
}
