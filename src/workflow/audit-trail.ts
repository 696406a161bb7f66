import type { Request } from 'express';
import type { AuditLog } from '../db/audit-store.js';
import type { Editor } from './editor-auth.js';

/** Who the log names: an editor, or someone who has not proved who they are (a refused sign-in). */
export type Actor = Pick<Editor, 'author' | 'personId'>;

/** Appends what `actor` did, now, from the request's address. */
export function recordAudit(
  audit: AuditLog,
  req: Request,
  actor: Actor,
  acao: string,
  about: { id_artigo?: number; detalhes?: object } = {},
): Promise<void> {
  return audit.append({
    quando: new Date().toISOString(),
    quem: actor.author,
    id_pessoa: actor.personId,
    acao,
    id_artigo: about.id_artigo ?? null,
    endereco: req.ip ?? null,
    detalhes: about.detalhes ? JSON.stringify(about.detalhes) : null,
  });
}
