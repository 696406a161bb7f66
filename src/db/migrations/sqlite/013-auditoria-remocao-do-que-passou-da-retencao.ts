import type { Migration } from '../../sql-dialect.js';

export const migration: Migration = {
  version: 13,
  name: 'auditoria: remoção do que passou da retenção',
  // The audit log is kept AUDIT_RETENTION_DAYS (LGPD: no longer than needed), so the server deletes older
  // rows. The one exception to "append only" is narrow: a row may go once it is 184 days old (the least
  // AUDIT_RETENTION_DAYS allows); anything younger, and any change, is still refused by the database.
  sql: `
      DROP TRIGGER auditoria_sem_remocao;
      CREATE TRIGGER auditoria_sem_remocao BEFORE DELETE ON auditoria
        WHEN OLD.quando >= strftime('%Y-%m-%dT%H:%M:%fZ', 'now', '-184 days')
        BEGIN SELECT RAISE(ABORT, 'o registro de auditoria só aceita acréscimos'); END;
    `,
};
