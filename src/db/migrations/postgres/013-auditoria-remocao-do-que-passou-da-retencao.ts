import type { Migration } from '../../sql-dialect.js';

export const migration: Migration = {
  version: 13,
  name: 'auditoria: remoção do que passou da retenção',
  // The audit log is kept AUDIT_RETENTION_DAYS (LGPD: no longer than needed), so the server deletes older
  // rows. The one exception to "append only" is narrow: a row may go once it is 184 days old (the least
  // AUDIT_RETENTION_DAYS allows); anything younger, any change and TRUNCATE are still refused.
  sql: `
      DROP TRIGGER auditoria_sem_alteracao ON auditoria;
      CREATE TRIGGER auditoria_sem_alteracao BEFORE UPDATE ON auditoria
        FOR EACH ROW EXECUTE FUNCTION auditoria_so_acrescimos();
      CREATE FUNCTION auditoria_so_vencidas() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF OLD.quando >= now() - interval '184 days' THEN
          RAISE EXCEPTION 'o registro de auditoria só aceita acréscimos';
        END IF;
        RETURN OLD;
      END
      $$;
      CREATE TRIGGER auditoria_sem_remocao BEFORE DELETE ON auditoria
        FOR EACH ROW EXECUTE FUNCTION auditoria_so_vencidas();
    `,
};
