import type { Migration } from '../../sql-dialect.js';

export const migration: Migration = {
  version: 16,
  name: 'autores, conteúdo clínico, referências e revisão médica',
  // Health content says who signs it, on what it rests and which doctor approved it (issue 18). A
  // public clinical article edited after its approval keeps the approved text in the row, what readers
  // get, and the newer version in pendente until a doctor approves it.
  sql: `
      ALTER TABLE artigos ADD COLUMN autores TEXT NOT NULL DEFAULT '[]';
      ALTER TABLE artigos ADD COLUMN clinico INTEGER NOT NULL DEFAULT 0;
      ALTER TABLE artigos ADD COLUMN referencias TEXT NOT NULL DEFAULT '[]';
      ALTER TABLE artigos ADD COLUMN revisao_medica TEXT;
      ALTER TABLE artigos ADD COLUMN pendente TEXT;
      UPDATE artigos SET autores = '[' || id_criador || ']' WHERE id_criador IS NOT NULL;
    `,
};
