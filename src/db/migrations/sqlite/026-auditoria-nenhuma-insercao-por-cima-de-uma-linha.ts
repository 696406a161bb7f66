import type { Migration } from '../../sql-dialect.js';

export const migration: Migration = {
  version: 26,
  name: 'auditoria: nenhuma inserção por cima de uma linha',
  // REPLACE INTO and INSERT OR REPLACE delete the row they collide with without firing its DELETE
  // trigger (recursive_triggers is off): refused before the insert, whatever its conflict clause.
  sql: `
      CREATE TRIGGER auditoria_sem_substituicao BEFORE INSERT ON auditoria
        WHEN EXISTS (SELECT 1 FROM auditoria WHERE id = new.id)
        BEGIN SELECT RAISE(ABORT, 'o registro de auditoria só aceita acréscimos'); END;
    `,
};
