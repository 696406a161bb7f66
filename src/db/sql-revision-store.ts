import type { Revision, RevisionStore, RevisionSummary } from './revision-store.js';
import { unpackSnapshot } from './revision-snapshots.js';
import { SqlStore } from './sql-store.js';

export class SqlRevisionStore extends SqlStore implements RevisionStore {
  async revisions(id: number): Promise<RevisionSummary[]> {
    return this.db
      .selectFrom('artigo_revisoes')
      .select(['versao', 'autor', 'id_pessoa', 'data', 'acao', this.dialect.jsonText('instantaneo', 'titulo').as('titulo')])
      .where('id_artigo', '=', id)
      .orderBy('versao', 'desc')
      .execute();
  }

  async revision(id: number, versao: number): Promise<Revision | null> {
    const row = await this.db
      .selectFrom('artigo_revisoes')
      .select(['versao', 'autor', 'id_pessoa', 'data', 'acao', 'instantaneo', 'conteudo_gz'])
      .where('id_artigo', '=', id)
      .where('versao', '=', versao)
      .executeTakeFirst();
    if (!row) return null;
    const { instantaneo, conteudo_gz, ...summary } = row;
    const snapshot = await unpackSnapshot(instantaneo, conteudo_gz);
    return { ...summary, titulo: snapshot.titulo, snapshot };
  }
}
