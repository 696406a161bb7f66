import type { Migration } from '../../sql-dialect.js';

export const migration: Migration = {
  version: 27,
  name: 'chaves pessoais revogadas pela troca de senha ou desativação',
  // A password change, a reset or a deactivation revokes the person's keys: a key made by whoever held
  // the old password (or the account before it was closed) must not outlive it. The row stays, marked,
  // so that its owner sees which keys stopped working and why.
  sql: `
      ALTER TABLE chaves_pessoais ADD COLUMN revogada_em TEXT;
      ALTER TABLE chaves_pessoais ADD COLUMN revogada_por TEXT CHECK (revogada_por IN ('troca-de-senha', 'redefinicao-de-senha', 'desativacao'));
    `,
};
