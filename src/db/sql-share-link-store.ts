import type { NewShareLink, PinnedVersion, ShareLinkStore, ShareLinkSummary, StoredShareLink } from './share-link-store.js';
import { SqlStore } from './sql-store.js';

const SUMMARY = ['id', 'criado_em', 'expira_em', 'visualizacoes', 'max_visualizacoes', 'revogado_em'] as const;

interface SummaryRow {
  id: number;
  criado_em: string;
  expira_em: string;
  visualizacoes: number;
  max_visualizacoes: number | null;
  revogado_em: string | null;
}

const summary = ({ revogado_em, ...row }: SummaryRow): ShareLinkSummary => ({ ...row, revogado: revogado_em !== null });

export class SqlShareLinkStore extends SqlStore implements ShareLinkStore {
  async create(link: NewShareLink): Promise<ShareLinkSummary> {
    const row = await this.db
      .insertInto('artigo_previas')
      .values({
        id_artigo: link.id_artigo,
        token_hash: link.token_hash,
        versao: link.pinned.versao,
        conteudo: JSON.stringify(link.pinned.fields),
        criado_em: link.criado_em,
        expira_em: link.expira_em,
        max_visualizacoes: link.max_visualizacoes,
        autor: link.autor,
        id_pessoa: link.id_pessoa,
      })
      .returning(SUMMARY)
      .executeTakeFirstOrThrow();
    return summary(row);
  }

  async list(id_artigo: number): Promise<ShareLinkSummary[]> {
    const rows = await this.db.selectFrom('artigo_previas').select(SUMMARY).where('id_artigo', '=', id_artigo).orderBy('criado_em', 'desc').orderBy('id', 'desc').execute();
    return rows.map(summary);
  }

  async find(token_hash: string): Promise<StoredShareLink | null> {
    const row = await this.db.selectFrom('artigo_previas').select([...SUMMARY, 'id_artigo', 'versao', 'conteudo']).where('token_hash', '=', token_hash).executeTakeFirst();
    if (!row) return null;
    const { id_artigo, versao, conteudo, ...rest } = row;
    const pinned: PinnedVersion = { versao, fields: JSON.parse(conteudo) as PinnedVersion['fields'] };
    return { ...summary(rest), id_artigo, pinned };
  }

  async spendView(id: number, now: string): Promise<boolean> {
    const result = await this.db
      .updateTable('artigo_previas')
      .set((eb) => ({ visualizacoes: eb('visualizacoes', '+', 1) }))
      .where('id', '=', id)
      .where('revogado_em', 'is', null)
      .where('expira_em', '>', now)
      .where((eb) => eb.or([eb('max_visualizacoes', 'is', null), eb('visualizacoes', '<', eb.ref('max_visualizacoes'))]))
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  async revoke(id_artigo: number, id: number, now: string): Promise<boolean> {
    const found = await this.db.selectFrom('artigo_previas').select('revogado_em').where('id', '=', id).where('id_artigo', '=', id_artigo).executeTakeFirst();
    if (!found) return false;
    if (found.revogado_em === null) await this.db.updateTable('artigo_previas').set({ revogado_em: now }).where('id', '=', id).where('revogado_em', 'is', null).execute();
    return true;
  }
}
