import type { Kysely } from 'kysely';
import type { AuditLog } from './audit-store.js';
import type { Schema } from './schema.js';

const AUDIT_COLUMNS = ['id', 'quando', 'quem', 'id_pessoa', 'acao', 'id_artigo', 'endereco', 'detalhes'] as const;

/**
 * The audit log in either database: rows are only ever added, and deleted once past the retention
 * period (the migrations' triggers refuse any change, and the removal of any row younger than six months).
 */
export function sqlAudit(db: Kysely<Schema>): AuditLog {
  return {
    async append(entry) {
      await db.insertInto('auditoria').values(entry).execute();
    },
    async prune(before) {
      const { numDeletedRows } = await db.deleteFrom('auditoria').where('quando', '<', before).executeTakeFirst();
      return Number(numDeletedRows);
    },
    async list(query) {
      let matching = db.selectFrom('auditoria');
      if (query.id_pessoa !== undefined) matching = matching.where('id_pessoa', '=', query.id_pessoa);
      if (query.acao !== undefined) matching = matching.where('acao', '=', query.acao);
      const [items, count] = await Promise.all([
        matching
          .select(AUDIT_COLUMNS)
          .orderBy('quando', 'desc')
          .orderBy('id', 'desc')
          .limit(query.pageSize)
          .offset((query.pageIndex - 1) * query.pageSize)
          .execute(),
        matching.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
      ]);
      return { items, total: count.total };
    },
  };
}
